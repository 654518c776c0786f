/**
 * The member menu of spec section 2, apart from the rest of navigation.ts because only
 * signed-in screens use it: the web's first load imports navigation.ts for the header and footer
 * links, and a bundler keeps or drops a module (and what it re-exports) whole.
 */
import { PAGE_PATHS } from './page-paths.js';
import type { RoleLevel } from './roles.js';

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
