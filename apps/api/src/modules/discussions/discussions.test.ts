import { COMMENT_MAX_LENGTH, MESSAGES } from '@quillpost/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { as, insertPost, signInAs } from '../../test-support/community.js';
import { testAppPerTest } from '../../test-support/test-app.js';

const { testApp } = testAppPerTest();

describe('comments on posts', () => {
  it('opens the post thread on the first comment and lists it with the post title', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member', { name: 'Ada' });
    const post = insertPost(t, { title: 'Small tools', slug: 'small-tools' });

    const empty = await as(t, ada).get(`/api/discussions/posts/${post}`);
    expect(empty.body.thread).toMatchObject({ id: null, title: 'Small tools', commentCount: 0 });
    expect(empty.body.comments).toEqual([]);

    const created = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, {
      body: 'Loved this. <script>alert(1)</script>',
    });
    expect(created.status).toBe(201);
    // Stored and returned as plain text; the web renders it as text, never as markup.
    expect(created.body.comment).toMatchObject({
      body: 'Loved this. <script>alert(1)</script>',
      mine: true,
      author: { id: ada.id, name: 'Ada', level: 'member' },
    });

    const list = await as(t, ada).get('/api/discussions');
    expect(list.body.threads).toEqual([
      expect.objectContaining({
        kind: 'post',
        title: 'Small tools',
        post: { id: String(post), kind: 'post', slug: 'small-tools', title: 'Small tools' },
        commentCount: 1,
      }),
    ]);
  });

  it('keeps replies one level deep: a reply to a reply joins its parent', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const bob = await signInAs(t, 'member');
    const post = insertPost(t);
    const top = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, { body: 'Top' });
    const reply = await as(t, bob).post(`/api/discussions/posts/${post}/comments`, {
      body: 'Reply',
      parentId: top.body.comment.id,
    });
    const nested = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, {
      body: 'Reply to reply',
      parentId: reply.body.comment.id,
    });
    expect(nested.body.comment.parentId).toBe(top.body.comment.id);

    const view = await as(t, bob).get(`/api/discussions/posts/${post}`);
    expect(view.body.comments).toHaveLength(1);
    expect(view.body.comments[0].replies.map((c: { body: string }) => c.body)).toEqual([
      'Reply',
      'Reply to reply',
    ]);
    expect(view.body.comments[0].replies[0].mine).toBe(true);

    const otherPost = insertPost(t);
    const crossThread = await as(t, ada).post(`/api/discussions/posts/${otherPost}/comments`, {
      body: 'Elsewhere',
      parentId: top.body.comment.id,
    });
    expect(crossThread.status).toBe(404);
  });

  it('validates length and emptiness with the domain codes', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const post = insertPost(t);
    const path = `/api/discussions/posts/${post}/comments`;
    const blank = await as(t, ada).post(path, { body: ' \n ' });
    expect(blank.body.code).toBe('COMMENT_REQUIRED');
    const long = await as(t, ada).post(path, { body: 'x'.repeat(COMMENT_MAX_LENGTH + 1) });
    expect(long.body.code).toBe('COMMENT_TOO_LONG');
  });

  it('limits each member to 5 comments a minute', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const bob = await signInAs(t, 'member');
    const post = insertPost(t);
    const path = `/api/discussions/posts/${post}/comments`;
    for (let i = 0; i < 5; i += 1) {
      expect((await as(t, ada).post(path, { body: `Comment ${i}` })).status).toBe(201);
    }
    const limited = await as(t, ada).post(path, { body: 'One more' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await as(t, bob).post(path, { body: 'Mine is fine' })).status).toBe(201);
    t.clock.advance(61_000);
    expect((await as(t, ada).post(path, { body: 'Later' })).status).toBe(201);
  });

  it('counts edits and deletions against the same limits as new comments', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const post = insertPost(t);
    const created = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, {
      body: 'First',
    });
    const path = `/api/discussions/comments/${created.body.comment.id}`;
    for (let i = 0; i < 4; i += 1) {
      expect((await as(t, ada).patch(path, { body: `Edit ${i}` })).status).toBe(200);
    }
    const limited = await as(t, ada).patch(path, { body: 'One edit too many' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: MESSAGES.RATE_LIMITED,
    });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await as(t, ada).delete(path)).status).toBe(429);
    const stored = t.deps.db.prepare('SELECT body, status FROM comments').get();
    expect(stored).toEqual({ body: 'Edit 3', status: 'visible' });

    t.clock.advance(61_000);
    expect((await as(t, ada).delete(path)).status).toBe(200);
  });

  it('refuses new comments while the owner has closed them', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const admin = await signInAs(t, 'admin');
    const post = insertPost(t);
    await as(t, admin).put('/api/admin/settings', { commentsOpen: false });
    const res = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, { body: 'Hi' });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('COMMENTS_CLOSED');
    expect((await as(t, ada).get(`/api/discussions/posts/${post}`)).body.commentsOpen).toBe(false);
  });
});

describe('general threads', () => {
  it('starts with a title and an opening comment that others can answer', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member', { name: 'Ada' });
    const bob = await signInAs(t, 'member');
    const created = await as(t, ada).post('/api/discussions', {
      title: '  Favourite   notebooks ',
      body: 'Which do you use?',
    });
    expect(created.status).toBe(201);
    expect(created.body.thread).toMatchObject({ kind: 'general', title: 'Favourite notebooks' });
    const threadId = created.body.thread.id as number;
    await as(t, bob).post(`/api/discussions/threads/${threadId}/comments`, { body: 'Squared.' });
    const view = await as(t, ada).get(`/api/discussions/threads/${threadId}`);
    expect(view.body.thread).toMatchObject({
      commentCount: 2,
      author: { id: ada.id, name: 'Ada' },
    });
    expect(view.body.comments.map((c: { body: string }) => c.body)).toEqual([
      'Which do you use?',
      'Squared.',
    ]);
    const missing = await as(t, ada).post('/api/discussions', { title: '', body: 'x' });
    expect(missing.body.code).toBe('THREAD_TITLE_REQUIRED');
  });
});

describe('editing, deleting and reporting', () => {
  it('lets authors edit and delete their own comments only', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const bob = await signInAs(t, 'member');
    const moderator = await signInAs(t, 'moderator');
    const post = insertPost(t);
    const created = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, {
      body: 'First draft',
    });
    const path = `/api/discussions/comments/${created.body.comment.id}`;

    const edited = await as(t, ada).patch(path, { body: 'Second draft' });
    expect(edited.body.comment).toMatchObject({
      body: 'Second draft',
      editedAt: expect.any(String),
    });
    for (const other of [bob, moderator]) {
      expect((await as(t, other).patch(path, { body: 'Hijacked' })).status).toBe(403);
      expect((await as(t, other).delete(path)).status).toBe(403);
    }

    expect((await as(t, ada).delete(path)).status).toBe(200);
    expect((await as(t, ada).patch(path, { body: 'Again' })).status).toBe(404);
    const view = await as(t, bob).get(`/api/discussions/posts/${post}`);
    expect(view.body.comments).toEqual([]);
  });

  it('takes one report per member, never on their own comment', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const bob = await signInAs(t, 'member');
    const post = insertPost(t);
    const created = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, {
      body: 'Hm',
    });
    const path = `/api/discussions/comments/${created.body.comment.id}/reports`;
    expect((await as(t, ada).post(path, {})).body.code).toBe('CANNOT_REPORT_OWN_COMMENT');
    expect((await as(t, bob).post(path, { reason: 'Rude' })).status).toBe(201);
    expect((await as(t, bob).post(path, { reason: 'Still rude' })).status).toBe(201);
    const reports = t.deps.db.prepare('SELECT reason FROM comment_reports').all();
    expect(reports).toEqual([{ reason: 'Rude' }]);
    const view = await as(t, bob).get(`/api/discussions/posts/${post}`);
    expect(view.body.comments[0].reportedByMe).toBe(true);
  });

  it('shows a hidden comment to moderators and its author, and a placeholder to others', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const bob = await signInAs(t, 'member');
    const moderator = await signInAs(t, 'moderator');
    const post = insertPost(t);
    const top = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, { body: 'Rude' });
    await as(t, bob).post(`/api/discussions/posts/${post}/comments`, {
      body: 'Please be kind',
      parentId: top.body.comment.id,
    });
    await as(t, moderator).post(`/api/moderation/comments/${top.body.comment.id}/hide`, {});

    const asBob = (await as(t, bob).get(`/api/discussions/posts/${post}`)).body.comments[0];
    expect(asBob).toMatchObject({ status: 'hidden', body: null, author: null });
    expect(asBob.replies).toHaveLength(1);
    const asAda = (await as(t, ada).get(`/api/discussions/posts/${post}`)).body.comments[0];
    expect(asAda).toMatchObject({ status: 'hidden', body: 'Rude' });
    const asMod = (await as(t, moderator).get(`/api/discussions/posts/${post}`)).body.comments[0];
    expect(asMod).toMatchObject({ status: 'hidden', body: 'Rude' });
    expect(
      (await as(t, ada).patch(`/api/discussions/comments/${top.body.comment.id}`, { body: 'x' }))
        .body.code,
    ).toBe('COMMENT_NOT_EDITABLE');
  });
});

describe('the conversation under a post, for every visitor', () => {
  it('shows visible comments and replies to anyone, with names and never an address, and follows changes', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member', { name: 'Ada' });
    const bob = await signInAs(t, 'member');
    const moderator = await signInAs(t, 'moderator');
    const post = insertPost(t, { title: 'Small tools', slug: 'small-tools' });
    const read = () => request(t.app).get('/api/posts/small-tools/comments');

    const empty = await read();
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ success: true, count: 0, commentsOpen: true, comments: [] });

    const top = await as(t, ada).post(`/api/discussions/posts/${post}/comments`, { body: 'Top' });
    await as(t, bob).post(`/api/discussions/posts/${post}/comments`, {
      body: 'A reply',
      parentId: top.body.comment.id,
    });
    const rude = await as(t, bob).post(`/api/discussions/posts/${post}/comments`, { body: 'Rude' });
    await as(t, moderator).post(`/api/moderation/comments/${rude.body.comment.id}/hide`, {
      reason: 'Unkind',
    });

    const seen = await read();
    expect(seen.headers['cache-control']).toContain('public');
    expect(seen.body.count).toBe(2);
    expect(seen.body.comments).toHaveLength(1);
    expect(seen.body.comments[0]).toMatchObject({
      body: 'Top',
      mine: false,
      author: { name: 'Ada', level: 'member' },
      replies: [{ body: 'A reply', author: { name: null } }],
    });
    expect(JSON.stringify(seen.body)).not.toMatch(/@example\.test|Rude/);
    // The lists of posts say how many: visible ones only.
    const counts = await request(t.app).get('/api/comment-counts');
    expect(counts.body).toEqual({ success: true, counts: { '/posts/small-tools': 2 } });
    // The same for a signed-in reader: the page that shows it is one page for everyone.
    expect((await as(t, ada).get('/api/posts/small-tools/comments')).body).toEqual(seen.body);

    expect((await request(t.app).get('/api/posts/no-such-post/comments')).status).toBe(404);
    const draft = insertPost(t, { slug: 'a-draft', status: 'draft' });
    expect(draft).toBeGreaterThan(0);
    expect((await request(t.app).get('/api/posts/a-draft/comments')).status).toBe(404);
  });

  it('is under journal entries and poems too, each its own, even where slugs match a post', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member', { name: 'Ada' });
    insertPost(t, { title: 'Rain', slug: 'rain' });
    const entry = insertPost(t, { kind: 'journal', title: 'Rain, again', slug: 'rain' });
    const poem = insertPost(t, { kind: 'poem', title: 'Rain song', slug: 'rain-song' });

    const said = await as(t, ada).post(`/api/discussions/posts/${entry}/comments`, {
      body: 'Same here',
    });
    expect(said.status).toBe(201);
    await as(t, ada).post(`/api/discussions/posts/${poem}/comments`, { body: 'Lovely' });

    const underEntry = await request(t.app).get('/api/journal/rain/comments');
    expect(underEntry.body).toMatchObject({ count: 1, comments: [{ body: 'Same here' }] });
    expect((await request(t.app).get('/api/posts/rain/comments')).body.count).toBe(0);
    expect((await request(t.app).get('/api/poetry/rain-song/comments')).body).toMatchObject({
      count: 1,
      comments: [{ body: 'Lovely', author: { name: 'Ada' } }],
    });
    expect((await request(t.app).get('/api/poetry/rain/comments')).status).toBe(404);
    expect((await request(t.app).get('/api/comment-counts')).body.counts).toEqual({
      '/journal/rain': 1,
      '/poetry/rain-song': 1,
    });
    // The members area names what each thread is under, to link to its page.
    const threads = (await as(t, ada).get('/api/discussions')).body.threads;
    expect(threads.map((thread: { post: object }) => thread.post)).toEqual(
      expect.arrayContaining([
        { id: String(entry), kind: 'journal', slug: 'rain', title: 'Rain, again' },
        { id: String(poem), kind: 'poem', slug: 'rain-song', title: 'Rain song' },
      ]),
    );
  });
});
