/** Role levels and the permission table of spec sections 4 and 6. */

export const ROLE_LEVELS = ['anonymous', 'subscriber', 'member', 'moderator', 'admin'] as const;
export type RoleLevel = (typeof ROLE_LEVELS)[number];

export const ROLE_LABELS: Readonly<Record<RoleLevel, string>> = {
  anonymous: 'Visitor',
  subscriber: 'Subscriber',
  member: 'Member',
  moderator: 'Moderator',
  admin: 'Administrator',
};

export function isRoleLevel(value: unknown): value is RoleLevel {
  return typeof value === 'string' && (ROLE_LEVELS as readonly string[]).includes(value);
}

/** The level after this one; admin has none. */
export function nextLevel(level: RoleLevel): RoleLevel | null {
  return ROLE_LEVELS[ROLE_LEVELS.indexOf(level) + 1] ?? null;
}

/** Level of a signed-in user from their stored role: admin, moderator and subscriber map to
 * themselves, any other role (including none) gives member. */
export function levelFromRole(role: string | null | undefined): RoleLevel {
  return role === 'admin' || role === 'moderator' || role === 'subscriber' ? role : 'member';
}

/** Negative when a is lower than b, zero when equal, positive when higher. */
export function compareLevels(a: RoleLevel, b: RoleLevel): number {
  return ROLE_LEVELS.indexOf(a) - ROLE_LEVELS.indexOf(b);
}

export function atLeast(level: RoleLevel, minimum: RoleLevel): boolean {
  return compareLevels(level, minimum) >= 0;
}

const ANONYMOUS_PERMISSIONS = ['view_content'] as const;
const SUBSCRIBER_PERMISSIONS = [...ANONYMOUS_PERMISSIONS, 'receive_newsletter'] as const;
const MEMBER_PERMISSIONS = [
  ...SUBSCRIBER_PERMISSIONS,
  'comment',
  'bookmark',
  'create_profile',
  'edit_profile',
] as const;
const MODERATOR_PERMISSIONS = [
  ...MEMBER_PERMISSIONS,
  'moderate_comments',
  'hide_content',
  'delete_content',
  'warn_users',
  'temp_ban_users',
  'view_moderation_logs',
  'manage_flags',
] as const;
const ADMIN_PERMISSIONS = [
  ...MODERATOR_PERMISSIONS,
  'manage_users',
  'assign_roles',
  'admin_system',
  'view_analytics',
  'manage_settings',
  'export_data',
  'permanent_ban',
] as const;

/** Every permission; admin holds all of them. */
export const ALL_PERMISSIONS = ADMIN_PERMISSIONS;
export type Permission = (typeof ALL_PERMISSIONS)[number];

export const PERMISSIONS: Readonly<Record<RoleLevel, readonly Permission[]>> = {
  anonymous: ANONYMOUS_PERMISSIONS,
  subscriber: SUBSCRIBER_PERMISSIONS,
  member: MEMBER_PERMISSIONS,
  moderator: MODERATOR_PERMISSIONS,
  admin: ADMIN_PERMISSIONS,
};

export function permissionsFor(level: RoleLevel): readonly Permission[] {
  return PERMISSIONS[level];
}

export function hasPermission(level: RoleLevel, permission: Permission): boolean {
  return PERMISSIONS[level].includes(permission);
}

/** Signed in: member, moderator or admin. */
export function isAuthenticatedLevel(level: RoleLevel): boolean {
  return level === 'member' || level === 'moderator' || level === 'admin';
}

export function canModerate(level: RoleLevel): boolean {
  return level === 'moderator' || level === 'admin';
}

/** True at subscriber level, or at any level when a subscription exists. */
export function isSubscriber(level: RoleLevel, hasSubscription: boolean): boolean {
  return level === 'subscriber' || hasSubscription;
}
