import { describe, expect, it } from 'vitest';
import { as, insertPost, signInAs } from '../../test-support/community.js';
import { testAppPerTest } from '../../test-support/test-app.js';

const { testApp } = testAppPerTest();

describe('bookmarks', () => {
  it('adds, lists newest first, reports status and removes, each idempotently', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const first = insertPost(t, { title: 'First', slug: 'first' });
    const second = insertPost(t, { title: 'Second', slug: 'second' });
    const api = as(t, ada);

    expect((await api.get(`/api/members/bookmarks/${first}`)).body.bookmarked).toBe(false);
    expect((await api.put(`/api/members/bookmarks/${first}`)).body.bookmarked).toBe(true);
    t.clock.advance(1000);
    await api.put(`/api/members/bookmarks/${second}`);
    await api.put(`/api/members/bookmarks/${second}`);
    const list = await api.get('/api/members/bookmarks');
    expect(list.body.bookmarks).toEqual([
      expect.objectContaining({ postId: String(second), slug: 'second', title: 'Second' }),
      expect.objectContaining({ postId: String(first), slug: 'first', title: 'First' }),
    ]);

    expect((await api.delete(`/api/members/bookmarks/${first}`)).status).toBe(200);
    expect((await api.delete(`/api/members/bookmarks/${first}`)).status).toBe(200);
    expect((await api.get(`/api/members/bookmarks/${first}`)).body.bookmarked).toBe(false);
    expect((await api.get('/api/members/bookmarks')).body.bookmarks).toHaveLength(1);
  });

  it('keeps each member to their own list', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const bob = await signInAs(t, 'member');
    const post = insertPost(t);
    await as(t, ada).put(`/api/members/bookmarks/${post}`);
    expect((await as(t, bob).get('/api/members/bookmarks')).body.bookmarks).toEqual([]);
    expect((await as(t, bob).get(`/api/members/bookmarks/${post}`)).body.bookmarked).toBe(false);
  });

  it('refuses drafts, future posts and unknown ids, and hides a post once unpublished', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const draft = insertPost(t, { status: 'draft' });
    const scheduled = insertPost(t, { publishedAt: '2099-01-01T00:00:00.000Z' });
    for (const id of [draft, scheduled, 999_999]) {
      const res = await as(t, ada).put(`/api/members/bookmarks/${id}`);
      expect(res.status).toBe(404);
    }
    expect((await as(t, ada).put('/api/members/bookmarks/abc')).status).toBe(400);

    const post = insertPost(t);
    await as(t, ada).put(`/api/members/bookmarks/${post}`);
    t.deps.db
      .prepare('UPDATE content_items SET removed_at = ? WHERE id = ?')
      .run('2026-01-01', post);
    expect((await as(t, ada).get('/api/members/bookmarks')).body.bookmarks).toEqual([]);
  });
});
