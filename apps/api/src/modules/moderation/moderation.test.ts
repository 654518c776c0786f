import { describe, expect, it } from 'vitest';
import {
  as,
  createUser,
  insertComment,
  insertPost,
  signInAs,
} from '../../test-support/community.js';
import { testAppPerTest } from '../../test-support/test-app.js';
import type { TestApp } from '../../test-support/community.js';
import { receiveRemoteReply } from '../discussions/index.js';

const { testApp } = testAppPerTest();

describe('the moderation queue', () => {
  it('lists reported comments; hiding one clears its reports and is logged', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member', { name: 'Ada' });
    const bob = await signInAs(t, 'member', { name: 'Bob' });
    const moderator = await signInAs(t, 'moderator', { name: 'Mo' });
    const post = insertPost(t, { title: 'Small tools' });
    const commentId = insertComment(t, ada.id, post, 'You are all wrong');
    await as(t, bob).post(`/api/discussions/comments/${commentId}/reports`, { reason: 'Rude' });

    const queue = await as(t, moderator).get('/api/moderation/queue');
    expect(queue.body.items).toEqual([
      expect.objectContaining({
        comment: expect.objectContaining({ id: commentId, body: 'You are all wrong' }),
        thread: expect.objectContaining({ title: 'Small tools' }),
        reports: [
          expect.objectContaining({
            reason: 'Rude',
            reporter: expect.objectContaining({ name: 'Bob' }),
          }),
        ],
      }),
    ]);

    const hidden = await as(t, moderator).post(`/api/moderation/comments/${commentId}/hide`, {
      reason: 'Personal attack',
    });
    expect(hidden.status).toBe(200);
    expect((await as(t, moderator).get('/api/moderation/queue')).body.items).toEqual([]);

    const log = await as(t, moderator).get('/api/moderation/log');
    expect(log.body.items).toEqual([
      expect.objectContaining({
        action: 'comment.hide',
        actor: expect.objectContaining({ name: 'Mo' }),
        targetUser: expect.objectContaining({ name: 'Ada' }),
        summary: 'Hid a comment in “Small tools”',
        reason: 'Personal attack',
      }),
    ]);
    expect(
      (await as(t, moderator).post(`/api/moderation/comments/${commentId}/unhide`)).status,
    ).toBe(200);
  });

  it('dismisses reports without touching the comment, and deletes the text when asked', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const bob = await signInAs(t, 'member');
    const moderator = await signInAs(t, 'moderator');
    const post = insertPost(t);
    const fine = insertComment(t, ada.id, post, 'Fine words');
    const bad = insertComment(t, ada.id, post, 'Spam link');
    for (const id of [fine, bad]) {
      await as(t, bob).post(`/api/discussions/comments/${id}/reports`, {});
    }
    await as(t, moderator).post(`/api/moderation/comments/${fine}/dismiss`);
    await as(t, moderator).delete(`/api/moderation/comments/${bad}`, { reason: 'Spam' });
    const rows = t.deps.db.prepare('SELECT id, status, body FROM comments ORDER BY id').all();
    expect(rows).toEqual([
      { id: fine, status: 'visible', body: 'Fine words' },
      { id: bad, status: 'deleted', body: '' },
    ]);
    const actions = t.deps.db
      .prepare('SELECT action FROM moderation_log ORDER BY id')
      .pluck()
      .all();
    expect(actions).toEqual(['reports.dismiss', 'comment.delete']);
  });
});

describe('warnings and bans', () => {
  it('warns a member, who sees it on their dashboard', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const moderator = await signInAs(t, 'moderator');
    const res = await as(t, moderator).post(`/api/moderation/users/${ada.id}/warnings`, {
      reason: 'Please keep it civil.',
    });
    expect(res.status).toBe(201);
    const dashboard = await as(t, ada).get('/api/members/dashboard');
    expect(dashboard.body.warnings).toEqual([
      expect.objectContaining({ reason: 'Please keep it civil.' }),
    ]);
    const user = await as(t, moderator).get(`/api/moderation/users/${ada.id}`);
    expect(user.body.user.warnings).toHaveLength(1);
  });

  it('bans for a while: sessions end at once, sign-in is refused, and it lapses by itself', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const moderator = await signInAs(t, 'moderator');
    const res = await as(t, moderator).post(`/api/moderation/users/${ada.id}/ban`, {
      hours: 24,
      reason: 'Cooling off',
    });
    expect(res.body.ban).toMatchObject({ reason: 'Cooling off', until: expect.any(String) });
    expect((await as(t, ada).get('/api/members/profile')).status).toBe(401);
    await expect(signInAs(t, 'member', { email: ada.email })).rejects.toThrow(/sign-in failed/);
    t.clock.advance(25 * 3_600_000);
    const again = await signInAs(t, 'member', { email: ada.email });
    expect((await as(t, again).get('/api/members/profile')).status).toBe(200);
  });

  it('never lets staff act on their equals, their betters or themselves', async () => {
    const t = testApp();
    const moderator = await signInAs(t, 'moderator');
    const otherModerator = createUser(t, { role: 'moderator' });
    const admin = createUser(t, { role: 'admin' });
    for (const target of [otherModerator, admin, moderator.id]) {
      const ban = await as(t, moderator).post(`/api/moderation/users/${target}/ban`, {
        hours: 1,
        reason: 'x',
      });
      expect(ban.status).toBe(403);
      expect(ban.body.code).toBe('CANNOT_MODERATE_USER');
      const warn = await as(t, moderator).post(`/api/moderation/users/${target}/warnings`, {
        reason: 'x',
      });
      expect(warn.body.code).toBe('CANNOT_MODERATE_USER');
    }
  });

  it('lifts a temporary ban for moderators; a permanent one only for admins', async () => {
    const t = testApp();
    const moderator = await signInAs(t, 'moderator');
    const admin = await signInAs(t, 'admin');
    const target = createUser(t);
    await as(t, admin).post(`/api/admin/users/${target}/ban`, { reason: 'Spam' });
    const byModerator = await as(t, moderator).delete(`/api/moderation/users/${target}/ban`);
    expect(byModerator.status).toBe(403);
    const shortened = await as(t, moderator).post(`/api/moderation/users/${target}/ban`, {
      hours: 1,
      reason: 'Shorter',
    });
    expect(shortened.status).toBe(409);
    expect((await as(t, admin).delete(`/api/moderation/users/${target}/ban`)).status).toBe(200);
    const actions = t.deps.db
      .prepare('SELECT action FROM moderation_log ORDER BY id')
      .pluck()
      .all();
    expect(actions).toEqual(['user.ban', 'user.unban']);
  });
});

describe('replies from other servers (decision 0036)', () => {
  const held = (t: TestApp, postId: number, source: 'fediverse' | 'webmention', text: string) =>
    receiveRemoteReply(
      t.deps.db,
      {
        source,
        objectId: `https://elsewhere.example/notes/${text}`,
        url: `https://elsewhere.example/@juno/${text}`,
        inReplyTo: { itemId: postId },
        author: {
          id: 'https://elsewhere.example/users/juno',
          name: 'Juno',
          handle: '@juno@elsewhere.example',
          url: 'https://elsewhere.example/@juno',
          avatarSource: null,
        },
        html: `<p>${text}</p>`,
      },
      new Date(t.clock.now()).toISOString(),
    )!;

  it('are a moderator’s to approve and reject, and each review is logged', async () => {
    const t = testApp();
    const moderator = await signInAs(t, 'moderator', { name: 'Mo' });
    const member = await signInAs(t, 'member');
    const post = insertPost(t, { title: 'Small tools', slug: 'small-tools' });
    const welcome = held(t, post, 'fediverse', 'Welcome');
    const spam = held(t, post, 'webmention', 'Spam');

    const queue = await as(t, moderator).get('/api/admin/fediverse/replies?status=held');
    expect(queue.status).toBe(200);
    expect(queue.body.items.map((reply: { text: string }) => reply.text)).toEqual([
      'Spam',
      'Welcome',
    ]);
    expect((await as(t, member).get('/api/admin/fediverse/replies')).status).toBe(403);
    expect(
      (await as(t, member).post(`/api/admin/fediverse/replies/${welcome.id}/approve`)).status,
    ).toBe(403);

    const approved = await as(t, moderator).post(
      `/api/admin/fediverse/replies/${welcome.id}/approve`,
    );
    expect(approved.status).toBe(200);
    const rejected = await as(t, moderator).post(`/api/admin/fediverse/replies/${spam.id}/reject`);
    expect(rejected.status).toBe(200);
    expect(t.deps.db.prepare('SELECT body, status FROM remote_replies ORDER BY id').all()).toEqual([
      { body: 'Welcome', status: 'approved' },
      { body: 'Spam', status: 'rejected' },
    ]);
    expect((await as(t, member).get('/api/posts/small-tools/comments')).body.count).toBe(1);

    const log = await as(t, moderator).get('/api/moderation/log');
    expect(log.body.items).toEqual([
      expect.objectContaining({
        action: 'remote_reply.reject',
        actor: expect.objectContaining({ name: 'Mo' }),
        targetUser: null,
        summary: 'Rejected a reply by Webmention in “Small tools”',
      }),
      expect.objectContaining({
        action: 'remote_reply.approve',
        actor: expect.objectContaining({ name: 'Mo' }),
        summary: 'Approved a reply from the fediverse in “Small tools”',
      }),
    ]);

    // Reviewing again as it already is changes nothing and logs nothing.
    await as(t, moderator).post(`/api/admin/fediverse/replies/${spam.id}/reject`);
    expect((await as(t, moderator).get('/api/moderation/log')).body.total).toBe(2);
  });
});
