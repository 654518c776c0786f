/**
 * The browser's ContentReader: route loaders read content through the API's read endpoints
 * (spec section 7 and issue 5). On the server the API hands the same loaders a reader backed by
 * its content service, so a page's data is fetched one way per side and shaped once.
 */
import type { ContentReader } from '@quillpost/domain';
import type { ApiClient } from '../../../lib/api-client';

export interface HttpContentReaderOptions {
  /** The cache-busting timestamp of spec section 9; the current time unless a test fixes it. */
  now?: () => number;
}

export function createHttpContentReader(
  api: ApiClient,
  { now = Date.now }: HttpContentReaderOptions = {},
): ContentReader {
  return {
    // Spec section 7: post lists carry t={timestamp} and refresh=true and skip the HTTP cache;
    // one post carries t={timestamp}.
    posts: (category) =>
      api.call('posts', {
        query: { t: String(now()), refresh: 'true', category },
        cache: 'no-store',
      }),
    post: (id) => api.call('post', { params: { id }, query: { t: String(now()) } }),
    journal: () => api.call('journal'),
    journalEntry: (slug) => api.call('journalEntry', { params: { slug } }),
    poems: () => api.call('poems'),
    poem: (slug) => api.call('poem', { params: { slug } }),
    books: (list) => api.call('books', { query: { list } }),
    book: (slug) => api.call('book', { params: { slug } }),
    projects: () => api.call('projects'),
    project: (slug) => api.call('project', { params: { slug } }),
    now: () => api.call('now'),
    nowArchives: () => api.call('nowArchives'),
    nowArchive: (slug) => api.call('nowArchive', { params: { slug } }),
    categories: () => api.call('categories'),
    links: () => api.call('links'),
    page: (slug) => api.call('page', { params: { slug } }),
  };
}
