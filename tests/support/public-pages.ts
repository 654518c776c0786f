/**
 * Every public screen of spec section 2 and the 404 page: the journeys that check each page (the
 * accessibility scan, the Content-Security-Policy check) walk this one list.
 */

/** Pages whose path is fixed. */
export const FIXED_PAGES = [
  '/',
  '/start',
  '/welcome',
  '/test',
  '/subscribe',
  '/signedup',
  '/manage',
  '/blog',
  '/now',
  '/nowArchives',
  '/journal',
  '/poetry',
  '/category',
  '/bookshelf',
  '/list',
  '/books-array',
  '/build',
  '/learn',
  '/write',
  '/projects',
  '/tos',
  '/privacy',
  '/contact',
  '/links',
  '/no-such-page',
];

/** Pages with a slug: the first of each kind the site's own sitemap lists. */
export const SLUG_PAGES = {
  'a post': '/posts/',
  'a journal entry': '/journal/',
  'a poem': '/poetry/',
  'a now archive': '/nowArchives/',
  'a book': '/books/',
  'a category': '/category/',
  'a project': '/projects/',
} as const;

export type SlugPageKind = keyof typeof SLUG_PAGES;

/** The path of each kind of slug page, from the running site's sitemap. */
export async function slugPagesOf(siteUrl: string): Promise<Map<SlugPageKind, string>> {
  const sitemap = await fetch(siteUrl + '/sitemap.xml').then((res) => res.text());
  const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (match) => new URL(match[1] ?? '/').pathname,
  );
  const found = new Map<SlugPageKind, string>();
  for (const [kind, prefix] of Object.entries(SLUG_PAGES) as [SlugPageKind, string][]) {
    const path = paths.find((candidate) => candidate.startsWith(prefix));
    if (path) found.set(kind, path);
  }
  return found;
}
