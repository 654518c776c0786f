/**
 * What a page puts in <head>: title, description, canonical URL, Open Graph, Twitter card,
 * JSON-LD, feed links, the Webmention endpoint and robots. The server writes it into the document;
 * after a client-side navigation the same markup replaces the previous page's, so both come from
 * `renderHead`.
 */
import {
  API_ROUTES,
  escapeHtml,
  FEED_FORMATS,
  feedPath,
  type FeedFormat,
  type Site,
} from '@quillpost/domain';

export type OpenGraphType = 'website' | 'article' | 'book' | 'profile';

export interface FeedLink {
  type: FeedFormat;
  title: string;
  /** A site path, e.g. /journal/rss.xml. */
  href: string;
}

export interface PageMeta {
  /** Without the site name; leave out on the home page. */
  title?: string;
  description: string;
  /** The page's own path, without query or fragment: the canonical URL is built from it. */
  path: string;
  type?: OpenGraphType;
  /**
   * The page's own preview card (1200 × 630, drawn by the API from its title, kind and picture):
   * its og:image; the site's card by default.
   */
  card?: string;
  article?: {
    publishedTime: string;
    modifiedTime?: string | null;
    section?: string;
    tags: readonly string[];
  };
  /** Schema.org objects, each written as its own application/ld+json script. */
  jsonLd?: ReadonlyArray<Record<string, unknown>>;
  /** Feeds beside the site-wide ones, e.g. a category's. */
  feeds?: readonly FeedLink[];
  noindex?: boolean;
}

/** The site's own card, drawn by the API from site.yml: every page without a card of its own. */
export const DEFAULT_IMAGE = { path: '/og-default.png', width: 1200, height: 630 };

/** The RSS, Atom and JSON feeds beside a page: `scope` is '' for the site's, or the page's path. */
export function feedsOf(title: string, scope: string): FeedLink[] {
  return FEED_FORMATS.map((type) => ({ type, title, href: feedPath(scope, type) }));
}

const FEED_TYPES: Record<FeedFormat, string> = {
  rss: 'application/rss+xml',
  atom: 'application/atom+xml',
  json: 'application/feed+json',
};

/** Every element this module writes carries it, so a navigation can swap them as a set. */
export const HEAD_MARKER = 'data-page-head';

export function formatDocumentTitle(site: Pick<Site, 'title'>, title?: string): string {
  return title ? `${title} · ${site.title}` : site.title;
}

/** Open Graph's locale (`en_GB`) of a language tag (`en-GB`). */
function openGraphLocale(language: string): string {
  return language.replace('-', '_');
}

/**
 * JSON that is safe inside a <script> element: no `<` can close it or open a comment, and the
 * two line separators JavaScript once rejected are escaped too. JSON.parse reads it back as is.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A site path (or an absolute URL, kept as is) as an absolute URL. Never throws. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** Where a head is published: the site's address and who the site is. */
export interface HeadSite {
  publicUrl: string;
  site: Pick<Site, 'title' | 'language'>;
}

export function renderHead(meta: PageMeta, { publicUrl, site }: HeadSite): string {
  const url = absoluteUrl(publicUrl, meta.path);
  const title = formatDocumentTitle(site, meta.title);
  const image = absoluteUrl(publicUrl, meta.card ?? DEFAULT_IMAGE.path);
  const imageAlt = meta.card ? (meta.title ?? site.title) : site.title;
  const tags: string[] = [];
  const tag = (name: string, attributes: Record<string, string>) =>
    tags.push(
      `<${name} ${HEAD_MARKER}${Object.entries(attributes)
        .map(([key, value]) => ` ${key}="${escapeHtml(value)}"`)
        .join('')}>`,
    );
  const property = (key: string, content: string) => tag('meta', { property: key, content });
  const named = (key: string, content: string) => tag('meta', { name: key, content });

  tags.push(`<title ${HEAD_MARKER}>${escapeHtml(title)}</title>`);
  named('description', meta.description);
  if (meta.noindex) named('robots', 'noindex');
  tag('link', { rel: 'canonical', href: url });
  tag('link', { rel: 'webmention', href: absoluteUrl(publicUrl, API_ROUTES.webmention.path) });
  property('og:site_name', site.title);
  property('og:type', meta.type ?? 'website');
  property('og:title', meta.title ?? site.title);
  property('og:description', meta.description);
  property('og:url', url);
  property('og:image', image);
  property('og:image:alt', imageAlt);
  property('og:image:width', String(DEFAULT_IMAGE.width));
  property('og:image:height', String(DEFAULT_IMAGE.height));
  property('og:locale', openGraphLocale(site.language));
  if (meta.article) {
    property('article:published_time', meta.article.publishedTime);
    if (meta.article.modifiedTime) property('article:modified_time', meta.article.modifiedTime);
    if (meta.article.section) property('article:section', meta.article.section);
    for (const articleTag of meta.article.tags) property('article:tag', articleTag);
  }
  named('twitter:card', 'summary_large_image');
  named('twitter:title', meta.title ?? site.title);
  named('twitter:description', meta.description);
  named('twitter:image', image);
  named('twitter:image:alt', imageAlt);
  for (const feed of [...feedsOf(site.title, ''), ...(meta.feeds ?? [])]) {
    tag('link', {
      rel: 'alternate',
      type: FEED_TYPES[feed.type],
      title: feed.title,
      href: feed.href,
    });
  }
  for (const object of meta.jsonLd ?? []) {
    tags.push(
      `<script ${HEAD_MARKER} type="application/ld+json">${scriptSafeJson({
        '@context': 'https://schema.org',
        ...object,
      })}</script>`,
    );
  }
  return tags.join('\n    ');
}

/** After a client-side navigation: the new page's head replaces the previous one's. */
export function applyHead(meta: PageMeta, headSite: HeadSite): void {
  for (const element of document.head.querySelectorAll(`[${HEAD_MARKER}]`)) element.remove();
  document.head.insertAdjacentHTML('beforeend', renderHead(meta, headSite));
}
