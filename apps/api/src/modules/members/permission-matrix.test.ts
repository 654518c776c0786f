/**
 * The permission matrix: every members, community, moderation and admin endpoint of the domain's
 * catalogue × every role
 * (anonymous, subscriber, member, moderator, admin, banned). The expected status comes from the
 * domain's permission table alone: signed out or banned is 401, a level lacking the route's
 * permission is 403, and a level holding it gets a 2xx with a request that would succeed.
 *
 * FIXTURES is keyed by route name, and the mount check below fails if the community router mounts
 * a route without a fixture (or a fixture names a route it does not mount).
 */
import {
  API_ROUTES,
  apiPath,
  hasPermission,
  type ApiRouteName,
  type RoleLevel,
} from '@quillpost/domain';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MATRIX_ROLES,
  as,
  createUser,
  insertComment,
  insertEvent,
  insertPost,
  insertThread,
  signInAs,
  usersForMatrix,
  type MatrixRole,
  type TestApp,
  type TestUser,
} from '../../test-support/community.js';
import { createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { receiveRemoteReply } from '../discussions/index.js';
import { addRevision, addToTrash, revisionsOf } from '../writing/store.js';
import { communityRoutes } from '../../community.js';

interface Call {
  params?: Record<string, number>;
  body?: object;
  query?: Record<string, string>;
  /** A body that is not JSON: an image's bytes. */
  raw?: { type: string; bytes: Buffer };
}

interface FixtureContext {
  t: TestApp;
  /** The user making the request; null for anonymous. */
  actor: TestUser | null;
  /** A post and a member who is not the actor, made once. */
  postId: number;
  otherId: number;
}

type Fixture = (ctx: FixtureContext) => Call;

const ownComment = ({ t, actor, otherId, postId }: FixtureContext) =>
  insertComment(t, actor?.id ?? otherId, postId);
const othersComment = ({ t, otherId, postId }: FixtureContext) => insertComment(t, otherId, postId);
const hiddenComment = (ctx: FixtureContext) => {
  const id = othersComment(ctx);
  ctx.t.deps.db.prepare(`UPDATE comments SET status = 'hidden' WHERE id = ?`).run(id);
  return id;
};
const reportedComment = (ctx: FixtureContext) => {
  const id = othersComment(ctx);
  const reporter = createUser(ctx.t);
  ctx.t.deps.db
    .prepare(`INSERT INTO comment_reports (comment_id, reporter_id, created_at) VALUES (?, ?, ?)`)
    .run(id, reporter, new Date(ctx.t.clock.now()).toISOString());
  return id;
};
const freshMember = ({ t }: FixtureContext) => createUser(t, { role: 'member' });
let remoteSerial = 0;
/** A reply from another server under the post, held for the owner. */
const heldRemoteReply = ({ t, postId }: FixtureContext) => {
  remoteSerial += 1;
  const author = 'https://elsewhere.example/users/juno';
  return receiveRemoteReply(
    t.deps.db,
    {
      source: 'fediverse',
      objectId: `https://elsewhere.example/notes/matrix-${remoteSerial}`,
      url: `https://elsewhere.example/@juno/matrix-${remoteSerial}`,
      inReplyTo: { itemId: postId },
      author: { id: author, name: 'Juno', handle: null, url: author, avatarSource: null },
      html: '<p>From afar</p>',
    },
    new Date(t.clock.now()).toISOString(),
  )!.id;
};
let subscriberSerial = 0;
/** A confirmed subscriber of its own, for the calls that open or unsubscribe one. */
const freshSubscriber = ({ t }: FixtureContext) => {
  subscriberSerial += 1;
  const now = new Date(t.clock.now()).toISOString();
  return Number(
    t.deps.db
      .prepare(
        `INSERT INTO subscriptions (email, status, verified, link_key, subscribed_at, verified_at,
           created_at, updated_at) VALUES (?, 'active', 1, 'k', ?, ?, ?, ?)`,
      )
      .run(`matrix-${subscriberSerial}@example.com`, now, now, now, now).lastInsertRowid,
  );
};
const bannedMember = ({ t }: FixtureContext) => {
  const id = createUser(t, { role: 'member' });
  const until = new Date(t.clock.now() + 3_600_000).toISOString();
  t.deps.db
    .prepare(`UPDATE users SET banned_at = ?, banned_until = ? WHERE id = ?`)
    .run(new Date(t.clock.now()).toISOString(), until, id);
  return id;
};
const MATRIX_ENTRY = '---\ntitle: Matrix entry\ndate: 2025-05-01\n---\n\nWritten for the matrix.\n';
let files = 0;

/** A journal entry on disk, synced: what the editor's calls work on. */
const entryFile = ({ t }: FixtureContext): string => {
  files += 1;
  const relative = `journal/matrix-${files}.md`;
  const file = path.join(t.deps.env.CONTENT_DIR, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, MATRIX_ENTRY);
  syncContent(t.deps.db, t.deps.env.CONTENT_DIR, t.clock, t.deps.logger);
  return relative;
};

let tinyJpeg: Buffer;

const EVENT_BODY = {
  title: 'Reading night',
  startsAt: '2026-03-10T19:00',
  timeZone: 'Europe/London',
  location: 'The library',
};

const FIXTURES = {
  dashboard: () => ({}),
  profileGet: () => ({}),
  profileUpdate: () => ({ body: { bio: 'Reads a lot.' } }),
  notificationsGet: () => ({}),
  notificationsUpdate: () => ({ body: { replies: true } }),
  dataExport: () => ({}),
  // A fresh account per request: deleting is the whole point of the call.
  accountDelete: () => ({ body: { confirmDelete: true } }),
  directory: () => ({}),
  bookmarkList: () => ({}),
  bookmarkStatus: ({ postId }) => ({ params: { postId } }),
  bookmarkAdd: ({ postId }) => ({ params: { postId } }),
  bookmarkRemove: ({ postId }) => ({ params: { postId } }),
  threadList: () => ({}),
  threadCreate: () => ({ body: { title: 'Favourite notebooks', body: 'Which do you use?' } }),
  threadGet: ({ t, otherId }) => ({ params: { threadId: insertThread(t, otherId) } }),
  postThreadGet: ({ postId }) => ({ params: { postId } }),
  threadComment: ({ t, otherId }) => ({
    params: { threadId: insertThread(t, otherId) },
    body: { body: 'Me too.' },
  }),
  postComment: ({ postId }) => ({ params: { postId }, body: { body: 'Lovely post.' } }),
  commentEdit: (ctx) => ({ params: { commentId: ownComment(ctx) }, body: { body: 'Edited.' } }),
  commentDelete: (ctx) => ({ params: { commentId: ownComment(ctx) } }),
  commentReport: (ctx) => ({ params: { commentId: othersComment(ctx) }, body: { reason: 'Rude' } }),
  eventList: () => ({}),
  eventCalendar: ({ t }) => ({ params: { eventId: insertEvent(t) } }),
  eventRsvp: ({ t }) => ({ params: { eventId: insertEvent(t) } }),
  eventRsvpCancel: ({ t }) => ({ params: { eventId: insertEvent(t) } }),
  moderationQueue: () => ({}),
  commentHide: (ctx) => ({ params: { commentId: reportedComment(ctx) }, body: { reason: 'Rude' } }),
  commentUnhide: (ctx) => ({ params: { commentId: hiddenComment(ctx) } }),
  commentRemove: (ctx) => ({ params: { commentId: reportedComment(ctx) } }),
  reportsDismiss: (ctx) => ({ params: { commentId: reportedComment(ctx) } }),
  moderationUser: (ctx) => ({ params: { userId: freshMember(ctx) } }),
  userWarn: (ctx) => ({ params: { userId: freshMember(ctx) }, body: { reason: 'Be kind.' } }),
  userTempBan: (ctx) => ({
    params: { userId: freshMember(ctx) },
    body: { hours: 24, reason: 'Cooling off.' },
  }),
  userUnban: (ctx) => ({ params: { userId: bannedMember(ctx) } }),
  moderationLog: () => ({ query: { page: '1' } }),
  adminRemoteReplies: () => ({ query: { status: 'held' } }),
  adminRemoteReplyApprove: (ctx) => ({ params: { replyId: heldRemoteReply(ctx) } }),
  adminRemoteReplyReject: (ctx) => ({ params: { replyId: heldRemoteReply(ctx) } }),
  adminUsers: () => ({ query: { q: 'example' } }),
  adminRoleAssign: (ctx) => ({ params: { userId: freshMember(ctx) }, body: { role: 'moderator' } }),
  adminBan: (ctx) => ({ params: { userId: freshMember(ctx) }, body: { reason: 'Spam.' } }),
  adminUserDelete: (ctx) => ({ params: { userId: freshMember(ctx) } }),
  adminSubscribers: () => ({ query: { status: 'pending' } }),
  adminSubscribersExport: () => ({ query: { status: 'active' } }),
  adminSubscribersImport: () => ({
    body: { csv: 'email,name,consent\nnew@example.com,New,yes\n' },
  }),
  adminSubscriber: (ctx) => ({ params: { subscriberId: freshSubscriber(ctx) } }),
  adminSubscriberUnsubscribe: (ctx) => ({ params: { subscriberId: freshSubscriber(ctx) } }),
  adminImport: () => ({
    query: { source: 'csv', name: 'list.csv', dryRun: 'true' },
    raw: { type: 'application/octet-stream', bytes: Buffer.from('email\nnew@example.com\n') },
  }),
  adminExport: () => ({}),
  adminAnalytics: () => ({}),
  adminFediverse: () => ({}),
  adminFediverseFollowers: () => ({ query: { page: '1' } }),
  adminFediverseDeliveries: () => ({}),
  adminFediverseBlocks: () => ({}),
  // An account: what a moderator may block (a server is the owner's, fediverse/blocks.test.ts).
  adminFediverseBlockCreate: () => ({ body: { kind: 'account', value: '@spam@blocked.example' } }),
  adminFediverseBlockDelete: ({ t }) => ({
    params: {
      blockId: Number(
        t.deps.db
          .prepare(
            `INSERT INTO fediverse_blocks (kind, value, created_at)
             VALUES ('account', '@matrix' || abs(random()) || '@blocked.example',
               '2026-01-01T00:00:00.000Z')`,
          )
          .run().lastInsertRowid,
      ),
    },
  }),
  adminAnalyticsTraffic: () => ({ query: { from: '2025-12-01', to: '2026-01-01' } }),
  adminAnalyticsIssue: () => ({ query: { path: '/posts/matrix-post' } }),
  adminSettingsGet: () => ({}),
  adminSettingsUpdate: () => ({ body: { announcement: 'Welcome!' } }),
  adminContentSync: () => ({}),
  adminSiteGet: () => ({}),
  adminSiteUpdate: () => ({ body: { title: 'Matrix site', owner: { name: 'Matrix owner' } } }),
  adminWritingList: () => ({}),
  adminWritingCreate: () => ({ body: { kind: 'journal', title: 'Matrix entry' } }),
  adminWritingFile: (ctx) => ({ query: { path: entryFile(ctx) } }),
  adminWritingSave: (ctx) => ({
    body: {
      path: entryFile(ctx),
      version: createHash('sha256').update(MATRIX_ENTRY).digest('hex'),
      frontMatter: { title: 'Matrix entry, edited', date: '2025-05-01' },
      body: 'Edited for the matrix.',
    },
  }),
  adminWritingRemove: (ctx) => ({ query: { path: entryFile(ctx) } }),
  adminWritingPreview: () => ({ body: { kind: 'post', body: 'A *preview*.' } }),
  adminWritingRevisions: (ctx) => ({ query: { path: entryFile(ctx) } }),
  adminWritingRevision: ({ t }) => {
    addRevision(t.deps.db, {
      path: 'journal/a.md',
      text: 'Before.',
      savedAt: '2025-05-01T00:00:00.000Z',
      savedBy: null,
    });
    return { params: { revisionId: revisionsOf(t.deps.db, 'journal/a.md')[0]!.id } };
  },
  adminWritingRevisionRestore: (ctx) => {
    const path = entryFile(ctx);
    addRevision(ctx.t.deps.db, {
      path,
      text: MATRIX_ENTRY.replace('Written', 'First written'),
      savedAt: '2025-05-01T00:00:00.000Z',
      savedBy: null,
    });
    return {
      params: { revisionId: revisionsOf(ctx.t.deps.db, path)[0]!.id },
      body: { version: createHash('sha256').update(MATRIX_ENTRY).digest('hex') },
    };
  },
  adminWritingTrash: () => ({}),
  adminWritingTrashRestore: ({ t }) => {
    files += 1;
    const trashId = addToTrash(t.deps.db, {
      path: `journal/trashed-${files}.md`,
      title: 'Trashed',
      text: MATRIX_ENTRY,
      removedAt: '2025-05-01T00:00:00.000Z',
    });
    return { params: { trashId } };
  },
  adminImageUpload: () => ({
    query: { name: 'matrix.jpg' },
    raw: { type: 'image/jpeg', bytes: tinyJpeg },
  }),
  adminEvents: () => ({}),
  adminEventCreate: () => ({ body: EVENT_BODY }),
  adminEventUpdate: ({ t }) => ({ params: { eventId: insertEvent(t) }, body: EVENT_BODY }),
  adminEventDelete: ({ t }) => ({ params: { eventId: insertEvent(t) } }),
} satisfies Partial<Record<ApiRouteName, Fixture>>;
type CommunityRouteName = keyof typeof FIXTURES;

/** What the domain's permission table says this role gets from a route. */
function expectedStatus(role: MatrixRole, name: CommunityRouteName): '2xx' | 401 | 403 {
  if (role === 'anonymous' || role === 'banned') return 401;
  return hasPermission(role satisfies RoleLevel, API_ROUTES[name].permission) ? '2xx' : 403;
}

let t: TestApp;
let users: Record<MatrixRole, TestUser | null>;
let postId: number;
let otherId: number;

beforeAll(async () => {
  t = createTestApp();
  tinyJpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#345678' } })
    .jpeg()
    .toBuffer();
  users = await usersForMatrix(t);
  postId = insertPost(t, { slug: 'matrix-post', title: 'Matrix post' });
  otherId = createUser(t, { name: 'Other Member' });
});

afterAll(() => t?.cleanup());

describe('the fixtures', () => {
  it('cover exactly what the community router mounts', () => {
    const mounted: ApiRouteName[] = [];
    communityRoutes(t.deps, { onMount: (name) => mounted.push(name) });
    expect(mounted.sort()).toEqual(Object.keys(FIXTURES).sort());
  });
});

const cases = (Object.keys(FIXTURES) as CommunityRouteName[]).flatMap((name) =>
  MATRIX_ROLES.map((role) => [name, role, expectedStatus(role, name)] as const),
);

describe('the permission matrix', () => {
  it.each(cases)('%s as %s → %s', async (name, role, expected) => {
    const route = API_ROUTES[name];
    let actor = users[role];
    // Deleting an account ends it, so each role that may do it deletes a fresh one of its own.
    if (name === 'accountDelete' && expected === '2xx' && actor) {
      actor = await signInAs(t, role as Exclude<RoleLevel, 'anonymous'>);
    }
    const call: Call = FIXTURES[name]({ t, actor, postId, otherId });
    let path = apiPath(route, call.params);
    if (call.query) path += `?${new URLSearchParams(call.query).toString()}`;
    const client = as(t, actor);
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    const res = await (call.raw
      ? request(t.app)
          .post(path)
          .set(actor?.cookie ? { Cookie: actor.cookie } : {})
          .set('Content-Type', call.raw.type)
          .send(call.raw.bytes)
      : method === 'get'
        ? client.get(path)
        : client[method](path, call.body));
    if (expected === '2xx') {
      expect(res.status, `${res.status} ${res.text.slice(0, 200)}`).toBeGreaterThanOrEqual(200);
      expect(res.status, `${res.status} ${res.text.slice(0, 200)}`).toBeLessThan(300);
    } else {
      expect(res.status, res.text.slice(0, 200)).toBe(expected);
      expect(res.body).toMatchObject({
        success: false,
        code: expected === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN',
      });
    }
  });
});
