/**
 * Test helpers for reading pages: a fake API client answering 'GET /path' from a table, sample
 * content shaped like the API's, and a renderer with the providers pages need.
 */
import type { Book, Category, Post } from '@quillpost/domain';
import type { ApiClient, ApiResult, RequestOptions } from '../../../lib/api-client';
import { renderAppWithClient } from '../../../test/render-app';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  cache?: RequestCache;
}

export type FakeAnswer = { status?: number; body: unknown } | { status: number; code: string };
export type FakeRoutes = Record<string, FakeAnswer | ((request: FakeRequest) => FakeAnswer)>;

/**
 * An ApiClient that answers from `routes` ('GET /api/posts' -> answer). Unknown paths answer 404
 * NOT_FOUND, like the real API. Answers go through the request's schema, as the real client does.
 */
export function createFakeApi(routes: FakeRoutes): { api: ApiClient; requests: FakeRequest[] } {
  const requests: FakeRequest[] = [];

  async function request<T>(
    method: string,
    path: string,
    options: RequestOptions<T> = {},
  ): Promise<ApiResult<T>> {
    const call: FakeRequest = { method, path, query: { ...options.query }, cache: options.cache };
    requests.push(call);
    const route = routes[`${method} ${path}`];
    const answer = typeof route === 'function' ? route(call) : route;
    if (!answer) return { ok: false, status: 404, code: 'NOT_FOUND', message: 'Not found' };
    if ('code' in answer) {
      return { ok: false, status: answer.status, code: answer.code, message: answer.code };
    }
    if (!options.schema) return { ok: true, status: answer.status ?? 200, data: answer.body as T };
    const parsed = options.schema.safeParse(answer.body);
    return parsed.success
      ? { ok: true, status: answer.status ?? 200, data: parsed.data }
      : { ok: false, status: 200, code: 'INVALID_RESPONSE', message: 'Request failed' };
  }

  const api: ApiClient = {
    request: (method, path, options) => request(method, path, options),
    get: (path, options) => request('GET', path, options),
    post: (path, body, options) => request('POST', path, { ...options, body }),
    put: (path, body, options) => request('PUT', path, { ...options, body }),
    delete: (path, body, options) => request('DELETE', path, { ...options, body }),
    url: (path) => path,
  };
  return { api, requests };
}

export const SIGNED_OUT_ROUTES: FakeRoutes = {
  'GET /api/auth/session': { body: { success: true, authenticated: false, session: null } },
};

export const SIGNED_IN_ROUTES: FakeRoutes = {
  'GET /api/auth/session': {
    body: {
      success: true,
      authenticated: true,
      session: {
        level: 'member',
        createdAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2026-12-01T00:00:00.000Z',
      },
    },
  },
  'GET /api/auth/me': {
    body: {
      success: true,
      user: {
        email: 'reader@example.com',
        name: 'Ada Reader',
        role: 'member',
        avatar_url: null,
        subscription_status: null,
      },
      session: {
        level: 'member',
        createdAt: '2026-01-01T00:00:00.000Z',
        expiresAt: '2026-12-01T00:00:00.000Z',
      },
      subscription: null,
      primaryAccount: null,
      linkedAccounts: [],
    },
  },
};

let nextId = 1;

export function samplePost(overrides: Partial<Post> = {}): Post {
  const id = String(nextId++);
  const slug = overrides.slug ?? `post-${id}`;
  return {
    id,
    title: `Post ${id}`,
    slug,
    excerpt_short: `The short excerpt of ${slug}.`,
    excerpt_medium: `The medium excerpt of ${slug}.`,
    excerpt_long: `The long excerpt of ${slug}.`,
    content: `<p>The body of ${slug}.</p>`,
    featured_image_url: null,
    date: '2026-01-11T00:00:00.000Z',
    category: 'learn',
    sub_category: 'notes',
    keywords: '',
    tags: [],
    author_id: 'rowan',
    author_name: 'Rowan Ellis',
    author_avatar: null,
    status: 'published',
    reading_minutes: 4,
    ...overrides,
  };
}

export function sampleBook(overrides: Partial<Book> = {}): Book {
  const id = String(nextId++);
  const slug = overrides.slug ?? `book-${id}`;
  return {
    id,
    slug,
    title: `Book ${id}`,
    date: '2026-01-01T00:00:00.000Z',
    updated_at: null,
    excerpt_short: '',
    excerpt_medium: '',
    excerpt_long: '',
    content: '<p>Notes.</p>',
    reading_minutes: 1,
    tags: [],
    author: 'An Author',
    cover_url: null,
    status: 'read',
    rating: null,
    year: 2000,
    started: null,
    finished: null,
    quotes: [],
    ...overrides,
  };
}

export const SAMPLE_CATEGORIES: Category[] = [
  { slug: 'build', name: 'Build', count: 1, sub_categories: [] },
  { slug: 'learn', name: 'Learn', count: 1, sub_categories: [] },
  { slug: 'write', name: 'Write', count: 1, sub_categories: [] },
];

/** The whole app at `url`, its content answered by `api` (createFakeApi above). */
export function renderPage(url: string, { api }: { api: ApiClient }) {
  return renderAppWithClient(api, { path: url });
}
