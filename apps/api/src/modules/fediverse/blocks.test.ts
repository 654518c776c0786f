/**
 * Who blocks whom (decision 0036): a moderator blocks and unblocks an account, as they ban a
 * member; a whole server is the owner's to block. Each block and unblock is in the moderation log.
 */
import { describe, expect, it } from 'vitest';
import { as, insertPost, signInAs, type TestApp } from '../../test-support/community.js';
import { testAppPerTest } from '../../test-support/test-app.js';
import { receiveRemoteReply } from '../discussions/index.js';

const { testApp } = testAppPerTest();

function replyFrom(t: TestApp, postId: number, user: string) {
  receiveRemoteReply(
    t.deps.db,
    {
      source: 'fediverse',
      objectId: `https://spam.example/notes/${user}`,
      url: `https://spam.example/@${user}/1`,
      inReplyTo: { itemId: postId },
      author: {
        id: `https://spam.example/users/${user}`,
        name: user,
        handle: `@${user}@spam.example`,
        url: `https://spam.example/@${user}`,
        avatarSource: null,
      },
      html: 'Buy now',
    },
    new Date(t.clock.now()).toISOString(),
  );
}

const count = (t: TestApp, table: string) =>
  t.deps.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;

describe('blocks on the social web', () => {
  it('lets a moderator block an account, and leaves blocking a server to the owner', async () => {
    const t = testApp();
    const moderator = await signInAs(t, 'moderator', { name: 'Mo' });
    const owner = await signInAs(t, 'admin', { name: 'Rowan' });
    const post = insertPost(t);
    replyFrom(t, post, 'ann');
    replyFrom(t, post, 'bob');

    const account = await as(t, moderator).post('/api/admin/fediverse/blocks', {
      kind: 'account',
      value: '@ann@spam.example',
    });
    expect(account.status).toBe(201);
    expect(count(t, 'remote_replies')).toBe(1);

    const server = await as(t, moderator).post('/api/admin/fediverse/blocks', {
      kind: 'domain',
      value: 'spam.example',
    });
    expect(server.status).toBe(403);
    expect(count(t, 'fediverse_blocks')).toBe(1);
    expect(count(t, 'remote_replies')).toBe(1);

    const byOwner = await as(t, owner).post('/api/admin/fediverse/blocks', {
      kind: 'domain',
      value: 'spam.example',
    });
    expect(byOwner.status).toBe(201);
    expect(count(t, 'remote_replies')).toBe(0);

    expect(
      (await as(t, moderator).delete(`/api/admin/fediverse/blocks/${byOwner.body.id}`)).status,
    ).toBe(403);
    expect(
      (await as(t, moderator).delete(`/api/admin/fediverse/blocks/${account.body.id}`)).status,
    ).toBe(200);
    expect(t.deps.db.prepare('SELECT kind, value FROM fediverse_blocks').all()).toEqual([
      { kind: 'domain', value: 'spam.example' },
    ]);

    const log = await as(t, owner).get('/api/moderation/log');
    expect(
      log.body.items.map((entry: { action: string; actor: { name: string }; summary: string }) => [
        entry.action,
        entry.actor.name,
        entry.summary,
      ]),
    ).toEqual([
      ['fediverse.unblock', 'Mo', 'Lifted the block on an account on spam.example'],
      ['fediverse.block', 'Rowan', 'Blocked the server spam.example'],
      ['fediverse.block', 'Mo', 'Blocked an account on spam.example'],
    ]);
  });
});
