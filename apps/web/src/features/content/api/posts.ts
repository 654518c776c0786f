/** Posts (spec section 7): GET /api/posts?t=&refresh=true[&category=] and GET /api/posts/{id}?t=. */
import { messageTemplates, type Post } from '@quillpost/domain';
import type { ApiClient, ApiResult } from '../../../lib/api-client';
import { useApiResource } from '../../../lib/use-api-resource';
import { isPost, listOf, schemaOf } from './content-guards';

export const POSTS_PATH = '/api/posts';

const postListSchema = schemaOf(listOf(isPost));
const postSchema = schemaOf(isPost);

export interface PostListOptions {
  category?: string;
  /** The cache-busting timestamp; the current time unless a test fixes it. */
  now?: number;
  signal?: AbortSignal;
}

/**
 * The posts, newest first. Never fails: spec section 8 says a post list that cannot be loaded is
 * an empty list, so readers see an empty state rather than an error.
 */
export async function getPosts(
  api: ApiClient,
  { category, now = Date.now(), signal }: PostListOptions = {},
): Promise<ApiResult<Post[]>> {
  const result = await api.get(POSTS_PATH, {
    query: { t: now, refresh: 'true', category },
    cache: 'no-store',
    schema: postListSchema,
    signal,
  });
  return result.ok ? result : { ok: true, status: result.status, data: [] };
}

/** One post by slug (or id), with the cache-busting timestamp of spec section 9. */
export function getPost(
  api: ApiClient,
  slug: string,
  { now = Date.now(), signal }: { now?: number; signal?: AbortSignal } = {},
): Promise<ApiResult<Post>> {
  return api.get(`${POSTS_PATH}/${encodeURIComponent(slug)}`, {
    query: { t: now },
    schema: postSchema,
    signal,
  });
}

/** 'Failed to fetch post: {status}' for a post that could not be loaded. */
export function postFailureMessage(status: number): string {
  return messageTemplates.failedToFetchPost(status);
}

export function usePosts(category?: string) {
  return useApiResource(`posts:${category ?? ''}`, (api, signal) =>
    getPosts(api, { category, signal }),
  );
}

export function usePost(slug: string) {
  return useApiResource(`post:${slug}`, (api, signal) => getPost(api, slug, { signal }));
}

export interface PostNeighbours {
  /** The post published just before this one. */
  previous: Post | null;
  /** The post published just after this one. */
  next: Post | null;
}

/** Previous and next in publication order, from a newest-first list. */
export function postNeighbours(posts: readonly Post[], slug: string): PostNeighbours {
  const index = posts.findIndex((post) => post.slug === slug);
  if (index === -1) return { previous: null, next: null };
  return { previous: posts[index + 1] ?? null, next: posts[index - 1] ?? null };
}
