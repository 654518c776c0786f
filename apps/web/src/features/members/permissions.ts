/** The domain's permission table, asked from the web (to show or hide buttons only: the API
 * checks every call itself). */
import { hasPermission, type Permission } from '@quillpost/domain';
import { useMembership } from '../../lib/membership/membership-context';

export function useCan(): (permission: Permission) => boolean {
  const { state } = useMembership();
  // A signed-out visitor holds nothing here, whatever their stored subscription says.
  return (permission) => state.user !== null && hasPermission(state.level, permission);
}

/** Console sections and the permission each needs. */
export const CONSOLE_SECTIONS = [
  { path: 'writing', label: 'Writing', permission: 'admin_system' },
  { path: 'users', label: 'Users', permission: 'manage_users' },
  { path: 'subscribers', label: 'Subscribers', permission: 'manage_users' },
  { path: 'newsletter', label: 'Newsletter', permission: 'admin_system' },
  { path: 'analytics', label: 'Analytics', permission: 'view_analytics' },
  { path: 'events', label: 'Events', permission: 'admin_system' },
  { path: 'site', label: 'Site', permission: 'admin_system' },
  { path: 'settings', label: 'Settings', permission: 'manage_settings' },
] as const satisfies ReadonlyArray<{ path: string; label: string; permission: Permission }>;
