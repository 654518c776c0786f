/**
 * A post as the fediverse sees it: an Article (the title as `name`, the HTML with every address
 * absolute, the summary, the post's page as `url`, its date, tags and featured image). Mastodon
 * shows an Article as its title and link with the picture, as it shows Ghost's and WordPress's.
 */
import { createHash } from 'node:crypto';
import { Article } from '@fedify/vocab';
import {
  contentInstantIn,
  escapeHtml,
  itemPath,
  SHARED_IMAGE_WIDTH,
  variantUrl,
  widthFor,
  type ImageVariants,
  type SiteIdentity,
} from '@quillpost/domain';
import { absolutizeHtml, type ContentRow } from '../content/index.js';
import { plainImages } from '../images/index.js';

const ACTIVITY_STREAMS = 'https://www.w3.org/ns/activitystreams';
const PUBLIC = `${ACTIVITY_STREAMS}#Public`;

export interface ArticleAddresses {
  publicUrl: string;
  actorId: string;
  followersId: string;
}

/** The post's page: the Article's id and url alike, which answers its JSON when asked for it. */
const postUrl = (publicUrl: string, slug: string) => `${publicUrl}${itemPath('post', slug)}`;

function featuredImage(row: ContentRow, publicUrl: string): string | null {
  const variants = row.featured_image_variants
    ? (JSON.parse(row.featured_image_variants) as ImageVariants)
    : null;
  const image = variants
    ? variantUrl(variants, widthFor(variants, SHARED_IMAGE_WIDTH), variants.fallback)
    : row.featured_image_url;
  if (!image) return null;
  return image.startsWith('/') ? publicUrl + image : image;
}

/** The Article as JSON-LD: what is hashed to tell an edit, and what Fedify reads it from. */
export function articleJson(
  row: ContentRow,
  site: Pick<SiteIdentity, 'timezone'>,
  addresses: ArticleAddresses,
): Record<string, unknown> {
  const { publicUrl } = addresses;
  const url = postUrl(publicUrl, row.slug);
  const image = featuredImage(row, publicUrl);
  const tags = JSON.parse(row.tags) as string[];
  const updated = row.updated_at ? contentInstantIn(row.updated_at, site.timezone) : null;
  const published = contentInstantIn(row.published_at, site.timezone);
  return {
    // Hashtag is Mastodon's term in the ActivityStreams namespace, not in the core context.
    '@context': [ACTIVITY_STREAMS, { Hashtag: 'as:Hashtag' }],
    type: 'Article',
    id: url,
    attributedTo: addresses.actorId,
    name: row.title,
    content: absolutizeHtml(plainImages(row.html, SHARED_IMAGE_WIDTH), publicUrl, url),
    ...(row.excerpt_short ? { summary: `<p>${escapeHtml(row.excerpt_short)}</p>` } : {}),
    url,
    published: new Date(published).toISOString(),
    ...(updated && updated > published ? { updated: new Date(updated).toISOString() } : {}),
    ...(image
      ? { image: { type: 'Image', url: image }, attachment: [{ type: 'Image', url: image }] }
      : {}),
    tag: tags.map((tag) => ({
      type: 'Hashtag',
      name: `#${tag.replace(/\s+/g, '')}`,
      href: `${publicUrl}/search?q=${encodeURIComponent(tag)}`,
    })),
    to: PUBLIC,
    cc: addresses.followersId,
  };
}

export const hashOf = (json: Record<string, unknown>) =>
  createHash('sha256').update(JSON.stringify(json)).digest('base64url');

export const articleOf = (json: Record<string, unknown>) => Article.fromJsonLd(json);
