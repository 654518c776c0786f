/**
 * Canned answers for the members area's calls, for component tests with the fake API client
 * (src/test/fake-api.ts). Each test starts from `memberRoutes()` and overrides what it needs.
 */
import type {
  AdminUser,
  Bookmark,
  CommentWithReplies,
  MemberEvent,
  QueueItem,
  RemoteReply,
  Site,
  ThreadSummary,
} from '@quillpost/domain';
import { SITE, signedIn, type FakeRoute } from '../../../test/fake-api';

export const NOW = '2026-01-10T09:00:00.000Z';

export const bookmark = (over: Partial<Bookmark> = {}): Bookmark => ({
  postId: '12',
  slug: 'small-tools',
  title: 'Small tools',
  excerpt: 'On tools that do one thing.',
  date: '2025-06-01T00:00:00.000Z',
  bookmarkedAt: NOW,
  ...over,
});

export const event = (over: Partial<MemberEvent> = {}): MemberEvent => ({
  id: 3,
  title: 'Reading night',
  description: 'Bring a book.',
  startsAt: '2026-03-10T19:00:00.000Z',
  endsAt: null,
  timeZone: 'Europe/London',
  location: 'The library',
  url: null,
  status: 'published',
  goingCount: 2,
  going: false,
  ...over,
});

export const person = (id: number, name: string) => ({ id, name, avatarUrl: null });

export const comment = (over: Partial<CommentWithReplies> = {}): CommentWithReplies => ({
  id: 1,
  threadId: 5,
  parentId: null,
  author: { ...person(7, 'Grace'), level: 'member' },
  body: 'Hello there',
  status: 'visible',
  createdAt: NOW,
  editedAt: null,
  mine: false,
  reportedByMe: false,
  replies: [],
  ...over,
});

export const thread = (over: Partial<ThreadSummary> = {}): ThreadSummary => ({
  id: 5,
  kind: 'general',
  title: 'Favourite notebooks',
  post: null,
  author: person(7, 'Grace'),
  createdAt: NOW,
  lastActivityAt: NOW,
  commentCount: 1,
  ...over,
});

export const adminUser = (over: Partial<AdminUser> = {}): AdminUser => ({
  id: 9,
  name: 'Grace Hopper',
  avatarUrl: null,
  email: 'grace@example.com',
  role: 'member',
  level: 'member',
  createdAt: NOW,
  lastSignInAt: NOW,
  providers: ['email'],
  ban: null,
  ...over,
});

export const queueItem = (over: Partial<QueueItem> = {}): QueueItem => ({
  comment: { ...comment({ body: 'You are all wrong' }), replies: undefined } as never,
  thread: { id: 5, title: 'Small tools', itemPath: '/posts/small-tools' },
  reports: [{ id: 1, reason: 'Rude', reporter: person(8, 'Bob'), createdAt: NOW }],
  ...over,
});

/** A reply from another server, held for the moderators. */
export const remoteReply = (over: Partial<RemoteReply> = {}): RemoteReply => ({
  id: 11,
  source: 'fediverse',
  status: 'held',
  post: { title: 'Small tools', path: '/posts/small-tools' },
  author: {
    name: 'Juno',
    handle: '@juno@elsewhere.example',
    url: 'https://elsewhere.example/@juno',
    avatarUrl: null,
  },
  text: 'Lovely post',
  url: 'https://elsewhere.example/@juno/1',
  receivedAt: NOW,
  ...over,
});

const ok = (body: object) => ({ body: { success: true, ...body } });

/** GET /api/site for a site in another language or time zone, which dates must follow. */
export const siteWith = (over: Partial<Site>): Record<string, FakeRoute> => ({
  'GET /api/site': { body: { ...SITE, ...over } },
});

/** A signed-in user (member by default) and empty answers for every members call. */
export function memberRoutes(
  role: 'member' | 'moderator' | 'admin' | 'subscriber' = 'member',
  over: Record<string, FakeRoute> = {},
): Record<string, FakeRoute> {
  const base = signedIn({ role, name: 'Ada Lovelace', email: 'ada@example.com' });
  const session = { level: role, createdAt: NOW, expiresAt: '2026-02-01T00:00:00.000Z' };
  return {
    ...base,
    'GET /api/auth/session': { body: { success: true, authenticated: true, session } },
    'GET /api/members/dashboard': ok({
      announcement: '',
      bookmarks: [],
      posts: [],
      events: [],
      warnings: [],
      profileComplete: true,
    }),
    'GET /api/members/bookmarks': ok({ bookmarks: [] }),
    'GET /api/discussions': ok({ threads: [] }),
    'GET /api/events': ok({ events: [] }),
    'GET /api/members/directory': ok({ open: true, members: [] }),
    'GET /api/members/notifications': ok({ notifications: { replies: true } }),
    'GET /api/admin/fediverse/replies': { body: { items: [] } },
    ...over,
  };
}

/** Loads the lazy members chunks up front, so the first test of a file does not wait on them. */
export async function preloadMembersArea(): Promise<void> {
  await Promise.all([
    import('../pages/members-layout'),
    import('../pages/dashboard-page'),
    import('../pages/moderation-page'),
    import('../../console/pages/console-page'),
    import('../../content'),
    import('../../sign-in/sign-in-dialog'),
  ]);
}
