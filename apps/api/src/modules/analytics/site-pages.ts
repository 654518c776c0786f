/**
 * Which paths are pages of this site, for the beacon: a view of `/wp-login.php`, or of a post that
 * does not exist, is a scanner's or a typo's, and would fill the owner's top pages with junk. The
 * fixed pages come from the page catalogue; the others are the items readers can see now, kept in
 * memory and listed again only when the content's version changes (a sync, a scheduled item going
 * live), so a view costs one read of that version and a Set lookup.
 */
import { NAV_ITEMS, PAGE_PATHS, pagePath, type ContentKind } from '@quillpost/domain';

/**
 * What the content module tells of what readers can see (its service has this shape); handed in
 * by the composition root, as the analytics module must not import content (an import cycle).
 */
export interface VisibleContent {
  /** Changes whenever what readers can see may have. */
  version(): number;
  rows(kind: ContentKind): Array<{
    slug: string;
    title: string;
    category: string | null;
    sub_category: string | null;
  }>;
}

/** A path as a page is named: no query or fragment, no trailing slash but the home page's. */
export function pagePathOf(path: string): string {
  return path.split(/[?#]/)[0]!.replace(/(.)\/+$/, '$1');
}

/** Pages without a parameter, and the roots of the splat pages (`/category`, `/nowArchives`). */
const FIXED_PAGES: ReadonlySet<string> = new Set(
  Object.values(PAGE_PATHS)
    .filter((pattern) => !pattern.includes(':'))
    .map((pattern) => pattern.replace(/\/\*$/, '')),
);

/** The pages of the items readers can see now, each with its title (none for a category's). */
function itemPages(content: VisibleContent): Map<string, string | null> {
  const pages = new Map<string, string | null>();
  const add = (kind: ContentKind, page: (slug: string) => string) => {
    for (const row of content.rows(kind)) pages.set(page(row.slug), row.title);
  };
  add('post', (slug) => pagePath('post', { slug }));
  add('journal', (slug) => pagePath('journalEntry', { slug }));
  add('poem', (slug) => pagePath('poem', { slug }));
  add('book', (slug) => pagePath('book', { slug }));
  add('project', (slug) => pagePath('project', { slug }));
  add('page', (slug) => pagePath('contentPage', { slug }));
  add('now', (slug) => pagePath('nowArchive', { '*': slug }));
  // A category's page, and its topics', exist while a post is filed under them.
  for (const { category, sub_category: topic } of content.rows('post')) {
    if (!category) continue;
    pages.set(pagePath('category', { '*': category }), null);
    if (topic) pages.set(pagePath('category', { '*': [category, topic] }), null);
  }
  return pages;
}

/** The item pages, listed again only when what readers can see changed. */
function currentItemPages(content: VisibleContent): () => Map<string, string | null> {
  let version = -1;
  let items = new Map<string, string | null>();
  return () => {
    const current = content.version();
    if (current !== version) {
      items = itemPages(content);
      version = current;
    }
    return items;
  };
}

/** Whether a path (as pagePathOf gives it) is a page of the site now. */
export function sitePages(content: VisibleContent): (path: string) => boolean {
  const items = currentItemPages(content);
  return (path) => FIXED_PAGES.has(path) || items().has(path);
}

/** The fixed pages the menus name: Home, Blog, Journal… */
const MENU_NAMES = new Map(NAV_ITEMS.map((item) => [item.path, item.label]));

/**
 * What the owner calls a page in the figures: an item's title, a fixed page's name in the menus,
 * or null (a category, a page gone since): the path says it then.
 */
export function pageTitles(content: VisibleContent): (path: string) => string | null {
  const items = currentItemPages(content);
  return (path) => items().get(path) ?? MENU_NAMES.get(path) ?? null;
}
