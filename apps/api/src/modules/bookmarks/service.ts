/** Bookmarks: a member's saved posts. Only posts readers can see now are listed or bookmarkable. */
import type { Bookmark } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import { DomainError } from '../../domain-error.js';
import type { PersonalDataHolder } from '../../personal-data.js';
import { contentTitlesByIds, visiblePostIds, visiblePostsByIds } from '../content/index.js';
import {
  allBookmarksOf,
  bookmarksAmong,
  deleteBookmark,
  deleteBookmarksOf,
  insertBookmark,
} from './store.js';

export function listBookmarks(db: Db, userId: number, now: string, limit = 500): Bookmark[] {
  const entries = bookmarksAmong(db, userId, visiblePostIds(db, now), limit);
  const posts = visiblePostsByIds(
    db,
    entries.map((entry) => entry.postId),
    now,
  );
  return entries.flatMap(({ postId, bookmarkedAt }) => {
    const post = posts.get(postId);
    return post
      ? [
          {
            postId: String(post.id),
            slug: post.slug,
            title: post.title,
            excerpt: post.excerpt,
            date: post.publishedAt,
            bookmarkedAt,
          },
        ]
      : [];
  });
}

/** Idempotent: bookmarking twice keeps the first time. Only a post readers can see now. */
export function addBookmark(db: Db, userId: number, postId: number, now: string): void {
  inTransaction(db, () => {
    if (!visiblePostsByIds(db, [postId], now).has(postId)) throw DomainError.notFound();
    insertBookmark(db, userId, postId, now);
  });
}

/** Idempotent: removing a bookmark that is not there is fine. */
export function removeBookmark(db: Db, userId: number, postId: number): void {
  inTransaction(db, () => deleteBookmark(db, userId, postId));
}

export const bookmarksPersonalData: PersonalDataHolder = {
  tables: ['bookmarks'],
  export(db, { userId }) {
    const bookmarks = allBookmarksOf(db, userId);
    const titles = contentTitlesByIds(
      db,
      bookmarks.map((bookmark) => bookmark.postId),
    );
    return {
      bookmarks: bookmarks.flatMap(({ postId, bookmarkedAt }) => {
        const post = titles.get(postId);
        return post ? [{ slug: post.slug, title: post.title, bookmarkedAt }] : [];
      }),
    };
  },
  erase(db, { userId }) {
    deleteBookmarksOf(db, userId);
  },
};
