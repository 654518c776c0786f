/** The domain's permission table, asked from the web (to show or hide buttons only: the API
 * checks every call itself). */
import { hasPermission, type Permission } from '@quillpost/domain';
import { useMembership } from './membership/membership-context';

export function useCan(): (permission: Permission) => boolean {
  const { state } = useMembership();
  // A signed-out visitor holds nothing here, whatever their stored subscription says.
  return (permission) => state.user !== null && hasPermission(state.level, permission);
}
