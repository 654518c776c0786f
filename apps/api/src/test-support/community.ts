/**
 * Test helpers for the members area and community: a test app, signed-in users of every role
 * (through the real magic-link flow), posts in content_items, and comments made the way the
 * service makes them.
 */
import type { RoleLevel } from '@quillpost/domain';
import request from 'supertest';
import { banUser } from '../modules/auth/index.js';
import { commentOnPost, startThread } from '../modules/discussions/index.js';
import { listOutbox } from '../mail/outbox.js';
import { subscribe, verify } from '../modules/subscriptions/service.js';
import { signInWithMagicLink } from './auth.js';
import type { createTestApp } from './test-app.js';

export type TestApp = ReturnType<typeof createTestApp>;

/** The roles of the permission matrix: the five levels plus a banned member. */
export const MATRIX_ROLES = [
  'anonymous',
  'subscriber',
  'member',
  'moderator',
  'admin',
  'banned',
] as const;
export type MatrixRole = (typeof MATRIX_ROLES)[number];

export interface TestUser {
  id: number;
  email: string;
  /** `qp_session=...`, or '' for nobody. */
  cookie: string;
}

let serial = 0;

/**
 * Signs a user of a role in through the real magic-link flow; a new address gets a user with that
 * role first (a role change would end the session), a known one is signed in again. The magic-link limit is 5 a minute per IP, so the
 * test clock moves 13 s after each sign-in.
 */
export async function signInAs(
  t: TestApp,
  role: Exclude<RoleLevel, 'anonymous'>,
  options: { name?: string; email?: string } = {},
): Promise<TestUser> {
  serial += 1;
  const email = options.email ?? `${role}-${serial}@example.com`;
  const known = t.deps.db.prepare('SELECT 1 FROM users WHERE email = ?').get(email);
  if (!known) createUser(t, { role, email, name: options.name ?? null });
  const cookie = await signInWithMagicLink(t.app, t.deps, email);
  t.clock.advance(13_000);
  const id = t.deps.db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as number;
  return { id, email, cookie };
}

/** A user of each matrix role; the banned one signed in before the ban, so holds a dead cookie. */
export async function usersForMatrix(t: TestApp): Promise<Record<MatrixRole, TestUser | null>> {
  const banned = await signInAs(t, 'member', { name: 'Banned Member' });
  banUser(t.deps, banned.id, { until: new Date(t.clock.now() + 86_400_000), reason: 'test' });
  return {
    anonymous: null,
    subscriber: await signInAs(t, 'subscriber', { name: 'Sub Scriber' }),
    member: await signInAs(t, 'member', { name: 'Mem Ber' }),
    moderator: await signInAs(t, 'moderator', { name: 'Mod Erator' }),
    admin: await signInAs(t, 'admin', { name: 'Ad Min' }),
    banned,
  };
}

/** A user row with no session, for targets of moderation and admin actions. */
export function createUser(
  t: TestApp,
  options: { role?: string; name?: string | null; email?: string } = {},
): number {
  serial += 1;
  const now = new Date(t.clock.now()).toISOString();
  const { lastInsertRowid } = t.deps.db
    .prepare(
      `INSERT INTO users (email, email_verified, name, role, link_key, created_at, updated_at)
       VALUES (?, 1, ?, ?, lower(hex(randomblob(16))), ?, ?)`,
    )
    .run(
      options.email ?? `user-${serial}@example.com`,
      options.name === undefined ? `User ${serial}` : options.name,
      options.role ?? 'member',
      now,
      now,
    );
  return Number(lastInsertRowid);
}

/** A published post straight into content_items (no Markdown sync needed). */
export function insertPost(
  t: TestApp,
  options: {
    slug?: string;
    title?: string;
    publishedAt?: string;
    status?: string;
    kind?: 'post' | 'journal' | 'poem';
  } = {},
): number {
  serial += 1;
  const kind = options.kind ?? 'post';
  const slug = options.slug ?? `post-${serial}`;
  const now = new Date(t.clock.now()).toISOString();
  const { lastInsertRowid } = t.deps.db
    .prepare(
      `INSERT INTO content_items (kind, slug, source_path, source_hash, status, title, published_at,
         excerpt_short, html, body_text, word_count, reading_minutes, synced_at)
       VALUES (@kind, @slug, @path, 'hash', @status, @title, @publishedAt, @excerpt, '<p>Body</p>',
         'Body', 1, 1, @now)`,
    )
    .run({
      kind,
      slug,
      path: `${{ post: 'posts', journal: 'journal', poem: 'poetry' }[kind]}/${slug}.md`,
      status: options.status ?? 'published',
      title: options.title ?? `Post ${serial}`,
      publishedAt: options.publishedAt ?? '2025-06-01T00:00:00.000Z',
      excerpt: `About ${slug}`,
      now,
    });
  return Number(lastInsertRowid);
}

const nowOf = (t: TestApp) => new Date(t.clock.now()).toISOString();

/** A comment by `authorId` on a post (made through the service, so no rate limit applies). */
export function insertComment(
  t: TestApp,
  authorId: number,
  postId: number,
  body = 'A comment worth reading.',
): number {
  return commentOnPost(t.deps.db, { id: authorId, seesHidden: false }, postId, { body }, nowOf(t))
    .id;
}

export function insertThread(t: TestApp, authorId: number, title = 'A general thread'): number {
  return startThread(
    t.deps.db,
    { id: authorId, seesHidden: false },
    { title, body: 'Opening words.' },
    nowOf(t),
  ).thread.id!;
}

export function insertEvent(
  t: TestApp,
  options: { title?: string; startsAt?: string; status?: string; timeZone?: string } = {},
): number {
  const now = nowOf(t);
  const { lastInsertRowid } = t.deps.db
    .prepare(
      `INSERT INTO events (title, description, starts_at, ends_at, time_zone, location, status,
         created_at, updated_at)
       VALUES (?, 'Bring a book.', ?, NULL, ?, 'The library', ?, ?, ?)`,
    )
    .run(
      options.title ?? 'Reading night',
      options.startsAt ?? new Date(t.clock.now() + 7 * 86_400_000).toISOString(),
      options.timeZone ?? 'Europe/London',
      options.status ?? 'published',
      now,
      now,
    );
  return Number(lastInsertRowid);
}

/** A supertest request as a user (or nobody), JSON in and out like the web client. */
export function as(t: TestApp, user: TestUser | null) {
  const withCookie = <R extends request.Test>(req: R): R =>
    user?.cookie ? (req.set('Cookie', user.cookie) as R) : req;
  const agent = request(t.app);
  return {
    get: (path: string) => withCookie(agent.get(path)),
    post: (path: string, body?: object) => withCookie(agent.post(path)).send(body ?? {}),
    put: (path: string, body?: object) => withCookie(agent.put(path)).send(body ?? {}),
    patch: (path: string, body?: object) => withCookie(agent.patch(path)).send(body ?? {}),
    delete: (path: string, body?: object) =>
      body ? withCookie(agent.delete(path)).send(body) : withCookie(agent.delete(path)),
  };
}

/** A confirmed newsletter subscription for an address, with its consent records. */
export function confirmedSubscription(t: TestApp, email: string, name?: string): void {
  subscribe(t.deps, { email, name, wantsAccount: true, source: 'subscribe-form@/', ipHash: null });
  const mail = listOutbox(t.deps, { recipient: email, kind: 'subscription-confirmation' })[0]!;
  const token = /verify=([A-Za-z0-9_-]+)/.exec(mail.body!.text)![1]!;
  verify(t.deps, token, { ipHash: null });
}
