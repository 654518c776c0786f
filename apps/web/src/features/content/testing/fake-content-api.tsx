/**
 * Test helpers for reading pages: a fake API client answering 'GET /path' from a table, sample
 * content shaped like the API's, and a renderer with the providers pages need.
 */
import type { Book, Category, Post } from '@quillpost/domain';
import type { ApiClient } from '../../../lib/api-client';
import { createFakeApi as createCheckedFakeApi, SITE, type FakeCall } from '../../../test/fake-api';
import { renderAppWithClient } from '../../../test/render-app';

export interface FakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  cache?: RequestCache;
}

export type FakeAnswer = { status?: number; body: unknown } | { status: number; code: string };
export type FakeRoutes = Record<string, FakeAnswer | ((request: FakeRequest) => FakeAnswer)>;

/**
 * An API client answering from `routes` ('GET /api/posts' -> answer) through test/fake-api.ts,
 * so requests and answers are checked against the endpoint catalogue. Unknown paths answer 404
 * NOT_FOUND, like the real API.
 */
export function createFakeApi(routes: FakeRoutes): { api: ApiClient; requests: FakeRequest[] } {
  const requestOf = (call: FakeCall): FakeRequest => ({
    method: call.method,
    path: call.path,
    query: Object.fromEntries(call.query),
    cache: call.cache,
  });
  const table = Object.fromEntries(
    Object.entries(routes).map(([key, route]) => [
      key,
      (call: FakeCall) => {
        const answer = typeof route === 'function' ? route(requestOf(call)) : route;
        return 'code' in answer
          ? { status: answer.status, body: { success: false, code: answer.code, message: 'x' } }
          : answer;
      },
    ]),
  );
  const requests: FakeRequest[] = [];
  const { api } = createCheckedFakeApi(table, { onCall: (call) => requests.push(requestOf(call)) });
  return { api, requests };
}

export const SIGNED_OUT_ROUTES: FakeRoutes = {
  'GET /api/site': { body: SITE },
  'GET /api/auth/session': { body: { success: true, authenticated: false, session: null } },
};

export const SIGNED_IN_ROUTES: FakeRoutes = {
  'GET /api/site': { body: SITE },
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
    featured_image_variants: null,
    date: '2026-01-11T00:00:00.000Z',
    category: 'learn',
    sub_category: 'notes',
    keywords: '',
    tags: [],
    author_id: 'rowan',
    author_name: 'Rowan Ellis',
    author_avatar: null,
    author_bio: null,
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
    cover_variants: null,
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
