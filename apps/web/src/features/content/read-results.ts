/**
 * How a reading page's loader turns the content reader's results into its data or its error. The
 * loaders run on the server with the API's in-process reader and in the browser, on client-side
 * navigation, with the HTTP one; what they return is embedded in the server's HTML for hydration,
 * so lists carry summaries rather than every post's full text.
 */
import type { CommentCounts, ContentResult, Post } from '@quillpost/domain';
import { data } from 'react-router-dom';

/** A failed read becomes the route's error: a 404 page, or the failure with Try Again. */
export function required<T>(result: ContentResult<T>): T {
  if (result.ok) return result.data;
  // 503 for a network failure (status 0): the page was not refused, it could not be reached.
  throw data(result, { status: result.status || 503 });
}

export function notFound(): never {
  throw data({ ok: false, status: 404, code: 'NOT_FOUND', message: 'Not found' }, { status: 404 });
}

/** Spec section 8: a post list that cannot be loaded is an empty list. */
export function postsOrEmpty(result: ContentResult<Post[]>): Post[] {
  return result.ok ? result.data : [];
}

export function optional<T>(result: ContentResult<T>): T | null {
  return result.ok ? result.data : null;
}

/** Comment counts are a nicety beside a list: when they cannot be read, the list shows none. */
export function countsOrNone(result: ContentResult<{ counts: CommentCounts }>): CommentCounts {
  return result.ok ? result.data.counts : {};
}
