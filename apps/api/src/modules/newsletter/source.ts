import {
  itemPath,
  NEWSLETTER_SECTIONS,
  type NewsletterSection,
  type ImageVariants,
  type NewsletterSourceKind,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import { contentQueries, type ContentQueries, type ContentRow } from '../content/index.js';
import { mailImage } from '../images/index.js';
import { siteIdentity } from '../site/index.js';
import type { IssueSource } from './compose.js';

const queries = new WeakMap<Db, ContentQueries>();

/** The content module's read statements, prepared once per database. */
export function contentOf(db: Db): ContentQueries {
  let q = queries.get(db);
  if (!q) queries.set(db, (q = contentQueries(db)));
  return q;
}

/** A post goes to its category's section; journal entries and poems to their own. */
export function sectionOf(kind: NewsletterSourceKind, category: string): NewsletterSection | null {
  if (kind === 'journal') return 'journal';
  if (kind === 'poem') return 'poetry';
  return (NEWSLETTER_SECTIONS as readonly string[]).includes(category)
    ? (category as NewsletterSection)
    : null;
}

/** A published, visible item (never a draft, a scheduled one or a removed file). */
export function publishedItem(
  db: Db,
  kind: NewsletterSourceKind,
  slug: string,
  nowIso: string,
): ContentRow | undefined {
  return contentOf(db).bySlug(kind, slug, false, nowIso);
}

export function publishedItems(db: Db, kind: NewsletterSourceKind, nowIso: string): ContentRow[] {
  return contentOf(db).list(kind, false, nowIso);
}

export function pageUrlOf(env: Pick<Env, 'WEB_ORIGIN'>, kind: NewsletterSourceKind, slug: string) {
  return new URL(itemPath(kind, slug), env.WEB_ORIGIN).toString();
}

export function issueSourceOf(
  { env, db }: { env: Pick<Env, 'WEB_ORIGIN'>; db: Db },
  kind: NewsletterSourceKind,
  row: ContentRow,
  section: NewsletterSection,
): IssueSource {
  const variants = row.featured_image_variants
    ? (JSON.parse(row.featured_image_variants) as ImageVariants)
    : null;
  return {
    site: siteIdentity(db),
    title: row.title,
    date: row.published_at,
    featuredImage: row.featured_image_url ? mailImage(row.featured_image_url, variants) : null,
    html: row.html,
    excerpt: row.excerpt_short,
    section,
    pageUrl: pageUrlOf(env, kind, row.slug),
  };
}
