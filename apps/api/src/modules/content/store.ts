import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';
import { idList, inTransaction, statement } from '../../db/statements.js';
import type { ContentKind, ReadableKind } from '@quillpost/domain';

export interface ContentRow {
  id: number;
  kind: ContentKind;
  slug: string;
  status: 'published' | 'draft';
  title: string;
  published_at: string;
  updated_at: string | null;
  category: string;
  sub_category: string;
  tags: string;
  keywords: string;
  excerpt_short: string;
  excerpt_medium: string;
  excerpt_long: string;
  featured_image_url: string | null;
  /** ImageVariants JSON of the featured image, when the site serves it as variants. */
  featured_image_variants: string | null;
  author_id: string;
  author_name: string;
  author_avatar: string | null;
  author_bio: string | null;
  html: string;
  reading_minutes: number;
  data: string;
  /** When a newsletter issue made from this item started going out; null if none did. */
  newsletter_sent_at: string | null;
}

export const OWNED_TABLES = {
  content_items: 'site',
  content_search: 'site',
  content_state: 'site',
} as const satisfies OwnedTables;

export interface SearchRow {
  kind: 'post' | 'journal' | 'poem';
  slug: string;
  title: string;
  published_at: string;
  snippet: string;
}

const COLUMNS = `id, kind, slug, status, title, published_at, updated_at, category, sub_category, tags,
  keywords, excerpt_short, excerpt_medium, excerpt_long, featured_image_url, featured_image_variants,
  author_id, author_name, author_avatar, author_bio, html, reading_minutes, data, newsletter_sent_at`;

/**
 * Who sees what: removed items nobody; drafts and future-dated (scheduled) items only a viewer
 * allowed to see unpublished work (@all = 1).
 */
const VISIBLE = `removed_at IS NULL AND (@all = 1 OR (status = 'published' AND published_at <= @now))`;

/**
 * Markers FTS5 puts around matches; control characters never occur in the indexed text (but for
 * the body's ASIDE_MARK, which is a separator to FTS5 and never a match).
 */
export const MARK_OPEN = '\u0002';
export const MARK_CLOSE = '\u0003';

/** Every statement the content module runs on a request, prepared once per database. */
export function contentQueries(db: Db) {
  const list = db.prepare(
    `SELECT ${COLUMNS} FROM content_items
     WHERE kind = @kind AND ${VISIBLE}
     ORDER BY published_at DESC, id DESC`,
  );
  const listPostsInCategory = db.prepare(
    `SELECT ${COLUMNS} FROM content_items
     WHERE kind = 'post' AND category = @category AND ${VISIBLE}
     ORDER BY published_at DESC, id DESC`,
  );
  const bySlug = db.prepare(
    `SELECT ${COLUMNS} FROM content_items WHERE kind = @kind AND slug = @slug AND ${VISIBLE}`,
  );
  const byId = db.prepare(
    `SELECT ${COLUMNS} FROM content_items WHERE kind = @kind AND id = @id AND ${VISIBLE}`,
  );
  const categories = db.prepare(
    `SELECT category, sub_category, count(*) AS count FROM content_items
     WHERE kind = 'post' AND ${VISIBLE}
     GROUP BY category, sub_category ORDER BY category, sub_category`,
  );
  const held = db.prepare(
    `SELECT DISTINCT kind, category, CASE WHEN kind = 'page' THEN slug ELSE '' END AS slug
     FROM content_items WHERE ${VISIBLE}`,
  );
  const generation = db.prepare('SELECT generation FROM content_state WHERE id = 1').pluck();
  const nextPublication = db
    .prepare(
      `SELECT min(published_at) FROM content_items
       WHERE removed_at IS NULL AND status = 'published' AND published_at > ?`,
    )
    .pluck();
  // The visibility columns exist only in content_items, so VISIBLE needs no table prefix here.
  // bm25 weights: a hit in the title counts most, then tags and keywords, then the body.
  const search = db.prepare(
    `SELECT c.kind, c.slug, c.title, c.published_at,
            snippet(content_search, 1, '${MARK_OPEN}', '${MARK_CLOSE}', '…', 16) AS snippet
     FROM content_search
     JOIN content_items c ON c.id = content_search.rowid
     WHERE content_search MATCH @match AND ${VISIBLE}
     ORDER BY bm25(content_search, 10.0, 1.0, 4.0), c.published_at DESC
     LIMIT @limit`,
  );

  const scope = (all: boolean, nowIso: string) => ({ all: all ? 1 : 0, now: nowIso });
  return {
    list: (kind: ContentKind, all: boolean, nowIso: string) =>
      list.all({ kind, ...scope(all, nowIso) }) as ContentRow[],
    listPostsInCategory: (category: string, all: boolean, nowIso: string) =>
      listPostsInCategory.all({ category, ...scope(all, nowIso) }) as ContentRow[],
    bySlug: (kind: ContentKind, slug: string, all: boolean, nowIso: string) =>
      bySlug.get({ kind, slug, ...scope(all, nowIso) }) as ContentRow | undefined,
    byId: (kind: ContentKind, id: number, all: boolean, nowIso: string) =>
      byId.get({ kind, id, ...scope(all, nowIso) }) as ContentRow | undefined,
    categories: (all: boolean, nowIso: string) =>
      categories.all(scope(all, nowIso)) as Array<{
        category: string;
        sub_category: string;
        count: number;
      }>,
    /** Each kind (posts by category, pages by slug) of what is shown, once: the menu's sections. */
    held: (all: boolean, nowIso: string) =>
      held.all(scope(all, nowIso)) as Array<{ kind: string; category: string; slug: string }>,
    generation: () => generation.get() as number,
    nextPublication: (nowIso: string) => nextPublication.get(nowIso) as string | null,
    search: (match: string, all: boolean, nowIso: string, limit: number) =>
      search.all({ match, limit, ...scope(all, nowIso) }) as SearchRow[],
  };
}

export type ContentQueries = ReturnType<typeof contentQueries>;

/**
 * Drops every cached answer and page when something they all may show changed that is not a
 * content item: who the site is (site.yml), a setting the privacy page states, a newsletter issue
 * starting to go out. A comment's change drops only the pages that show it (the discussions
 * module's conversation changes).
 */
export function invalidateContentCache(db: Db): void {
  statement(db, 'UPDATE content_state SET generation = generation + 1 WHERE id = 1').run();
}

/**
 * A newsletter issue made from this item started going out (the first start counts, even if that
 * issue was cancelled later: some readers got it). Every cached answer drops, so its page says so.
 */
export function recordNewsletterSent(db: Db, contentId: number, startedAt: string): void {
  inTransaction(db, () => {
    statement(
      db,
      'UPDATE content_items SET newsletter_sent_at = COALESCE(newsletter_sent_at, ?) WHERE id = ?',
    ).run(startedAt, contentId);
    invalidateContentCache(db);
  });
}

/** A post, journal entry or poem as other modules list it: the dashboard, bookmarks, a thread. */
export interface PostSummary {
  id: number;
  kind: ReadableKind;
  slug: string;
  title: string;
  /** The shortest excerpt the item has. */
  excerpt: string;
  publishedAt: string;
}

const PUBLISHED = `removed_at IS NULL AND status = 'published' AND published_at <= @now`;
const VISIBLE_POST = `kind = 'post' AND ${PUBLISHED}`;
/** What readers can comment on (issue 26): posts, journal entries and poems. */
const VISIBLE_WRITING = `kind IN ('post', 'journal', 'poem') AND ${PUBLISHED}`;
const SUMMARY = `id, kind, slug, title, published_at AS publishedAt,
  COALESCE(NULLIF(excerpt_short, ''), NULLIF(excerpt_medium, ''), excerpt_long) AS excerpt`;

/** The newest posts readers may see now. */
export function latestVisiblePosts(db: Db, now: string, limit: number): PostSummary[] {
  return statement(
    db,
    `SELECT ${SUMMARY} FROM content_items WHERE ${VISIBLE_POST}
     ORDER BY published_at DESC, id DESC LIMIT @limit`,
  ).all({ now, limit }) as PostSummary[];
}

function visibleByIds(db: Db, visible: string, ids: Iterable<number>, now: string) {
  const rows = statement(
    db,
    `SELECT ${SUMMARY} FROM content_items
     WHERE id IN (SELECT value FROM json_each(@ids)) AND ${visible}`,
  ).all({ ids: idList(ids), now }) as PostSummary[];
  return new Map(rows.map((item) => [item.id, item]));
}

const visibleIds = (db: Db, visible: string, now: string) =>
  statement(db, `SELECT id FROM content_items WHERE ${visible}`).pluck().all({ now }) as number[];

/** Those of these posts readers may see now, by id; the others are left out. */
export const visiblePostsByIds = (db: Db, ids: Iterable<number>, now: string) =>
  visibleByIds(db, VISIBLE_POST, ids, now);

/** The ids of every post readers may see now (a site has hundreds, not millions). */
export const visiblePostIds = (db: Db, now: string) => visibleIds(db, VISIBLE_POST, now);

/** Those of these posts, journal entries and poems readers may see now, by id. */
export const visibleWritingByIds = (db: Db, ids: Iterable<number>, now: string) =>
  visibleByIds(db, VISIBLE_WRITING, ids, now);

/** The ids of every post, journal entry and poem readers may see now. */
export const visibleWritingIds = (db: Db, now: string) => visibleIds(db, VISIBLE_WRITING, now);

/** The post, journal entry or poem of this kind readers may see now under this slug, if any. */
export function visibleWritingBySlug(
  db: Db,
  kind: ReadableKind,
  slug: string,
  now: string,
): PostSummary | undefined {
  return statement(
    db,
    `SELECT ${SUMMARY} FROM content_items WHERE kind = @kind AND slug = @slug AND ${PUBLISHED}`,
  ).get({ kind, slug, now }) as PostSummary | undefined;
}

/** Slug and title of items by id, whatever their state: moderation names what was commented on. */
export function contentTitlesByIds(
  db: Db,
  ids: Iterable<number>,
): Map<number, { kind: ContentKind; slug: string; title: string }> {
  const rows = statement(
    db,
    `SELECT id, kind, slug, title FROM content_items WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(idList(ids)) as Array<{ id: number; kind: ContentKind; slug: string; title: string }>;
  return new Map(rows.map(({ id, ...title }) => [id, title]));
}

// Sync: the content folder's files become rows (sync.ts reads and renders them).

/** A row as a sync writes it, from one file. */
export type ItemRow = Omit<ContentRow, 'id' | 'newsletter_sent_at'> & {
  source_path: string;
  source_hash: string;
  body_text: string;
  word_count: number;
};

/** What a sync compares a file with. */
export interface ExistingRow {
  id: number;
  kind: ContentKind;
  slug: string;
  source_path: string;
  source_hash: string;
  removed_at: string | null;
}

/** Every item a file holds, drafts and scheduled ones too, newest first: the editor's list. */
export function sourceItems(
  db: Db,
): Array<
  Pick<ContentRow, 'kind' | 'slug' | 'title' | 'status' | 'published_at'> & { source_path: string }
> {
  return statement(
    db,
    `SELECT source_path, kind, slug, title, status, published_at FROM content_items
     WHERE removed_at IS NULL ORDER BY published_at DESC, title`,
  ).all() as ReturnType<typeof sourceItems>;
}

export function syncedItems(db: Db): ExistingRow[] {
  return db
    .prepare('SELECT id, kind, slug, source_path, source_hash, removed_at FROM content_items')
    .all() as ExistingRow[];
}

/**
 * One sync's changes in one transaction: removed files' rows marked removed (never deleted),
 * written ones upserted by source path, and the generation bumped so cached answers drop.
 */
export function writeSync(
  db: Db,
  changes: { removed: readonly ExistingRow[]; written: readonly ItemRow[]; now: string },
): void {
  const { removed, written, now } = changes;
  const markRemoved = db.prepare(
    'UPDATE content_items SET removed_at = ?, synced_at = ? WHERE id = ?',
  );
  // A removed item holding the slug is adopted by the new file (a renamed file keeps its id), or,
  // when the file already has its own row, renamed out of the way; removed rows are never deleted.
  const adoptRemoved = db.prepare(
    `UPDATE content_items SET source_path = @source_path
     WHERE kind = @kind AND slug = @slug AND removed_at IS NOT NULL AND source_path <> @source_path
       AND NOT EXISTS (SELECT 1 FROM content_items WHERE source_path = @source_path)`,
  );
  const freeSlug = db.prepare(
    `UPDATE content_items SET slug = slug || '~' || id
     WHERE kind = @kind AND slug = @slug AND removed_at IS NOT NULL AND source_path <> @source_path`,
  );
  const upsert = db.prepare(`
    INSERT INTO content_items (
      kind, slug, source_path, source_hash, status, title, published_at, updated_at, category,
      sub_category, tags, keywords, excerpt_short, excerpt_medium, excerpt_long, featured_image_url,
      featured_image_variants, author_id, author_name, author_avatar, author_bio, html, body_text, word_count, reading_minutes, data,
      synced_at, removed_at
    ) VALUES (
      @kind, @slug, @source_path, @source_hash, @status, @title, @published_at, @updated_at, @category,
      @sub_category, @tags, @keywords, @excerpt_short, @excerpt_medium, @excerpt_long,
      @featured_image_url, @featured_image_variants, @author_id, @author_name, @author_avatar, @author_bio, @html, @body_text, @word_count,
      @reading_minutes, @data, @synced_at, NULL
    )
    ON CONFLICT (source_path) DO UPDATE SET
      kind = excluded.kind, slug = excluded.slug, source_hash = excluded.source_hash,
      status = excluded.status, title = excluded.title, published_at = excluded.published_at,
      updated_at = excluded.updated_at, category = excluded.category,
      sub_category = excluded.sub_category, tags = excluded.tags, keywords = excluded.keywords,
      excerpt_short = excluded.excerpt_short, excerpt_medium = excluded.excerpt_medium,
      excerpt_long = excluded.excerpt_long, featured_image_url = excluded.featured_image_url,
      featured_image_variants = excluded.featured_image_variants,
      author_id = excluded.author_id, author_name = excluded.author_name,
      author_avatar = excluded.author_avatar, author_bio = excluded.author_bio, html = excluded.html, body_text = excluded.body_text,
      word_count = excluded.word_count, reading_minutes = excluded.reading_minutes,
      data = excluded.data, synced_at = excluded.synced_at, removed_at = NULL
  `);
  const bump = db.prepare(
    'UPDATE content_state SET generation = generation + 1, synced_at = ? WHERE id = 1',
  );

  inTransaction(db, () => {
    for (const row of removed) markRemoved.run(now, now, row.id);
    for (const row of written) {
      const key = { kind: row.kind, slug: row.slug, source_path: row.source_path };
      adoptRemoved.run(key);
      freeSlug.run(key);
      upsert.run({ ...row, synced_at: now });
    }
    if (removed.length || written.length) bump.run(now);
  });
}
