import type { ContentRow } from './store.js';
import {
  contentInstantIn,
  itemPath,
  SHARED_IMAGE_WIDTH,
  variantUrl,
  widthFor,
  type ImageVariants,
} from '@quillpost/domain';
import { plainImages } from '../images/index.js';
import { feedDate, rfc3339In, rfc822In } from '../../site-dates.js';

/** How many posts a feed carries; older ones stay reachable through the sitemap. */
export const FEED_SIZE = 20;

export interface FeedSite {
  /** PUBLIC_URL without a trailing slash. */
  base: string;
  title: string;
  description: string;
  /** Where this feed lives and what it covers, e.g. /rss.xml or /category/build/rss.xml. */
  selfPath: string;
  /** The HTML page the feed mirrors, e.g. / or /category/build. */
  homePath: string;
  /** The site's language, a BCP 47 tag. */
  language: string;
  /** The site's IANA time zone: every date is written with its offset, and a bare day begins at its midnight. */
  timeZone: string;
}

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** The item's own page: a post, a journal entry or a poem. */
export function itemUrl(base: string, row: Pick<ContentRow, 'kind' | 'slug'>): string {
  return (
    base + itemPath(row.kind === 'journal' || row.kind === 'poem' ? row.kind : 'post', row.slug)
  );
}

/** Feed readers resolve relative links poorly: make site paths and in-page anchors absolute. */
export function absolutizeHtml(html: string, base: string, pageUrl: string): string {
  return html
    .replace(/(\s(?:href|src|srcset))="\/(?!\/)/g, `$1="${base}/`)
    .replace(/(\shref)="#/g, `$1="${pageUrl}#`);
}

/** Feed readers know no `<picture>`: each photo is one image, as wide as they show it. */
function feedHtml(row: ContentRow, base: string, pageUrl: string): string {
  return absolutizeHtml(plainImages(row.html, SHARED_IMAGE_WIDTH), base, pageUrl);
}

function tagsOf(row: ContentRow): string[] {
  return JSON.parse(row.tags) as string[];
}

/** Category, topic and tags, each once (a tag may repeat the category's name). */
function termsOf(row: ContentRow, withTopic: boolean): string[] {
  const terms = [row.category, withTopic ? row.sub_category : '', ...tagsOf(row)].filter(Boolean);
  return [...new Set(terms)];
}

const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
};

/** The featured image as an absolute URL with its media type, for feed readers' previews. */
function featuredImage(row: ContentRow, base: string): { url: string; type: string } | null {
  const variants: ImageVariants | null =
    row.featured_image_variants && JSON.parse(row.featured_image_variants);
  const image = variants
    ? variantUrl(variants, widthFor(variants, SHARED_IMAGE_WIDTH), variants.fallback)
    : row.featured_image_url;
  if (!image) return null;
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(image)?.[1]?.toLowerCase() ?? '';
  return {
    url: image.startsWith('/') ? base + image : image,
    type: IMAGE_TYPES[extension] ?? 'image/*',
  };
}

/** An item's last change: its `updated` date when later than its date. */
function changedAt(row: ContentRow, timeZone: string): number {
  const published = contentInstantIn(row.published_at, timeZone);
  const updated = row.updated_at ? contentInstantIn(row.updated_at, timeZone) : 0;
  return Math.max(published, updated);
}

/** The newest change among the posts, so the feed (and its ETag) only changes with them. */
function lastUpdated(rows: ContentRow[], fallback: string, timeZone: string): number {
  const latest = Math.max(0, ...rows.map((row) => changedAt(row, timeZone)));
  return latest || Date.parse(fallback);
}

/** RSS 2.0 with the content and atom namespaces (full HTML in content:encoded, a self link). */
export function renderRss(site: FeedSite, rows: ContentRow[], nowIso: string): string {
  const items = rows.slice(0, FEED_SIZE).map((row) => {
    const url = itemUrl(site.base, row);
    const image = featuredImage(row, site.base);
    return [
      '    <item>',
      `      <title>${escapeXml(row.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${feedDate(row.published_at, site.timeZone, 'rfc822')}</pubDate>`,
      row.author_name ? `      <dc:creator>${escapeXml(row.author_name)}</dc:creator>` : '',
      ...termsOf(row, true).map((name) => `      <category>${escapeXml(name)}</category>`),
      image
        ? `      <media:content url="${escapeXml(image.url)}" medium="image" type="${image.type}"/>`
        : '',
      `      <description>${escapeXml(row.excerpt_medium)}</description>`,
      `      <content:encoded>${escapeXml(feedHtml(row, site.base, url))}</content:encoded>`,
      '    </item>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">',
    '  <channel>',
    `    <title>${escapeXml(site.title)}</title>`,
    `    <link>${escapeXml(site.base + site.homePath)}</link>`,
    `    <description>${escapeXml(site.description)}</description>`,
    `    <language>${escapeXml(site.language)}</language>`,
    `    <lastBuildDate>${rfc822In(lastUpdated(rows, nowIso, site.timeZone), site.timeZone)}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(site.base + site.selfPath)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}

/** Atom 1.0 (RFC 4287): feed and entries each with id, title, updated, author and links. */
export function renderAtom(site: FeedSite, rows: ContentRow[], nowIso: string): string {
  const entries = rows.slice(0, FEED_SIZE).map((row) => {
    const url = itemUrl(site.base, row);
    const image = featuredImage(row, site.base);
    return [
      '  <entry>',
      `    <title>${escapeXml(row.title)}</title>`,
      `    <link rel="alternate" type="text/html" href="${escapeXml(url)}"/>`,
      `    <id>${escapeXml(url)}</id>`,
      `    <published>${feedDate(row.published_at, site.timeZone, 'rfc3339')}</published>`,
      `    <updated>${rfc3339In(changedAt(row, site.timeZone), site.timeZone)}</updated>`,
      `    <author><name>${escapeXml(row.author_name || site.title)}</name></author>`,
      ...termsOf(row, false).map((term) => `    <category term="${escapeXml(term)}"/>`),
      image
        ? `    <link rel="enclosure" type="${image.type}" href="${escapeXml(image.url)}"/>`
        : '',
      `    <summary>${escapeXml(row.excerpt_medium)}</summary>`,
      `    <content type="html">${escapeXml(feedHtml(row, site.base, url))}</content>`,
      '  </entry>',
    ]
      .filter(Boolean)
      .join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeXml(site.language)}">`,
    `  <title>${escapeXml(site.title)}</title>`,
    `  <subtitle>${escapeXml(site.description)}</subtitle>`,
    `  <link rel="alternate" type="text/html" href="${escapeXml(site.base + site.homePath)}"/>`,
    `  <link rel="self" type="application/atom+xml" href="${escapeXml(site.base + site.selfPath)}"/>`,
    `  <id>${escapeXml(site.base + site.selfPath)}</id>`,
    `  <updated>${rfc3339In(lastUpdated(rows, nowIso, site.timeZone), site.timeZone)}</updated>`,
    `  <author><name>${escapeXml(rows[0]?.author_name || site.title)}</name></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1). */
export function renderJsonFeed(site: FeedSite, rows: ContentRow[]) {
  const first = rows[0];
  return {
    version: 'https://jsonfeed.org/version/1.1',
    title: site.title,
    home_page_url: site.base + site.homePath,
    feed_url: site.base + site.selfPath,
    description: site.description,
    language: site.language,
    authors: first?.author_name
      ? [
          {
            name: first.author_name,
            ...(first.author_avatar ? { avatar: site.base + first.author_avatar } : {}),
          },
        ]
      : [{ name: site.title }],
    items: rows.slice(0, FEED_SIZE).map((row) => {
      const url = itemUrl(site.base, row);
      const image = featuredImage(row, site.base);
      return {
        id: url,
        url,
        title: row.title,
        content_html: feedHtml(row, site.base, url),
        summary: row.excerpt_medium,
        ...(image ? { image: image.url } : {}),
        date_published: feedDate(row.published_at, site.timeZone, 'rfc3339'),
        ...(row.updated_at
          ? { date_modified: feedDate(row.updated_at, site.timeZone, 'rfc3339') }
          : {}),
        tags: termsOf(row, false),
        authors: [{ name: row.author_name || site.title }],
      };
    }),
  };
}

export interface SitemapEntry {
  path: string;
  lastmod?: string;
}

export function renderSitemap(base: string, entries: SitemapEntry[]): string {
  const urls = entries.map((entry) =>
    [
      '  <url>',
      `    <loc>${escapeXml(base + entry.path)}</loc>`,
      entry.lastmod ? `    <lastmod>${entry.lastmod.slice(0, 10)}</lastmod>` : '',
      '  </url>',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

/** Crawlers may read everything public; account, API and one-off pages stay out of the index. */
export function renderRobots(base: string): string {
  return [
    'User-agent: *',
    'Disallow: /api/',
    'Disallow: /members/',
    'Disallow: /auth/',
    'Disallow: /manage',
    'Disallow: /signedup',
    'Disallow: /verify',
    'Disallow: /test',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}
