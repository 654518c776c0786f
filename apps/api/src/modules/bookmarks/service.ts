/** Bookmarks: a member's saved posts. Only posts readers can see now are listed or bookmarkable. */
import type { Bookmark } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/errors.js';
import { inTransaction } from '../../db/statements.js';
import { POST_EXCERPT, VISIBLE_POST } from '../content/index.js';

interface BookmarkRow {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  published_at: string;
  created_at: string;
}

const toBookmark = (row: BookmarkRow): Bookmark => ({
  postId: String(row.id),
  slug: row.slug,
  title: row.title,
  excerpt: row.excerpt,
  date: row.published_at,
  bookmarkedAt: row.created_at,
});

export function listBookmarks(db: Db, userId: number, now: string, limit = 500): Bookmark[] {
  const rows = db
    .prepare(
      `SELECT c.id, c.slug, c.title, ${POST_EXCERPT} AS excerpt, c.published_at, b.created_at
       FROM bookmarks b JOIN content_items c ON c.id = b.content_id
       WHERE b.user_id = @userId AND ${VISIBLE_POST}
       ORDER BY b.created_at DESC, c.id DESC LIMIT @limit`,
    )
    .all({ userId, now, limit }) as BookmarkRow[];
  return rows.map(toBookmark);
}

export function isBookmarked(db: Db, userId: number, postId: number): boolean {
  return (
    db
      .prepare('SELECT 1 FROM bookmarks WHERE user_id = ? AND content_id = ?')
      .get(userId, postId) !== undefined
  );
}

/** A visible post's id, or 404. */
export function requireVisiblePost(
  db: Db,
  postId: number,
  now: string,
): { id: number; slug: string; title: string } {
  const post = db
    .prepare(
      `SELECT c.id, c.slug, c.title FROM content_items c WHERE c.id = @postId AND ${VISIBLE_POST}`,
    )
    .get({ postId, now }) as { id: number; slug: string; title: string } | undefined;
  if (!post) throw new AppError(404, 'NOT_FOUND');
  return post;
}

/** Idempotent: bookmarking twice keeps the first time. */
export function addBookmark(db: Db, userId: number, postId: number, now: string): void {
  inTransaction(db, () => {
    requireVisiblePost(db, postId, now);
    db.prepare(
      'INSERT INTO bookmarks (user_id, content_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
    ).run(userId, postId, now);
  });
}

/** Idempotent: removing a bookmark that is not there is fine. */
export function removeBookmark(db: Db, userId: number, postId: number): void {
  inTransaction(db, () => {
    db.prepare('DELETE FROM bookmarks WHERE user_id = ? AND content_id = ?').run(userId, postId);
  });
}
