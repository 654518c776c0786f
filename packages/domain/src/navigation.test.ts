import { describe, expect, it } from 'vitest';
import {
  FOOTER_LINKS,
  MEMBERS_DASHBOARD_PATH,
  MOBILE_MENU_LINKS,
  NAV_ITEMS,
  SOCIAL_NETWORK_LABELS,
  DRAWER_SOCIAL_NETWORKS,
  SOCIAL_NETWORKS,
  USER_MENU_DASHBOARD_PATH,
  isMobileLinkActive,
  mainMenuLinks,
  sectionsHolding,
  toggleMenu,
} from './navigation.js';
import { MEMBER_MENU, memberMenuItems, nameToCall, staffLinks } from './member-menu.js';

const MEMBER_ROWS = [
  ['/members/dashboard', 'Dashboard', 1, true],
  ['/members/profile', 'Profile', 2, true],
  ['/members/account', 'Account', 3, true],
  ['/members/bookmarks', 'Bookmarks', 4, true],
  ['/members/discussions', 'Discussions', 5, true],
  ['/members/events', 'Events', 6, true],
  ['/members/members', 'Members', 7, true],
  ['/members/courses', 'Courses', 8, false],
  ['/members/progress', 'Progress', 9, false],
] as const;

describe('staff links', () => {
  const links = (level: Parameters<typeof staffLinks>[0]) =>
    staffLinks(level).map((link) => [link.label, link.path]);

  it('gives the owner the console and a new post, and moderators their queue', () => {
    expect(links('admin')).toEqual([
      ['Console', '/members/admin'],
      ['Write', '/members/admin/writing'],
      ['Moderation', '/members/moderation'],
    ]);
    // The console's sections all need an administrator's permissions.
    expect(links('moderator')).toEqual([['Moderation', '/members/moderation']]);
    expect(links('member')).toEqual([]);
    expect(links('subscriber')).toEqual([]);
  });

  it("calls the owner by site.yml's name when their account has none, never by address", () => {
    expect(nameToCall({ name: null }, 'admin', 'Mara Quist')).toBe('Mara Quist');
    expect(nameToCall({ name: '  ' }, 'admin', 'Mara Quist')).toBe('Mara Quist');
    expect(nameToCall({ name: 'Mara' }, 'admin', 'Mara Quist')).toBe('Mara');
    expect(nameToCall({ name: null }, 'member', 'Mara Quist')).toBeNull();
    expect(nameToCall({ name: 'Ada' }, 'member', 'Mara Quist')).toBe('Ada');
  });
});

describe('MEMBER_MENU', () => {
  it.each(MEMBER_ROWS)('%s is %j, order %d, active %s', (path, label, order, isActive) => {
    const item = MEMBER_MENU.find((entry) => entry.path === path);
    expect(item).toMatchObject({ path, label, order, isActive });
    expect(item?.icon).toBeTruthy();
    expect(item?.description).toBeTruthy();
    expect(item?.requiresRole).toBeUndefined();
  });

  it('has exactly the nine rows', () => {
    expect(MEMBER_MENU).toHaveLength(MEMBER_ROWS.length);
  });

  it('shows active items only unless asked', () => {
    expect(memberMenuItems().map((item) => item.label)).toEqual([
      'Dashboard',
      'Profile',
      'Account',
      'Bookmarks',
      'Discussions',
      'Events',
      'Members',
    ]);
    expect(memberMenuItems({ includeInactive: true }).map((item) => item.order)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
  });

  it('shows every active item to every signed-in level', () => {
    for (const level of ['member', 'moderator', 'admin'] as const) {
      expect(memberMenuItems({ level })).toHaveLength(7);
    }
  });
});

describe('NAV_ITEMS', () => {
  it.each([
    ['/', false, false],
    ['/about', false, false],
    ['/now', false, false],
    ['/journal', false, false],
    ['/poetry', false, false],
    ['/blog', false, false],
    ['/bookshelf', false, false],
    ['/reading-list', false, false],
    ['/linktree', false, false],
    ['/dashboard', true, true],
    ['/profile', true, true],
    ['/account', true, true],
    ['/reading-history', true, true],
    ['/bookmarks', true, true],
    ['/member-directory', true, true],
    ['/discussions', true, true],
    ['/events', true, true],
  ])('%s: requiresAuth %s, showInBreadcrumb %s', (path, requiresAuth, showInBreadcrumb) => {
    expect(NAV_ITEMS.find((item) => item.path === path)).toMatchObject({
      requiresAuth,
      showInBreadcrumb,
    });
  });

  it.each([
    ['/profile', 'Profile Settings'],
    ['/account', 'Account Information'],
    ['/bookmarks', 'Your Bookmarks'],
    ['/events', 'Upcoming Events'],
  ])('%s is labelled %j', (path, label) => {
    expect(NAV_ITEMS.find((item) => item.path === path)?.label).toBe(label);
  });

  it('has exactly the seventeen entries', () => {
    expect(NAV_ITEMS).toHaveLength(17);
  });
});

describe('mobile menu', () => {
  it('lists the six links in order', () => {
    expect(MOBILE_MENU_LINKS.map((link) => [link.label, link.path])).toEqual([
      ['Home', '/'],
      ['Build', '/build'],
      ['Learn', '/learn'],
      ['Write', '/write'],
      ['Now', '/now'],
      ['Start Here', '/start'],
    ]);
  });

  const labels = (links: readonly { label: string }[]) => links.map((entry) => entry.label);

  it('links only to the sections the site has: a new site has no Now, Build or Learn', () => {
    // What `pnpm content init` writes: pages (start among them) and one post in the write hub.
    const starter = sectionsHolding([
      { kind: 'page', category: '', slug: 'privacy' },
      { kind: 'page', category: '', slug: 'start' },
      { kind: 'post', category: 'write', slug: 'hello' },
    ]);
    expect(starter).toEqual({ build: false, learn: false, write: true, now: false, start: true });
    expect(labels(mainMenuLinks(starter))).toEqual(['Home', 'Write', 'Start Here']);
  });

  it('keeps every link on a site that has every section, each by what it holds', () => {
    const full = sectionsHolding([
      { kind: 'project', category: '', slug: 'tidepool' },
      { kind: 'book', category: '', slug: 'dune' },
      { kind: 'poem', category: '', slug: 'autumn' },
      { kind: 'now', category: '', slug: '2026-11' },
      { kind: 'page', category: '', slug: 'start' },
    ]);
    expect(labels(mainMenuLinks(full))).toEqual(labels(MOBILE_MENU_LINKS));
    const one = (kind: string, category = '') => sectionsHolding([{ kind, category, slug: 'x' }]);
    expect(one('post', 'learn')).toMatchObject({ learn: true, build: false });
    expect(one('journal')).toMatchObject({ write: true });
    expect(one('page')).toMatchObject({ start: false });
    expect(labels(mainMenuLinks(sectionsHolding([])))).toEqual(['Home']);
  });

  const link = (label: string) => {
    const found = MOBILE_MENU_LINKS.find((entry) => entry.label === label);
    if (!found) throw new Error(label);
    return found;
  };

  it.each([
    ['Home', '/', true],
    ['Home', '/now', false],
    ['Home', '/build', false],
    ['Build', '/build', true],
    ['Build', '/projects', true],
    ['Build', '/projects/quillpost', true],
    ['Build', '/buildings', false],
    ['Build', '/learn', false],
    ['Learn', '/learn', true],
    ['Learn', '/bookshelf', true],
    ['Learn', '/list', true],
    ['Learn', '/listing', false],
    ['Learn', '/books/dune', false],
    ['Write', '/write', true],
    ['Write', '/blog', true],
    ['Write', '/journal', true],
    ['Write', '/poetry', true],
    ['Write', '/poetry/autumn', true],
    ['Write', '/posts/hello', false],
    ['Now', '/now', true],
    ['Now', '/nowArchives/2024', false],
    ['Start Here', '/start', true],
    ['Start Here', '/', false],
  ])('%s is active on %s: %s', (label, pathname, active) => {
    expect(isMobileLinkActive(link(label), pathname)).toBe(active);
  });
});

describe('links', () => {
  it('names the four social networks of the spec, in the drawer order', () => {
    expect(DRAWER_SOCIAL_NETWORKS.map((network) => SOCIAL_NETWORK_LABELS[network])).toEqual([
      'X (Twitter)',
      'GitHub',
      'LinkedIn',
      'Instagram',
    ]);
  });

  it('adds Mastodon and Bluesky for the footer and /links, after the drawer four', () => {
    expect(SOCIAL_NETWORKS.slice(4).map((network) => SOCIAL_NETWORK_LABELS[network])).toEqual([
      'Mastodon',
      'Bluesky',
    ]);
  });

  it('links the footer to privacy, terms and contact', () => {
    expect(FOOTER_LINKS.map((footer) => footer.path)).toEqual(['/privacy', '/tos', '/contact']);
  });

  it('keeps the two dashboard paths apart', () => {
    expect(USER_MENU_DASHBOARD_PATH).toBe('/dashboard');
    expect(MEMBERS_DASHBOARD_PATH).toBe('/members/dashboard');
  });

  it.each([
    ['none', 'mobile', 'mobile'],
    ['mobile', 'mobile', 'none'],
    ['mobile', 'user', 'user'],
    ['user', 'user', 'none'],
    ['blog', 'blog', 'none'],
  ] as const)('toggling %s with %s gives %s', (current, menu, next) => {
    expect(toggleMenu(current, menu)).toBe(next);
  });
});
