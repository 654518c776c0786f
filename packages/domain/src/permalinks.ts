/**
 * Where each readable item lives and where each feed is: one rule for the API (feeds, sitemap,
 * search results, newsletter links) and the web (links, canonical URLs, feed links in <head>).
 */
export type ReadableKind = 'post' | 'journal' | 'poem';

/** The folder of each kind's own pages; the journal's and the poems' are also their list pages. */
export const ITEM_BASE_PATHS: Record<ReadableKind, string> = {
  post: '/posts',
  journal: '/journal',
  poem: '/poetry',
};

/** An item's own page, e.g. /journal/first-warm-saturday. */
export function itemPath(kind: ReadableKind, slug: string): string {
  return `${ITEM_BASE_PATHS[kind]}/${encodeURIComponent(slug)}`;
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
