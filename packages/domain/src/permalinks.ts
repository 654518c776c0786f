/**
 * Where each readable item lives and where each feed is: one rule for the API (feeds, sitemap,
 * search results, newsletter links) and the web (links, canonical URLs, feed links in <head>).
 */
import { PAGE_PATHS, pagePath, type PageName } from './page-paths.js';

export type ReadableKind = 'post' | 'journal' | 'poem';

export const isReadableKind = (kind: string): kind is ReadableKind =>
  kind === 'post' || kind === 'journal' || kind === 'poem';

/** What a reader calls one item of each kind, in a sentence: "Comments on the journal entry". */
export const ITEM_NOUNS: Record<ReadableKind, string> = {
  post: 'post',
  journal: 'journal entry',
  poem: 'poem',
};

/** Each kind's own page in the page catalogue. */
export const ITEM_PAGES = {
  post: 'post',
  journal: 'journalEntry',
  poem: 'poem',
} as const satisfies Record<ReadableKind, PageName>;

const folderOf = (page: PageName): string => PAGE_PATHS[page].replace(/\/:slug$/, '');

/** The folder of each kind's own pages; the journal's and the poems' are also their list pages. */
export const ITEM_BASE_PATHS: Record<ReadableKind, string> = {
  post: folderOf(ITEM_PAGES.post),
  journal: folderOf(ITEM_PAGES.journal),
  poem: folderOf(ITEM_PAGES.poem),
};

/** An item's own page, e.g. /journal/first-warm-saturday. */
export function itemPath(kind: ReadableKind, slug: string): string {
  return pagePath(ITEM_PAGES[kind], { slug });
}

/** The readable item whose own page a path is (itemPath's inverse); null for any other path. */
export function itemAtPath(path: string): { kind: ReadableKind; slug: string } | null {
  for (const kind of Object.keys(ITEM_BASE_PATHS) as ReadableKind[]) {
    const base = `${ITEM_BASE_PATHS[kind]}/`;
    const slug = path.startsWith(base) ? path.slice(base.length) : '';
    if (slug && itemPath(kind, slug) === path) return { kind, slug };
  }
  return null;
}

/** Where a search result opens: an item's own page; a page of the site lives at /{slug}. */
export function searchResultPath(
  kind: ReadableKind | 'book' | 'project' | 'page',
  slug: string,
): string {
  switch (kind) {
    case 'book':
      return `/books/${slug}`;
    case 'project':
      return `/projects/${slug}`;
    case 'page':
      return `/${slug}`;
    default:
      return itemPath(kind, slug);
  }
}

export const FEED_FILES = { rss: 'rss.xml', atom: 'atom.xml', json: 'feed.json' } as const;
export type FeedFormat = keyof typeof FEED_FILES;
export const FEED_FORMATS = Object.keys(FEED_FILES) as FeedFormat[];

/**
 * A feed beside the page it follows: `scope` is '' for the whole site's posts, or a page's path
 * ('/journal', '/poetry', '/category/build').
 */
export function feedPath(scope: string, format: FeedFormat): string {
  return `${scope}/${FEED_FILES[format]}`;
}
