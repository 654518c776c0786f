/**
 * The browser's ContentReader: route loaders read content through the API's read endpoints
 * (spec section 7 and issue 5). On the server the API hands the same loaders a reader backed by
 * its content service, so a page's data is fetched one way per side and shaped once.
 */
import type { ContentReader, ContentResult } from '@quillpost/domain';
import type { ApiClient, QueryValue, ResponseSchema } from '../../../lib/api-client';
import {
  isBook,
  isCategory,
  isJournalEntry,
  isLinksPage,
  isNowArchiveSummary,
  isNowPage,
  isPage,
  isPoem,
  isPost,
  isProject,
  listOf,
  schemaOf,
} from './content-guards';

const schemas = {
  posts: schemaOf(listOf(isPost)),
  post: schemaOf(isPost),
  journal: schemaOf(listOf(isJournalEntry)),
  journalEntry: schemaOf(isJournalEntry),
  poems: schemaOf(listOf(isPoem)),
  poem: schemaOf(isPoem),
  books: schemaOf(listOf(isBook)),
  book: schemaOf(isBook),
  projects: schemaOf(listOf(isProject)),
  project: schemaOf(isProject),
  now: schemaOf(isNowPage),
  nowArchives: schemaOf(listOf(isNowArchiveSummary)),
  categories: schemaOf(listOf(isCategory)),
  links: schemaOf(isLinksPage),
  page: schemaOf(isPage),
};

export interface HttpContentReaderOptions {
  /** The cache-busting timestamp of spec section 9; the current time unless a test fixes it. */
  now?: () => number;
}

export function createHttpContentReader(
  api: ApiClient,
  { now = Date.now }: HttpContentReaderOptions = {},
): ContentReader {
  const get = <T>(
    path: string,
    schema: ResponseSchema<T>,
    options: { query?: Record<string, QueryValue>; cache?: RequestCache } = {},
  ): Promise<ContentResult<T>> => api.get(path, { ...options, schema });
  const item = (base: string, slug: string) => `${base}/${encodeURIComponent(slug)}`;

  return {
    // Spec section 7: post lists carry t={timestamp} and refresh=true and skip the HTTP cache;
    // one post carries t={timestamp}.
    posts: (category) =>
      get('/api/posts', schemas.posts, {
        query: { t: now(), refresh: 'true', category },
        cache: 'no-store',
      }),
    post: (slug) => get(item('/api/posts', slug), schemas.post, { query: { t: now() } }),
    journal: () => get('/api/journal', schemas.journal),
    journalEntry: (slug) => get(item('/api/journal', slug), schemas.journalEntry),
    poems: () => get('/api/poetry', schemas.poems),
    poem: (slug) => get(item('/api/poetry', slug), schemas.poem),
    books: (list) => get('/api/books', schemas.books, { query: { list } }),
    book: (slug) => get(item('/api/books', slug), schemas.book),
    projects: () => get('/api/projects', schemas.projects),
    project: (slug) => get(item('/api/projects', slug), schemas.project),
    now: () => get('/api/now', schemas.now),
    nowArchives: () => get('/api/now/archives', schemas.nowArchives),
    nowArchive: (slug) => get(item('/api/now/archives', slug), schemas.now),
    categories: () => get('/api/categories', schemas.categories),
    links: () => get('/api/links', schemas.links),
    page: (slug) => get(item('/api/pages', slug), schemas.page),
  };
}
