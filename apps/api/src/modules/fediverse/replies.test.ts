/**
 * Replies from another server (decision 0033): a Note answering one of the site's posts is held
 * for the owner, changed and removed only by its author, gone with its account; a blocked
 * account's or server's activities are refused at the door and its follow ended; the owner's
 * answer goes back to the replier as a Note in reply to theirs, mentioning them.
 */
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { as, signInAs } from '../../test-support/community.js';
import { federatedSiteWithPost, type FederatedSite } from '../../test-support/federated-site.js';
import { TINY_PNG } from '../../test-support/fediverse-peer.js';
import { cleanupAfterEach } from '../../test-support/test-app.js';
import { sendAnswers } from './answers.js';

const track = cleanupAfterEach();

const replies = (s: FederatedSite) =>
  s.deps.db
    .prepare('SELECT object_id, body, status FROM remote_replies ORDER BY id')
    .all() as Array<{
    object_id: string;
    body: string;
    status: string;
  }>;

describe('replies from the fediverse', { timeout: 60_000 }, () => {
  it('holds a reply to a post; only its author changes or deletes it', async () => {
    const { s, mastodon, postUrl } = await federatedSiteWithPost(track);
    const noteId = await mastodon.reply(s.actorId, postUrl, '<p>@site Lovely <b>post</b>.</p>');
    await expect
      .poll(() => replies(s), { timeout: 20_000 })
      .toEqual([{ object_id: noteId, body: '@site Lovely post.', status: 'held' }]);
    const author = s.deps.db.prepare('SELECT name, handle FROM remote_authors').get();
    expect(author).toEqual({
      name: 'ada on the peer',
      handle: `@ada@${new URL(mastodon.origin).host}`,
    });

    // Bo cannot change or delete Ada's note; nor can a reply to something not ours come in.
    await mastodon.editReply(s.actorId, noteId, '<p>Taken over</p>', 'bo');
    await mastodon.deleteReply(s.actorId, noteId, 'bo');
    await mastodon.reply(s.actorId, `${mastodon.origin}/elsewhere/1`, '<p>Not here</p>');
    await mastodon.editReply(s.actorId, noteId, '<p>Lovely post, edited.</p>');
    await expect
      .poll(() => replies(s).map((row) => row.body), { timeout: 20_000 })
      .toEqual(['Lovely post, edited.']);

    await mastodon.deleteReply(s.actorId, noteId);
    await expect.poll(() => replies(s), { timeout: 20_000 }).toEqual([]);
  });

  it('takes every reply of an account deleted on its server', async () => {
    const { s, mastodon, postUrl } = await federatedSiteWithPost(track);
    await mastodon.reply(s.actorId, postUrl, '<p>One</p>');
    await mastodon.reply(s.actorId, postUrl, '<p>Two</p>');
    await expect.poll(() => replies(s).length, { timeout: 20_000 }).toBe(2);
    await mastodon.deleteAccount(s.actorId);
    await expect.poll(() => replies(s), { timeout: 20_000 }).toEqual([]);
  });

  it('refuses a blocked server at the door, ends its follow and removes its replies', async () => {
    const { s, mastodon, postUrl } = await federatedSiteWithPost(track);
    const owner = await signInAs(s, 'admin');
    await mastodon.follow(s.actorId);
    await mastodon.reply(s.actorId, postUrl, '<p>Before the block</p>');
    const count = (table: string) =>
      s.deps.db.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    await expect
      .poll(() => [count('fediverse_followers'), count('remote_replies')], { timeout: 20_000 })
      .toEqual([1, 1]);

    const host = new URL(mastodon.origin).hostname;
    const blocked = await as(s, owner).post('/api/admin/fediverse/blocks', {
      kind: 'domain',
      value: `https://${host.toUpperCase()}/`,
    });
    expect(blocked.status).toBe(201);
    expect(blocked.body).toMatchObject({ kind: 'domain', value: host });
    expect([count('fediverse_followers'), count('remote_replies')]).toEqual([0, 0]);
    expect((await as(s, owner).get('/api/admin/fediverse/blocks')).body.items).toEqual([
      blocked.body,
    ]);

    await expect(mastodon.reply(s.actorId, postUrl, '<p>After the block</p>')).rejects.toThrow(
      /403/,
    );
    expect(count('remote_replies')).toBe(0);

    const invalid = await as(s, owner).post('/api/admin/fediverse/blocks', {
      kind: 'account',
      value: 'not an account',
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('FEDIVERSE_BLOCK_ACCOUNT_INVALID');
    const lifted = await as(s, owner).delete(`/api/admin/fediverse/blocks/${blocked.body.id}`);
    expect(lifted.status).toBe(200);
    expect(
      (await as(s, owner).delete(`/api/admin/fediverse/blocks/${blocked.body.id}`)).status,
    ).toBe(404);
    await mastodon.reply(s.actorId, postUrl, '<p>After the block is lifted</p>');
    await expect.poll(() => count('remote_replies'), { timeout: 20_000 }).toBe(1);
  });

  it('sends the owner’s answer back to the replier, in reply to their note', async () => {
    const { s, mastodon, postUrl, postId } = await federatedSiteWithPost(track);
    const owner = await signInAs(s, 'admin');
    const member = await signInAs(s, 'member');
    const noteId = await mastodon.reply(s.actorId, postUrl, '<p>Which tools?</p>');
    await expect.poll(() => replies(s).length, { timeout: 20_000 }).toBe(1);
    const replyId = s.deps.db.prepare('SELECT id FROM remote_replies').pluck().get() as number;
    await as(s, owner).post(`/api/admin/fediverse/replies/${replyId}/approve`);

    const said = await as(s, member).post(`/api/discussions/posts/${postId}/comments`, {
      body: 'A member’s word stays here.',
      answersReplyId: replyId,
    });
    expect(said.status).toBe(201);
    const answered = await as(s, owner).post(`/api/discussions/posts/${postId}/comments`, {
      body: 'A pencil & a notebook.\n\nAnd patience.',
      answersReplyId: replyId,
    });
    expect(answered.status).toBe(201);
    const context = (await s.fediverse.federation()).createContext(new URL(s.url), undefined);
    const deps = { db: s.deps.db, clock: s.clock, logger: s.deps.logger, publicUrl: s.url };
    await sendAnswers({ ...deps, context: () => context });
    // A second pass sends nothing again.
    await sendAnswers({ ...deps, context: () => context });

    await expect
      .poll(() => mastodon.received.filter((activity) => activity.type === 'Create'), {
        timeout: 20_000,
      })
      .toHaveLength(1);
    const create = mastodon.received.find((activity) => activity.type === 'Create')!;
    expect(create.actor).toBe(s.actorId);
    expect(create.json.object).toMatchObject({
      id: `${s.url}/ap/notes/${answered.body.comment.id}`,
      inReplyTo: noteId,
      content: expect.stringContaining('A pencil &amp; a notebook.</p><p>And patience.'),
      tag: expect.objectContaining({ type: 'Mention', href: mastodon.actorId }),
    });

    // The answer is at its id for servers threading the conversation; a member's is not.
    const activityJson = { Accept: 'application/activity+json' };
    const served = await fetch(`${s.url}/ap/notes/${answered.body.comment.id}`, {
      headers: activityJson,
    });
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({ type: 'Note', inReplyTo: noteId });
    const members = await fetch(`${s.url}/ap/notes/${said.body.comment.id}`, {
      headers: activityJson,
    });
    expect(members.status).toBe(404);

    // Ada's reply to the answer comes home under the same conversation.
    await mastodon.reply(
      s.actorId,
      `${s.url}/ap/notes/${answered.body.comment.id}`,
      '<p>Thanks!</p>',
    );
    await expect.poll(() => replies(s).length, { timeout: 20_000 }).toBe(2);
    const last = s.deps.db
      .prepare('SELECT parent_reply_id FROM remote_replies ORDER BY id DESC LIMIT 1')
      .pluck()
      .get();
    expect(last).toBe(replyId);
    expect((await request(s.app).get('/api/posts/small-tools/comments')).body.count).toBe(3);

    // Hidden by a moderator, the answer is withdrawn where it was sent, once.
    const hidden = await as(s, owner).post(
      `/api/moderation/comments/${answered.body.comment.id}/hide`,
      { reason: 'Said too much.' },
    );
    expect(hidden.status).toBe(200);
    await sendAnswers({ ...deps, context: () => context });
    await sendAnswers({ ...deps, context: () => context });
    const deletes = () =>
      mastodon.received.filter((activity) => activity.type === 'Delete').map((d) => d.json.object);
    await expect.poll(deletes, { timeout: 20_000 }).toHaveLength(1);
    expect(deletes()[0]).toMatchObject({ id: `${s.url}/ap/notes/${answered.body.comment.id}` });
  });

  it('serves a replier’s avatar from the site, fetched once, and only if it is an image', async () => {
    const { s, mastodon, postUrl } = await federatedSiteWithPost(track);
    const owner = await signInAs(s, 'admin');
    await mastodon.reply(s.actorId, postUrl, '<p>From Ada</p>');
    await mastodon.reply(s.actorId, postUrl, '<p>From Bo</p>', 'bo');
    await expect.poll(() => replies(s).length, { timeout: 20_000 }).toBe(2);
    for (const id of s.deps.db.prepare('SELECT id FROM remote_replies').pluck().all()) {
      await as(s, owner).post(`/api/admin/fediverse/replies/${id as number}/approve`);
    }
    const shown = (await request(s.app).get('/api/posts/small-tools/comments')).body;
    const avatarOf = (name: string) =>
      shown.comments.find(
        (comment: { remote: { author: { name: string } } }) => comment.remote.author.name === name,
      ).remote.author.avatarUrl as string;
    const ada = avatarOf('ada on the peer');
    expect(ada).toMatch(/^\/fediverse\/avatars\/\d+$/);

    const fetchedAvatars = () =>
      mastodon.requested.filter((asked) => asked.path.startsWith('/avatars/')).length;
    for (let view = 0; view < 2; view += 1) {
      const served = await fetch(`${s.url}${ada}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(served.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(TINY_PNG);
    }
    expect(fetchedAvatars()).toBe(1);

    // Bo's "avatar" is an HTML page that says it is a PNG: not served.
    expect((await fetch(`${s.url}${avatarOf('bo on the peer')}`)).status).toBe(404);
  });
});
