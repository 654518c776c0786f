/**
 * The member menu of spec section 2, apart from the rest of navigation.ts because only
 * signed-in screens use it: the web's first load imports navigation.ts for the header and footer
 * links, and a bundler keeps or drops a module (and what it re-exports) whole.
 */
import { PAGE_PATHS, pagePath } from './page-paths.js';
import { hasPermission, type Permission, type RoleLevel } from './roles.js';

export interface MemberMenuItem {
  path: string;
  label: string;
  order: number;
  isActive: boolean;
  /** A name from the lucide icon set. */
  icon: string;
  description: string;
  /** Levels allowed to see the item; none is set, so every signed-in user sees the active items. */
  requiresRole?: readonly RoleLevel[];
}

export const MEMBER_MENU: readonly MemberMenuItem[] = [
  {
    path: PAGE_PATHS.membersDashboard,
    label: 'Dashboard',
    order: 1,
    isActive: true,
    icon: 'layout-dashboard',
    description: 'Your overview',
  },
  {
    path: PAGE_PATHS.membersProfile,
    label: 'Profile',
    order: 2,
    isActive: true,
    icon: 'user',
    description: 'Your public profile',
  },
  {
    path: PAGE_PATHS.membersAccount,
    label: 'Account',
    order: 3,
    isActive: true,
    icon: 'settings',
    description: 'Sign-in methods, newsletter and account',
  },
  {
    path: PAGE_PATHS.membersBookmarks,
    label: 'Bookmarks',
    order: 4,
    isActive: true,
    icon: 'bookmark',
    description: 'Posts you saved',
  },
  {
    path: PAGE_PATHS.membersDiscussions,
    label: 'Discussions',
    order: 5,
    isActive: true,
    icon: 'messages-square',
    description: 'Conversations with other members',
  },
  {
    path: PAGE_PATHS.membersEvents,
    label: 'Events',
    order: 6,
    isActive: true,
    icon: 'calendar',
    description: 'Upcoming events',
  },
  {
    path: PAGE_PATHS.membersDirectory,
    label: 'Members',
    order: 7,
    isActive: true,
    icon: 'users',
    description: 'The member directory',
  },
  {
    // Not built yet, so not a page of the catalogue: the members area answers it as unknown.
    path: '/members/courses',
    label: 'Courses',
    order: 8,
    isActive: false,
    icon: 'graduation-cap',
    description: 'Courses (coming later)',
  },
  {
    path: '/members/progress',
    label: 'Progress',
    order: 9,
    isActive: false,
    icon: 'trending-up',
    description: 'Your learning progress (coming later)',
  },
];

/** Member menu items in order: active ones only unless asked; items with a role list only for
 * those levels. */
export function memberMenuItems({
  includeInactive = false,
  level,
}: { includeInactive?: boolean; level?: RoleLevel } = {}): MemberMenuItem[] {
  return MEMBER_MENU.filter((item) => includeInactive || item.isActive)
    .filter(
      (item) => !item.requiresRole || (level !== undefined && item.requiresRole.includes(level)),
    )
    .sort((a, b) => a.order - b.order);
}

/** The owner's console's sections, each with the permission it needs (the API checks it too). */
export const CONSOLE_SECTIONS = [
  { path: 'writing', label: 'Writing', permission: 'admin_system' },
  { path: 'users', label: 'Users', permission: 'manage_users' },
  { path: 'subscribers', label: 'Subscribers', permission: 'manage_users' },
  { path: 'newsletter', label: 'Newsletter', permission: 'admin_system' },
  { path: 'analytics', label: 'Analytics', permission: 'view_analytics' },
  { path: 'events', label: 'Events', permission: 'admin_system' },
  { path: 'fediverse', label: 'Fediverse', permission: 'admin_system' },
  { path: 'site', label: 'Site', permission: 'admin_system' },
  // Its own section, not Settings' last card: a new owner's first step is often bringing a site in.
  { path: 'moving', label: 'Moving in', permission: 'admin_system' },
  { path: 'settings', label: 'Settings', permission: 'manage_settings' },
] as const satisfies ReadonlyArray<{ path: string; label: string; permission: Permission }>;

export interface StaffLink {
  path: string;
  label: string;
  description: string;
}

const WRITING_SECTION = CONSOLE_SECTIONS[0];

/**
 * Where staff run the site from, first in the account menu and the members area's menu: the
 * console when a section of it is theirs, Write (the console's writing) when writing is, and the
 * moderation queue when they moderate.
 */
export function staffLinks(level: RoleLevel): StaffLink[] {
  const can = (permission: Permission) => hasPermission(level, permission);
  return [
    ...(CONSOLE_SECTIONS.some((section) => can(section.permission))
      ? [
          {
            path: pagePath('membersConsole'),
            label: 'Console',
            description: 'Your writing, readers, newsletter and site',
          },
        ]
      : []),
    ...(can(WRITING_SECTION.permission)
      ? [
          {
            path: pagePath('membersConsole', { '*': WRITING_SECTION.path }),
            label: 'Write',
            description: 'Start a new post',
          },
        ]
      : []),
    ...(can('moderate_comments')
      ? [
          {
            path: pagePath('membersModeration'),
            label: 'Moderation',
            description: 'Reported comments and the log',
          },
        ]
      : []),
  ];
}

/**
 * What to call a signed-in person: their own name; an administrator (the owner of this one-owner
 * site) without one by site.yml's owner name; anyone else by no name at all, since an address is
 * not a name.
 */
export function nameToCall(
  user: { name: string | null | undefined },
  level: RoleLevel,
  ownerName: string,
): string | null {
  return user.name?.trim() || (level === 'admin' ? ownerName : null);
}
