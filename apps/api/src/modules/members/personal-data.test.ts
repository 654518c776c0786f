/**
 * "Delete my account" and "download my data" walk the personal-data registry (issue 21): every
 * table about people is in it, and an erased member leaves no byte that names them.
 */
import fs from 'node:fs';
import { apiPath, API_ROUTES } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/connection.js';
import {
  as,
  createUser,
  insertEvent,
  insertPost,
  signInAs,
  type TestApp,
} from '../../test-support/community.js';
import { storeDeclarations } from '../../test-support/table-owners.js';
import { testAppPerTest } from '../../test-support/test-app.js';
import { subscribe, verify } from '../subscriptions/service.js';
import { listOutbox } from '../../mail/outbox.js';
import { PERSONAL_DATA } from './personal-data.js';

const { testApp } = testAppPerTest();

/** The bytes of the database file and its WAL, after a checkpoint. */
function fileBytes(db: Db): string {
  db.pragma('wal_checkpoint(TRUNCATE)');
  return [db.name, `${db.name}-wal`]
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file).toString('latin1'))
    .join('');
}

function confirmedSubscription(t: TestApp, email: string, name: string) {
  subscribe(t.deps, { email, name, wantsAccount: true, source: 'subscribe-form@/', ipHash: null });
  const mail = listOutbox(t.deps, { recipient: email, kind: 'subscription-confirmation' })[0]!;
  verify(t.deps, /verify=([A-Za-z0-9_-]+)/.exec(mail.body!.text)![1]!, { ipHash: null });
}

const path = (name: keyof typeof API_ROUTES, params: Record<string, number> = {}) =>
  apiPath(API_ROUTES[name], params);

describe('the personal-data registry', () => {
  it('covers every table about people exactly once', async () => {
    const personTables = (await storeDeclarations()).flatMap(({ tables }) =>
      Object.entries(tables)
        .filter(([, contents]) => contents === 'person')
        .map(([table]) => table),
    );
    const covered = PERSONAL_DATA.flatMap((holder) => holder.tables);
    expect([...covered].sort()).toEqual([...personTables].sort());
  });

  it('after a member deletes their account, no byte of the database names them', async () => {
    const t = testApp();
    const email = 'ada.quillfeather@example.com';
    const name = 'Ada Quillfeather';
    const ada = await signInAs(t, 'member', { email, name });
    await signInAs(t, 'member', { email }); // a second session
    confirmedSubscription(t, email, name);
    await as(t, ada).patch(path('profileUpdate'), { bio: `${name} writes about engines.` });

    const post = insertPost(t, { title: 'Engines' });
    expect((await as(t, ada).put(path('bookmarkAdd', { postId: post }))).status).toBe(200);
    const comment = await as(t, ada).post(path('postComment', { postId: post }), {
      body: `I am ${name}, and I liked this.`,
    });
    expect(comment.status).toBe(201);
    const commentId = comment.body.comment.id as number;
    // Another member answers her comment: she gets a reply notice (and an email about it).
    const bob = await signInAs(t, 'member', { name: 'Bob' });
    const reply = await as(t, bob).post(path('postComment', { postId: post }), {
      body: 'Thank you!',
      parentId: commentId,
    });
    expect(reply.status).toBe(201);
    const theirComment = await as(t, bob).post(path('postComment', { postId: post }), {
      body: 'A comment of my own.',
    });
    await as(t, ada).post(path('commentReport', { commentId: theirComment.body.comment.id }), {
      reason: 'Off topic',
    });
    const event = insertEvent(t);
    expect((await as(t, ada).put(path('eventRsvp', { eventId: event }))).status).toBe(200);
    const moderator = await signInAs(t, 'moderator', { name: 'Mo' });
    await as(t, moderator).post(path('userWarn', { userId: ada.id }), { reason: 'Be kind' });
    createUser(t, { email: 'someone.else@example.com', name: 'Someone Else' });
    const db = t.deps.db;
    expect(
      db.prepare('SELECT count(*) FROM reply_notices WHERE user_id = ?').pluck().get(ada.id),
    ).toBe(1);
    expect(fileBytes(db)).toContain(email);

    const erased = await as(t, ada).delete(path('accountDelete'), { confirmDelete: true });
    expect(erased.status).toBe(200);

    const bytes = fileBytes(db);
    expect(bytes).not.toContain(email);
    expect(bytes).not.toContain(name);
    // Everyone else's data stays.
    expect(bytes).toContain('someone.else@example.com');
    expect(bytes).toContain('A comment of my own.');
  });
});
