import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { as, insertPost, signInAs } from '../../test-support/community.js';
import { testAppPerTest } from '../../test-support/test-app.js';
import type { TestApp } from '../../test-support/community.js';
import { commentOnPost } from './service.js';
import {
  deleteRemoteReply,
  editRemoteReply,
  forgetRemoteAuthor,
  receiveRemoteReply,
  staffAnswersAfter,
  type IncomingRemoteReply,
  type RemoteReplyTarget,
} from './remote-replies.js';

const { testApp } = testAppPerTest();

const nowOf = (t: TestApp) => new Date(t.clock.now()).toISOString();

const JUNO = {
  id: 'https://elsewhere.example/users/juno',
  name: 'Juno <b>Park</b>',
  handle: '@juno@elsewhere.example',
  url: 'https://elsewhere.example/@juno',
  avatarSource: 'https://elsewhere.example/avatars/juno.png',
};

let notes = 0;
function noteFrom(
  author: IncomingRemoteReply['author'],
  inReplyTo: RemoteReplyTarget,
  html: string,
): IncomingRemoteReply {
  notes += 1;
  const host = new URL(author.id).host;
  return {
    source: 'fediverse',
    objectId: `https://${host}/notes/${notes}`,
    url: `https://${host}/@someone/${notes}`,
    inReplyTo,
    author,
    html,
  };
}

const conversation = async (t: TestApp, slug: string) =>
  (await request(t.app).get(`/api/posts/${slug}/comments`)).body;

describe('replies from other servers', () => {
  it('holds a reply for the owner, then shows it under the post once approved', async () => {
    const t = testApp();
    const owner = await signInAs(t, 'admin');
    const post = insertPost(t, { title: 'Small tools', slug: 'small-tools' });
    const received = receiveRemoteReply(
      t.deps.db,
      noteFrom(
        JUNO,
        { itemId: post },
        '<p>@rowan Lovely &amp; useful.</p><p>Thanks<script>alert(1)</script></p>',
      ),
      nowOf(t),
    )!;
    expect(received).toMatchObject({ status: 'held', text: '@rowan Lovely & useful.\n\nThanks' });

    // Held: nobody reading the post sees it.
    expect(await conversation(t, 'small-tools')).toMatchObject({ count: 0, comments: [] });

    const held = await as(t, owner).get('/api/admin/fediverse/replies?status=held');
    expect(held.status).toBe(200);
    expect(held.body).toEqual({
      items: [
        {
          id: received.id,
          source: 'fediverse',
          status: 'held',
          post: { title: 'Small tools', path: '/posts/small-tools' },
          author: {
            name: 'Juno Park',
            handle: '@juno@elsewhere.example',
            url: 'https://elsewhere.example/@juno',
            // Served from our origin: readers' browsers never ask elsewhere.example.
            avatarUrl: '/fediverse/avatars/1',
          },
          text: '@rowan Lovely & useful.\n\nThanks',
          url: received.url,
          receivedAt: received.receivedAt,
        },
      ],
    });

    const approved = await as(t, owner).post(`/api/admin/fediverse/replies/${received.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ id: received.id, status: 'approved' });
    expect((await as(t, owner).get('/api/admin/fediverse/replies?status=held')).body.items).toEqual(
      [],
    );

    const shown = await conversation(t, 'small-tools');
    expect(shown.count).toBe(1);
    expect(shown.comments).toEqual([
      expect.objectContaining({
        id: received.id,
        author: null,
        body: '@rowan Lovely & useful.\n\nThanks',
        remote: {
          source: 'fediverse',
          author: expect.objectContaining({ name: 'Juno Park', handle: '@juno@elsewhere.example' }),
          url: received.url,
        },
        replies: [],
      }),
    ]);
    expect((await request(t.app).get('/api/comment-counts')).body.counts).toEqual({
      '/posts/small-tools': 1,
    });
    // A signed-in reader's view of the thread counts it too, as the page does.
    const member = await signInAs(t, 'member');
    const view = await as(t, member).get(`/api/discussions/posts/${post}`);
    expect(view.body.thread.commentCount).toBe(1);
    expect(view.body.comments).toEqual([expect.objectContaining({ id: received.id })]);

    const rejected = await as(t, owner).post(`/api/admin/fediverse/replies/${received.id}/reject`);
    expect(rejected.body.status).toBe('rejected');
    expect(await conversation(t, 'small-tools')).toMatchObject({ count: 0, comments: [] });
  });

  it('is the moderators’ to review: 401 signed out, 403 for a member, 404 for no reply', async () => {
    const t = testApp();
    const owner = await signInAs(t, 'admin');
    const member = await signInAs(t, 'member');
    expect((await request(t.app).get('/api/admin/fediverse/replies')).status).toBe(401);
    expect((await as(t, member).get('/api/admin/fediverse/replies')).status).toBe(403);
    expect((await as(t, owner).post('/api/admin/fediverse/replies/999/approve')).status).toBe(404);
    expect((await as(t, owner).get('/api/admin/fediverse/replies?status=lost')).status).toBe(400);
  });

  it('keeps one reply per remote object, changed only by its own author', async () => {
    const t = testApp();
    const post = insertPost(t);
    const note = noteFrom(JUNO, { itemId: post }, '<p>First thought</p>');
    const first = receiveRemoteReply(t.deps.db, note, nowOf(t))!;
    const again = receiveRemoteReply(
      t.deps.db,
      { ...note, html: '<p>Second thought</p>' },
      nowOf(t),
    )!;
    expect(again.id).toBe(first.id);
    expect(again.text).toBe('Second thought');

    const impostor = { ...JUNO, id: 'https://other.example/users/mallory' };
    expect(receiveRemoteReply(t.deps.db, { ...note, author: impostor }, nowOf(t))).toBeUndefined();
    expect(
      editRemoteReply(
        t.deps.db,
        { objectId: note.objectId, authorId: impostor.id, html: 'Taken over' },
        nowOf(t),
      ),
    ).toBeUndefined();
    expect(deleteRemoteReply(t.deps.db, { objectId: note.objectId, authorId: impostor.id })).toBe(
      false,
    );
    const rows = t.deps.db.prepare('SELECT body FROM remote_replies').pluck().all();
    expect(rows).toEqual(['Second thought']);

    expect(deleteRemoteReply(t.deps.db, { objectId: note.objectId, authorId: JUNO.id })).toBe(true);
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM remote_replies').pluck().get()).toBe(0);
  });

  it('takes nothing that answers something not ours or not published', async () => {
    const t = testApp();
    const draft = insertPost(t, { status: 'draft' });
    const db = t.deps.db;
    expect(
      receiveRemoteReply(db, noteFrom(JUNO, { itemId: draft }, 'Hi'), nowOf(t)),
    ).toBeUndefined();
    expect(
      receiveRemoteReply(db, noteFrom(JUNO, { objectId: 'https://x.example/n/1' }, 'Hi'), nowOf(t)),
    ).toBeUndefined();
    expect(
      receiveRemoteReply(db, noteFrom(JUNO, { commentId: 42 }, 'Hi'), nowOf(t)),
    ).toBeUndefined();
    expect(db.prepare('SELECT COUNT(*) FROM remote_replies').pluck().get()).toBe(0);
  });

  it('puts replies one level deep and the owner’s answer under the reply it answers', async () => {
    const t = testApp();
    const owner = await signInAs(t, 'admin', { name: 'Rowan' });
    const post = insertPost(t, { slug: 'threads' });
    const db = t.deps.db;
    const approve = (id: number) => as(t, owner).post(`/api/admin/fediverse/replies/${id}/approve`);

    const top = receiveRemoteReply(db, noteFrom(JUNO, { itemId: post }, 'Top'), nowOf(t))!;
    await approve(top.id);
    const answer = await as(t, owner).post(`/api/discussions/posts/${post}/comments`, {
      body: 'Thank you, Juno.',
      answersReplyId: top.id,
    });
    expect(answer.status).toBe(201);
    t.clock.advance(1000);
    const topNote = db
      .prepare('SELECT object_id FROM remote_replies WHERE id = ?')
      .pluck()
      .get(top.id);
    const below = receiveRemoteReply(
      db,
      noteFrom(
        { ...JUNO, id: 'https://b.example/users/kai', name: 'Kai', handle: '@kai@b.example' },
        { objectId: topNote as string },
        'Agreed',
      ),
      nowOf(t),
    )!;
    await approve(below.id);
    const toAnswer = receiveRemoteReply(
      db,
      noteFrom(JUNO, { commentId: answer.body.comment.id }, 'You are welcome'),
      nowOf(t),
    )!;
    await approve(toAnswer.id);

    const shown = await conversation(t, 'threads');
    expect(shown.count).toBe(4);
    expect(shown.comments).toHaveLength(1);
    expect(shown.comments[0].body).toBe('Top');
    expect(shown.comments[0].replies.map((reply: { body: string }) => reply.body)).toEqual([
      'Thank you, Juno.',
      'Agreed',
      'You are welcome',
    ]);

    // A held or rejected reply cannot be answered.
    const held = receiveRemoteReply(db, noteFrom(JUNO, { itemId: post }, 'Held'), nowOf(t))!;
    const refused = await as(t, owner).post(`/api/discussions/posts/${post}/comments`, {
      body: 'Too soon',
      answersReplyId: held.id,
    });
    expect(refused.status).toBe(404);
  });

  it('removes every reply of an account that is gone', async () => {
    const t = testApp();
    const owner = await signInAs(t, 'admin');
    const post = insertPost(t, { slug: 'gone' });
    const db = t.deps.db;
    for (const text of ['One', 'Two']) {
      const reply = receiveRemoteReply(db, noteFrom(JUNO, { itemId: post }, text), nowOf(t))!;
      await as(t, owner).post(`/api/admin/fediverse/replies/${reply.id}/approve`);
    }
    expect((await conversation(t, 'gone')).count).toBe(2);
    expect(forgetRemoteAuthor(db, JUNO.id)).toBe(2);
    expect((await conversation(t, 'gone')).count).toBe(0);
  });

  it('finds the owner’s answers to send back past any number of members’ answers', async () => {
    const t = testApp();
    const owner = await signInAs(t, 'admin');
    const member = await signInAs(t, 'member');
    const post = insertPost(t);
    const db = t.deps.db;
    const reply = receiveRemoteReply(db, noteFrom(JUNO, { itemId: post }, 'Hello'), nowOf(t))!;
    await as(t, owner).post(`/api/admin/fediverse/replies/${reply.id}/approve`);
    const answer = (authorId: number, body: string) =>
      commentOnPost(
        db,
        { id: authorId, seesHidden: false },
        post,
        { body, answersReplyId: reply.id },
        nowOf(t),
      ).id;
    for (let i = 0; i < 120; i += 1) answer(member.id, `Member ${i}`);
    const owners = answer(owner.id, 'From the owner');

    expect(staffAnswersAfter(db, 0)).toEqual([
      expect.objectContaining({
        commentId: owners,
        text: 'From the owner',
        reply: expect.objectContaining({ authorId: JUNO.id }),
      }),
    ]);
    expect(staffAnswersAfter(db, owners)).toEqual([]);
  });
});
