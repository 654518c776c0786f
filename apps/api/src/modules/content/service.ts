import { createHash } from 'node:crypto';
import {
  COUNTING_MARKER,
  countingDisclosure,
  escapeHtml,
  type CountingSettings,
  searchResultPath,
  sectionsHolding,
  socialProfilesOf,
  socialProfileUrlsOf,
  type Book,
  type Category,
  type ImageVariants,
  type JournalEntry,
  type LinksPage,
  type NowArchiveSummary,
  type NowPage,
  type Page,
  type Poem,
  type Post,
  type Project,
  type SearchResponse,
  type Site,
  type SiteIdentity,
  type SocialNetwork,
} from '@quillpost/domain';
import { isoNow, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import { readSettings } from '../settings/index.js';
import { fullHandle, siteIdentity } from '../site/index.js';
import type { ContentKind } from '@quillpost/domain';
import { ASIDE_MARK, renderMarkdown } from './markdown.js';
import { contentQueries, MARK_CLOSE, MARK_OPEN, type ContentRow } from './store.js';

/** What the service knows about the reader: only whether drafts and scheduled items show. */
export interface Viewer {
  canSeeUnpublished: boolean;
}

export interface JsonBody {
  body: string;
  etag: string;
}

const SEARCH_LIMIT = 20;
const CACHE_MAX_ENTRIES = 2_000;
const SEARCH_MAX_TERMS = 8;

function strongEtag(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

function parseData(row: ContentRow): Record<string, unknown> {
  return JSON.parse(row.data) as Record<string, unknown>;
}

function tagsOf(row: ContentRow): string[] {
  return JSON.parse(row.tags) as string[];
}

/** 'scheduled' is not stored: a published item whose date is still ahead is scheduled. */
export function effectiveStatus(row: Pick<ContentRow, 'status' | 'published_at'>, nowIso: string) {
  if (row.status === 'draft') return 'draft';
  return row.published_at > nowIso ? 'scheduled' : 'published';
}

export function toPost(row: ContentRow, nowIso: string): Post {
  return {
    id: String(row.id),
    title: row.title,
    slug: row.slug,
    excerpt_short: row.excerpt_short,
    excerpt_medium: row.excerpt_medium,
    excerpt_long: row.excerpt_long,
    content: row.html,
    featured_image_url: row.featured_image_url,
    featured_image_variants: variantsOf(row),
    date: row.published_at,
    category: row.category,
    sub_category: row.sub_category,
    keywords: row.keywords,
    tags: tagsOf(row),
    author_id: row.author_id,
    author_name: row.author_name,
    author_avatar: row.author_avatar,
    author_bio: row.author_bio,
    status: effectiveStatus(row, nowIso),
    reading_minutes: row.reading_minutes,
    newsletter_sent_at: row.newsletter_sent_at,
    updated_at: row.updated_at,
  };
}

function variantsOf(row: ContentRow): ImageVariants | null {
  return row.featured_image_variants
    ? (JSON.parse(row.featured_image_variants) as ImageVariants)
    : null;
}

function renderedItem(row: ContentRow) {
  return {
    id: String(row.id),
    slug: row.slug,
    title: row.title,
    date: row.published_at,
    updated_at: row.updated_at,
    excerpt_short: row.excerpt_short,
    excerpt_medium: row.excerpt_medium,
    excerpt_long: row.excerpt_long,
    content: row.html,
    reading_minutes: row.reading_minutes,
    tags: tagsOf(row),
  };
}

export function toJournalEntry(row: ContentRow): JournalEntry {
  const data = parseData(row) as { mood: string | null; location: string | null };
  return { ...renderedItem(row), mood: data.mood, location: data.location };
}

export function toPoem(row: ContentRow): Poem {
  const data = parseData(row) as { form: string | null };
  return { ...renderedItem(row), form: data.form };
}

export function toBook(row: ContentRow): Book {
  const data = parseData(row) as Omit<Book, keyof ReturnType<typeof renderedItem>>;
  return { ...renderedItem(row), ...data, cover_variants: variantsOf(row) };
}

export function toProject(row: ContentRow): Project {
  const data = parseData(row) as Omit<Project, keyof ReturnType<typeof renderedItem>>;
  return {
    ...renderedItem(row),
    ...data,
    featured_image_url: row.featured_image_url,
    featured_image_variants: variantsOf(row),
  };
}

function toNowPage(row: ContentRow, isCurrent: boolean): NowPage {
  const data = parseData(row) as { location: string | null };
  return { ...renderedItem(row), location: data.location, is_current: isCurrent };
}

function toPage(row: ContentRow): Page {
  const data = parseData(row) as { description: string | null };
  return {
    slug: row.slug,
    title: row.title,
    description: data.description,
    content: row.html,
    updated_at: row.updated_at,
  };
}

const COUNTING_LINE = new RegExp(
  `<p>${COUNTING_MARKER.replace(/[{}]/g, '\\$&').replace(/ /g, '\\s*')}</p>`,
);

/**
 * A privacy page's `{{ what this site counts }}` line, replaced by what the settings make the
 * site count (issue 25): the policy cannot promise less, or more, than the software does.
 */
function withCountingDisclosure(html: string, settings: CountingSettings): string {
  if (!COUNTING_LINE.test(html)) return html;
  const paragraphs = countingDisclosure(settings).map((text) => `<p>${escapeHtml(text)}</p>`);
  return html.replace(COUNTING_LINE, () => paragraphs.join('\n'));
}

function humanize(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * FTS5's snippet, cut to the side of ASIDE_MARK its match is on: a word found in the prose shows
 * among prose, not beside a table's headings or a line of code. Escapes everything, then turns
 * only the match markers into <mark> elements.
 */
export function snippetHtml(raw: string): string {
  const [prose, aside] = raw.split(ASIDE_MARK, 2);
  const side = aside !== undefined && !prose!.includes(MARK_OPEN) ? aside : prose!;
  return escapeHtml(side.replace(/\s+/g, ' ').trim())
    .replaceAll(MARK_OPEN, '<mark>')
    .replaceAll(MARK_CLOSE, '</mark>');
}

/**
 * Turns what a reader typed into a safe FTS5 query: words only, each quoted (so FTS syntax such as
 * NEAR, OR or column filters cannot be injected), all required, the last one as a prefix.
 */
export function toMatchQuery(q: string): string | undefined {
  const terms = (q.match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, SEARCH_MAX_TERMS);
  if (!terms.length) return undefined;
  return terms.map((term, index) => `"${term}"${index === terms.length - 1 ? '*' : ''}`).join(' ');
}

/**
 * Reads for every content endpoint. Public answers are serialized once per content generation and
 * kept with their ETag, so a repeat request costs one primary-key read and a Map lookup; the cache
 * also drops itself when the next scheduled item's time comes. Viewers who see unpublished items
 * always get a fresh answer.
 */
export function createContentService({
  db,
  clock,
  env,
}: {
  db: Db;
  clock: Clock;
  env: Pick<Env, 'ANALYTICS' | 'ANALYTICS_RETENTION_DAYS' | 'FEDERATION' | 'PUBLIC_URL'>;
}) {
  const q = contentQueries(db);
  const cache = new Map<string, JsonBody | null>();
  let cachedGeneration = -1;
  let validUntil: string | null = null;
  let epoch = 0;

  const nowIso = () => isoNow(clock);

  /** Drops the public answers after a sync or when a scheduled item's time comes. */
  function refresh(now: string): void {
    const generation = q.generation();
    if (generation !== cachedGeneration || (validUntil !== null && now >= validUntil)) {
      cache.clear();
      cachedGeneration = generation;
      validUntil = q.nextPublication(now);
      epoch += 1;
    }
  }

  function json<T>(
    key: string,
    viewer: Viewer,
    build: (all: boolean, now: string) => T | undefined,
  ): JsonBody | undefined {
    const now = nowIso();
    if (viewer.canSeeUnpublished) {
      const value = build(true, now);
      if (value === undefined) return undefined;
      const body = JSON.stringify(value);
      return { body, etag: strongEtag(body) };
    }
    refresh(now);
    const hit = cache.get(key);
    if (hit !== undefined) return hit ?? undefined;
    const value = build(false, now);
    const entry = value === undefined ? null : { body: JSON.stringify(value), etag: '' };
    if (entry) entry.etag = strongEtag(entry.body);
    // Misses are remembered too (as null). Keys come from URLs (slugs, categories), so the cache
    // is capped: past the cap, answers are still right, just built per request until the next sync.
    if (cache.size < CACHE_MAX_ENTRIES) cache.set(key, entry);
    return entry ?? undefined;
  }

  const one =
    <T>(kind: ContentKind, map: (row: ContentRow) => T) =>
    (slug: string, viewer: Viewer) =>
      json(`${kind}:${slug}`, viewer, (all, now) => {
        const row = q.bySlug(kind, slug, all, now);
        return row ? map(row) : undefined;
      });

  const many =
    <T>(kind: ContentKind, map: (row: ContentRow) => T) =>
    (viewer: Viewer) =>
      json(`${kind}:*`, viewer, (all, now) => q.list(kind, all, now).map(map));

  return {
    nowIso,

    /**
     * Changes whenever what the public sees may have: a sync, or a scheduled item going live.
     * Pages rendered from this content are cached under it.
     */
    version(): number {
      refresh(nowIso());
      return epoch;
    },

    posts(viewer: Viewer, category?: string) {
      return json(`posts:${category ?? ''}`, viewer, (all, now) =>
        (category ? q.listPostsInCategory(category, all, now) : q.list('post', all, now)).map(
          (row) => toPost(row, now),
        ),
      )!;
    },

    /** Rows, not JSON: feeds and the sitemap render their own formats. */
    postRows(viewer: Viewer, category?: string): ContentRow[] {
      const now = nowIso();
      const all = viewer.canSeeUnpublished;
      return category ? q.listPostsInCategory(category, all, now) : q.list('post', all, now);
    },

    rows(kind: ContentKind): ContentRow[] {
      return q.list(kind, false, nowIso());
    },

    /** A published item's title, for its preview card; undefined for anything else. */
    /** What a published item's preview card shows: its title, and its picture if it has one. */
    publishedCard(kind: ContentKind, slug: string) {
      const row = q.bySlug(kind, slug, false, nowIso());
      return row && { title: row.title, picture: row.featured_image_url };
    },

    /** By numeric id or by slug: `/api/posts/12` and `/api/posts/small-tools` both work. */
    post(idOrSlug: string, viewer: Viewer) {
      return json(`post:${idOrSlug}`, viewer, (all, now) => {
        const row = /^\d{1,15}$/.test(idOrSlug)
          ? (q.byId('post', Number(idOrSlug), all, now) ?? q.bySlug('post', idOrSlug, all, now))
          : q.bySlug('post', idOrSlug, all, now);
        return row ? toPost(row, now) : undefined;
      });
    },

    journal: many('journal', toJournalEntry),
    journalEntry: one('journal', toJournalEntry),
    poems: many('poem', toPoem),
    poem: one('poem', toPoem),
    projects: many('project', toProject),
    project: one('project', toProject),
    book: one('book', toBook),

    books(viewer: Viewer, filter: { statuses?: readonly string[] }) {
      const key = `books:${filter.statuses?.join(',') ?? '*'}`;
      return json(key, viewer, (all, now) =>
        q
          .list('book', all, now)
          .map(toBook)
          .filter((book) => !filter.statuses || filter.statuses.includes(book.status)),
      )!;
    },

    now(viewer: Viewer) {
      return json('now:current', viewer, (all, now) => {
        const current = q.list('now', all, now)[0];
        return current ? toNowPage(current, true) : undefined;
      });
    },

    nowArchives(viewer: Viewer) {
      return json('now:archives', viewer, (all, now) =>
        q
          .list('now', all, now)
          .slice(1)
          .map((row): NowArchiveSummary => ({
            slug: row.slug,
            title: row.title,
            date: row.published_at,
            excerpt_short: row.excerpt_short,
          })),
      )!;
    },

    nowArchive(slug: string, viewer: Viewer) {
      return json(`now:${slug}`, viewer, (all, now) => {
        const pages = q.list('now', all, now);
        const index = pages.findIndex((row) => row.slug === slug);
        const row = pages[index];
        return row ? toNowPage(row, index === 0) : undefined;
      });
    },

    categories(viewer: Viewer) {
      return json('categories', viewer, (all, now) => {
        const byCategory = new Map<string, Category>();
        for (const { category, sub_category, count } of q.categories(all, now)) {
          const entry = byCategory.get(category) ?? {
            slug: category,
            name: humanize(category),
            count: 0,
            sub_categories: [],
          };
          entry.count += count;
          if (sub_category) {
            entry.sub_categories.push({ slug: sub_category, name: humanize(sub_category), count });
          }
          byCategory.set(category, entry);
        }
        return [...byCategory.values()];
      })!;
    },

    /**
     * The links page's own entries. An entry that is one of the owner's profiles (site.yml) is left
     * out, and the profiles are shown where the first of them stood (after the entries otherwise).
     */
    links(viewer: Viewer) {
      return json('links', viewer, (all, now) => {
        const row = q.bySlug('page', 'links', all, now);
        if (!row) return undefined;
        const profileUrls = new Set(Object.values(siteIdentity(db).social));
        const entries = linksOf(row);
        const firstProfile = entries.findIndex((link) => profileUrls.has(link.url));
        const links = entries
          .filter((link) => !profileUrls.has(link.url))
          .map((link) => ({ ...link, description: link.description ?? null }));
        const page: LinksPage = {
          title: row.title,
          content: row.html,
          links,
          profilesAt: firstProfile < 0 ? links.length : firstProfile,
        };
        return page;
      });
    },

    /** Who the site is, with the owner's profiles, as content/site.yml says. */
    site(viewer: Viewer) {
      return json('site', viewer, (all, now) => {
        const identity = siteIdentity(db);
        const urls = socialProfileUrlsOf(
          Object.entries(identity.social).map(([network, url]) => ({
            network: network as SocialNetwork,
            url,
          })),
        );
        const site: Site = {
          title: identity.title,
          tagline: identity.tagline,
          description: identity.description,
          language: identity.language,
          timezone: identity.timezone,
          accent: identity.accent,
          owner: {
            name: identity.owner.name,
            bio: identity.owner.bio,
            avatarUrl: identity.owner.avatar && `/content/${identity.owner.avatar}`,
            email: identity.owner.email,
          },
          intro: identity.intro ? renderMarkdown(identity.intro).html : '',
          newsletterName: identity.newsletter.name,
          socialProfiles: socialProfilesOf(urls),
          hubs: identity.hubs,
          subscribe: identity.subscribe,
          analytics: env.ANALYTICS,
          fediverseAccount: env.FEDERATION ? fullHandle(db, env.PUBLIC_URL) : null,
          sections: sectionsHolding(q.held(all, now)),
        };
        return site;
      })!;
    },

    page(slug: string, viewer: Viewer) {
      const wanted = slug === 'about' ? 'start' : slug;
      return json(`page:${wanted}`, viewer, (all, now) => {
        const row = q.bySlug('page', wanted, all, now);
        if (!row) return undefined;
        const page = toPage(row);
        // Settings changes drop this cache (admin routes), so the counting part stays true.
        const counting = {
          analytics: env.ANALYTICS,
          retentionDays: env.ANALYTICS_RETENTION_DAYS,
          newsletterClickCounting: readSettings(db).newsletterClickCounting,
        };
        return { ...page, content: withCountingDisclosure(page.content, counting) };
      });
    },

    /** Who the site is, as content/site.yml last validly said. */
    identity(): SiteIdentity {
      return siteIdentity(db);
    },

    search(query: string, viewer: Viewer): SearchResponse {
      const match = toMatchQuery(query);
      if (!match) return { query, results: [] };
      const rows = q.search(match, viewer.canSeeUnpublished, nowIso(), SEARCH_LIMIT);
      return {
        query,
        results: rows.map((row) => ({
          kind: row.kind,
          slug: row.slug,
          title: row.title,
          path: searchResultPath(row.kind, row.slug),
          date: row.published_at,
          snippet: snippetHtml(row.snippet),
        })),
      };
    },
  };
}

export type ContentService = ReturnType<typeof createContentService>;

const linksOf = (row: ContentRow) =>
  (parseData(row) as { links: LinksPage['links'] | null }).links ?? [];
