/** Menus, navigation lists and links of spec sections 1 and 2. */
import { PAGE_PATHS } from './page-paths.js';

export const USER_MENU_VARIANTS = ['sidebar', 'dropdown', 'overlay'] as const;
export type UserMenuVariant = (typeof USER_MENU_VARIANTS)[number];

/** The members area's own dashboard, and the return target after social sign-in. */
export const MEMBERS_DASHBOARD_PATH = PAGE_PATHS.membersDashboard;
/** The spec's user menu links its dashboard button to /dashboard, not /members/dashboard; the
 * web keeps a /dashboard route that redirects, so that link works. */
export const USER_MENU_DASHBOARD_PATH = PAGE_PATHS.dashboard;
/** Sign out from any user menu navigates here. */
export const SIGN_OUT_REDIRECT_PATH = PAGE_PATHS.home;

export interface NavItem {
  path: string;
  label: string;
  icon: string;
  requiresAuth: boolean;
  showInBreadcrumb: boolean;
}

/** The "other navigation list" of section 2. */
export const NAV_ITEMS: readonly NavItem[] = [
  { path: '/', label: 'Home', icon: 'home', requiresAuth: false, showInBreadcrumb: false },
  { path: '/about', label: 'About', icon: 'info', requiresAuth: false, showInBreadcrumb: false },
  { path: '/now', label: 'Now', icon: 'clock', requiresAuth: false, showInBreadcrumb: false },
  {
    path: '/journal',
    label: 'Journal',
    icon: 'notebook',
    requiresAuth: false,
    showInBreadcrumb: false,
  },
  {
    path: '/poetry',
    label: 'Poetry',
    icon: 'feather',
    requiresAuth: false,
    showInBreadcrumb: false,
  },
  { path: '/blog', label: 'Blog', icon: 'newspaper', requiresAuth: false, showInBreadcrumb: false },
  {
    path: '/bookshelf',
    label: 'Bookshelf',
    icon: 'library',
    requiresAuth: false,
    showInBreadcrumb: false,
  },
  {
    path: '/reading-list',
    label: 'Reading List',
    icon: 'list',
    requiresAuth: false,
    showInBreadcrumb: false,
  },
  { path: '/linktree', label: 'Links', icon: 'link', requiresAuth: false, showInBreadcrumb: false },
  {
    path: '/dashboard',
    label: 'Dashboard',
    icon: 'layout-dashboard',
    requiresAuth: true,
    showInBreadcrumb: true,
  },
  {
    path: '/profile',
    label: 'Profile Settings',
    icon: 'user',
    requiresAuth: true,
    showInBreadcrumb: true,
  },
  {
    path: '/account',
    label: 'Account Information',
    icon: 'settings',
    requiresAuth: true,
    showInBreadcrumb: true,
  },
  {
    path: '/reading-history',
    label: 'Reading History',
    icon: 'history',
    requiresAuth: true,
    showInBreadcrumb: true,
  },
  {
    path: '/bookmarks',
    label: 'Your Bookmarks',
    icon: 'bookmark',
    requiresAuth: true,
    showInBreadcrumb: true,
  },
  {
    path: '/member-directory',
    label: 'Member Directory',
    icon: 'users',
    requiresAuth: true,
    showInBreadcrumb: true,
  },
  {
    path: '/discussions',
    label: 'Discussions',
    icon: 'messages-square',
    requiresAuth: true,
    showInBreadcrumb: true,
  },
  {
    path: '/events',
    label: 'Upcoming Events',
    icon: 'calendar',
    requiresAuth: true,
    showInBreadcrumb: true,
  },
];

/** The sections the main menu links to besides Home: each only while the site has something in it. */
export const MENU_SECTIONS = ['build', 'learn', 'write', 'now', 'start'] as const;
export type MenuSection = (typeof MENU_SECTIONS)[number];
/** Which sections hold something to read (GET /api/site's `sections`). */
export type SiteSections = Readonly<Record<MenuSection, boolean>>;

export interface MobileMenuLink {
  label: string;
  path: string;
  /** Other sections that also highlight this link. */
  alsoActiveFor: readonly string[];
  /** The section the link opens; Home (null) is always there. */
  section: MenuSection | null;
}

export const MOBILE_MENU_LINKS: readonly MobileMenuLink[] = [
  { label: 'Home', path: PAGE_PATHS.home, alsoActiveFor: [], section: null },
  {
    label: 'Build',
    path: PAGE_PATHS.build,
    alsoActiveFor: [PAGE_PATHS.projects],
    section: 'build',
  },
  {
    label: 'Learn',
    path: PAGE_PATHS.learn,
    alsoActiveFor: [PAGE_PATHS.bookshelf, PAGE_PATHS.readingList],
    section: 'learn',
  },
  {
    label: 'Write',
    path: PAGE_PATHS.write,
    alsoActiveFor: [PAGE_PATHS.blog, PAGE_PATHS.journal, PAGE_PATHS.poetry],
    section: 'write',
  },
  { label: 'Now', path: PAGE_PATHS.now, alsoActiveFor: [], section: 'now' },
  { label: 'Start Here', path: PAGE_PATHS.start, alsoActiveFor: [], section: 'start' },
];

/**
 * What fills each section, from the kinds of content_items (a post by its category, the hub it
 * belongs to): a hub holds its posts and the lists it shows (projects, books, journal and poems),
 * Now its now pages, Start Here the page named start.
 */
export function sectionsHolding(
  items: Iterable<{ kind: string; category: string; slug: string }>,
): SiteSections {
  const held = { build: false, learn: false, write: false, now: false, start: false };
  for (const { kind, category, slug } of items) {
    if (kind === 'post' && (category === 'build' || category === 'learn' || category === 'write'))
      held[category] = true;
    if (kind === 'project') held.build = true;
    if (kind === 'book') held.learn = true;
    if (kind === 'journal' || kind === 'poem') held.write = true;
    if (kind === 'now') held.now = true;
    if (kind === 'page' && slug === 'start') held.start = true;
  }
  return held;
}

/** The menu's links (the slide-in panel and the header's row): Home, and the sections the site has. */
export function mainMenuLinks(sections: SiteSections): MobileMenuLink[] {
  return MOBILE_MENU_LINKS.filter((link) => link.section === null || sections[link.section]);
}

function isWithin(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`);
}

/** Home is active only on '/'; other links on their paths and anything nested below them. */
export function isMobileLinkActive(link: MobileMenuLink, pathname: string): boolean {
  if (link.path === PAGE_PATHS.home) return pathname === PAGE_PATHS.home;
  return [link.path, ...link.alsoActiveFor].some((section) => isWithin(pathname, section));
}

/**
 * The owner's profiles elsewhere, in the order they are shown: the menu's drawer shows the spec's
 * four (X/Twitter, GitHub, LinkedIn, Instagram); the footer, /links and the `rel="me"` links that
 * Mastodon verifies show Mastodon and Bluesky too. Their addresses are site.yml's `social`; they
 * open in a new tab.
 */
export const DRAWER_SOCIAL_NETWORKS = ['x', 'github', 'linkedin', 'instagram'] as const;
export const SOCIAL_NETWORKS = [...DRAWER_SOCIAL_NETWORKS, 'mastodon', 'bluesky'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_NETWORK_LABELS: Readonly<Record<SocialNetwork, string>> = {
  x: 'X (Twitter)',
  github: 'GitHub',
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  mastodon: 'Mastodon',
  bluesky: 'Bluesky',
};

export interface FooterLink {
  label: string;
  path: string;
}

export const FOOTER_LINKS: readonly FooterLink[] = [
  { label: 'Privacy Policy', path: PAGE_PATHS.privacy },
  { label: 'Terms of Service', path: PAGE_PATHS.tos },
  { label: 'Contact', path: PAGE_PATHS.contact },
];

/** One global active menu (section 4). */
export const ACTIVE_MENUS = ['mobile', 'blog', 'user', 'none'] as const;
export type ActiveMenu = (typeof ACTIVE_MENUS)[number];

/** Toggling the open menu closes it; toggling another one switches to it. */
export function toggleMenu(current: ActiveMenu, menu: Exclude<ActiveMenu, 'none'>): ActiveMenu {
  return current === menu ? 'none' : menu;
}
