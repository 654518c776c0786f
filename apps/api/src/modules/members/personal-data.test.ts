/**
 * "Delete my account" and "download my data" walk the personal-data registry (issue 21): every
 * table about people is in it, and an erased member leaves no byte that names them.
 */
import { apiPath, API_ROUTES } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import {
  as,
  confirmedSubscription,
  createUser,
  insertEvent,
  insertPost,
  signInAs,
} from '../../test-support/community.js';
import { databaseFileBytes, walFileBytes } from '../../test-support/database-bytes.js';
import { storeDeclarations } from '../../test-support/table-owners.js';
import { testAppPerTest } from '../../test-support/test-app.js';
import { PERSONAL_DATA } from './personal-data.js';

const { testApp } = testAppPerTest();

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

  it('after a member deletes their account, no byte of the database or its WAL names them', async () => {
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
    // Not checkpointed yet: the WAL holds pages that name her, as a running site's does.
    expect(walFileBytes(db).includes(email)).toBe(true);

    const erased = await as(t, ada).delete(path('accountDelete'), { confirmDelete: true });
    expect(erased.status).toBe(200);

    // The WAL as the erasure left it, before anything else checkpoints it: no old copy of a page.
    const wal = walFileBytes(db);
    expect(wal.includes(email), 'the WAL holds her address').toBe(false);
    expect(wal.includes(name), 'the WAL holds her name').toBe(false);
    const bytes = databaseFileBytes(db);
    expect(bytes).not.toContain(email);
    expect(bytes).not.toContain(name);
    // Everyone else's data stays.
    expect(bytes).toContain('someone.else@example.com');
    expect(bytes).toContain('A comment of my own.');
  });
});
