/** The bookmarks table: a member's saved posts, by content id. */
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';
import { idList, statement } from '../../db/statements.js';

export const OWNED_TABLES = { bookmarks: 'person' } as const satisfies OwnedTables;

export interface BookmarkEntry {
  postId: number;
  bookmarkedAt: string;
}

/** The member's bookmarks of these posts, newest first. */
export function bookmarksAmong(
  db: Db,
  userId: number,
  postIds: readonly number[],
  limit: number,
): BookmarkEntry[] {
  return statement(
    db,
    `SELECT content_id AS postId, created_at AS bookmarkedAt FROM bookmarks
     WHERE user_id = @userId AND content_id IN (SELECT value FROM json_each(@postIds))
     ORDER BY created_at DESC, content_id DESC LIMIT @limit`,
  ).all({ userId, postIds: idList(postIds), limit }) as BookmarkEntry[];
}

/** Every bookmark of the member, whatever became of the post, oldest first. */
export function allBookmarksOf(db: Db, userId: number): BookmarkEntry[] {
  return statement(
    db,
    `SELECT content_id AS postId, created_at AS bookmarkedAt FROM bookmarks
     WHERE user_id = ? ORDER BY created_at`,
  ).all(userId) as BookmarkEntry[];
}

export function isBookmarked(db: Db, userId: number, postId: number): boolean {
  return (
    statement(db, 'SELECT 1 FROM bookmarks WHERE user_id = ? AND content_id = ?').get(
      userId,
      postId,
    ) !== undefined
  );
}

/** Bookmarking twice keeps the first time. */
export function insertBookmark(db: Db, userId: number, postId: number, now: string): void {
  statement(
    db,
    'INSERT INTO bookmarks (user_id, content_id, created_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING',
  ).run(userId, postId, now);
}

export function deleteBookmark(db: Db, userId: number, postId: number): void {
  statement(db, 'DELETE FROM bookmarks WHERE user_id = ? AND content_id = ?').run(userId, postId);
}

export function deleteBookmarksOf(db: Db, userId: number): void {
  statement(db, 'DELETE FROM bookmarks WHERE user_id = ?').run(userId);
}

/** Every bookmark, for the site's export (issue 27). */
export function bookmarksForExport(db: Db): unknown[] {
  return statement(db, 'SELECT * FROM bookmarks ORDER BY rowid').all();
}
