import { describe, expect, it } from 'vitest';
import {
  as,
  confirmedSubscription,
  insertComment,
  insertEvent,
  insertPost,
  signInAs,
} from '../../test-support/community.js';
import { testAppPerTest } from '../../test-support/test-app.js';
import { subscribe } from '../subscriptions/service.js';

const { testApp } = testAppPerTest();

describe('the name given when subscribing', () => {
  it('becomes the account name at the first sign-in, from a confirmed subscription only', async () => {
    const t = testApp();
    confirmedSubscription(t, 'ada@example.com', 'Ada Lovelace');
    subscribe(t.deps, {
      email: 'grace@example.com',
      name: 'Someone Else',
      wantsAccount: false,
      source: 'subscribe-form@/',
      ipHash: null,
    });
    const ada = await signInAs(t, 'member', { email: 'ada@example.com' });
    const grace = await signInAs(t, 'member', { email: 'grace@example.com' });
    expect((await as(t, ada).get('/api/auth/me')).body.user.name).toBe('Ada Lovelace');
    // Unconfirmed: anyone could have typed that name next to her address.
    expect((await as(t, grace).get('/api/auth/me')).body.user.name).toBeNull();
  });

  it('never replaces a name the member set', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member', { email: 'ada@example.com', name: 'Ada' });
    confirmedSubscription(t, 'ada@example.com', 'Augusta Ada King');
    const again = await signInAs(t, 'member', { email: 'ada@example.com' });
    expect((await as(t, again).get('/api/auth/me')).body.user.name).toBe('Ada');
    expect(ada.id).toBe(again.id);
  });
});

describe('profile', () => {
  it('starts hidden from the directory and changes only the fields the member owns', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member', { name: 'Ada' });
    const first = await as(t, ada).get('/api/members/profile');
    expect(first.body.profile).toMatchObject({
      name: 'Ada',
      bio: '',
      website: null,
      showInDirectory: false,
      role: 'member',
    });

    const res = await as(t, ada).put('/api/members/profile', {
      name: 'Ada Lovelace',
      bio: '  Notes on engines.  ',
      website: 'https://ada.example',
      showInDirectory: true,
      role: 'admin',
      email: 'other@example.com',
      id: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      name: 'Ada Lovelace',
      bio: 'Notes on engines.',
      website: 'https://ada.example/',
      showInDirectory: true,
      role: 'member',
      email: ada.email,
    });
    const role = t.deps.db.prepare('SELECT role FROM users WHERE id = ?').pluck().get(ada.id);
    expect(role).toBe('member');
  });

  it('refuses a script URL as a website with its code', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const res = await as(t, ada).put('/api/members/profile', { website: 'javascript:alert(1)' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('WEBSITE_INVALID');
  });
});

describe('directory', () => {
  it('lists only members who opted in, and none while the owner has it closed', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member', { name: 'Ada' });
    const bob = await signInAs(t, 'member', { name: 'Bob' });
    await as(t, ada).put('/api/members/profile', { showInDirectory: true, bio: 'Engines.' });
    const list = await as(t, bob).get('/api/members/directory');
    expect(list.body.members).toEqual([
      expect.objectContaining({ id: ada.id, name: 'Ada', bio: 'Engines.' }),
    ]);
    expect(list.body.members[0]).not.toHaveProperty('email');

    const search = await as(t, bob).get('/api/members/directory?q=nobody');
    expect(search.body.members).toEqual([]);

    const admin = await signInAs(t, 'admin');
    await as(t, admin).put('/api/admin/settings', { directoryOpen: false });
    const closed = await as(t, bob).get('/api/members/directory');
    expect(closed.body).toMatchObject({ open: false, members: [] });
  });
});

describe('dashboard', () => {
  it('shows recent bookmarks, newest posts, next events and the announcement', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member');
    const older = insertPost(t, { title: 'Older', publishedAt: '2025-01-01T00:00:00.000Z' });
    insertPost(t, { title: 'Newer', publishedAt: '2025-05-01T00:00:00.000Z' });
    insertPost(t, { title: 'Draft', status: 'draft' });
    insertEvent(t, { title: 'Reading night' });
    await as(t, ada).put(`/api/members/bookmarks/${older}`);
    const admin = await signInAs(t, 'admin');
    await as(t, admin).put('/api/admin/settings', { announcement: 'Welcome in.' });

    const res = await as(t, ada).get('/api/members/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.announcement).toBe('Welcome in.');
    expect(res.body.bookmarks.map((b: { title: string }) => b.title)).toEqual(['Older']);
    expect(res.body.posts.map((p: { title: string }) => p.title)).toEqual(['Newer', 'Older']);
    expect(res.body.events.map((e: { title: string }) => e.title)).toEqual(['Reading night']);
    expect(res.body.profileComplete).toBe(false);
  });
});

describe('download my data', () => {
  it('holds the account, linked methods, sessions, consent records and community activity', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member', { name: 'Ada' });
    confirmedSubscription(t, ada.email);
    const post = insertPost(t, { title: 'Engines' });
    await as(t, ada).put(`/api/members/bookmarks/${post}`);
    insertComment(t, ada.id, post, 'My comment');

    const res = await as(t, ada).get('/api/members/export');
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="my-data-/);
    const data = JSON.parse(res.text);
    expect(data.user).toMatchObject({ email: ada.email, name: 'Ada', role: 'member' });
    expect(data.linkedAccounts).toEqual([
      expect.objectContaining({ provider: 'email', isPrimary: true }),
    ]);
    expect(data.sessions).toHaveLength(1);
    expect(JSON.stringify(data.sessions)).not.toMatch(/id_hash|ip_hash/);
    expect(data.newsletter.subscription).toMatchObject({ email: ada.email, status: 'active' });
    expect(data.newsletter.consents.map((c: { action: string }) => c.action)).toEqual([
      'subscribe',
      'confirm',
    ]);
    expect(data.bookmarks).toEqual([expect.objectContaining({ title: 'Engines' })]);
    expect(data.comments).toEqual([expect.objectContaining({ body: 'My comment' })]);
  });
});

describe('delete my account', () => {
  it('needs confirmation, then ends every session, removes the subscription and is logged', async () => {
    const t = testApp();
    const ada = await signInAs(t, 'member', { name: 'Ada' });
    const second = await signInAs(t, 'member', { email: ada.email });
    confirmedSubscription(t, ada.email);
    const post = insertPost(t);
    const commentId = insertComment(t, ada.id, post, 'Goodbye');

    const unconfirmed = await as(t, ada).delete('/api/members/account', {});
    expect(unconfirmed.body.code).toBe('CONFIRM_DELETE_REQUIRED');

    const res = await as(t, ada).delete('/api/members/account', { confirmDelete: true });
    expect(res.status).toBe(200);
    expect(res.headers['set-cookie']?.[0]).toMatch(/^qp_session=;/);
    for (const user of [ada, second]) {
      expect((await as(t, user).get('/api/members/profile')).status).toBe(401);
    }
    const db = t.deps.db;
    expect(db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get()).toBe(0);
    expect(
      db.prepare('SELECT email, name, deleted_at FROM users WHERE id = ?').get(ada.id),
    ).toEqual({ email: null, name: null, deleted_at: expect.any(String) });
    expect(db.prepare('SELECT status, body FROM comments WHERE id = ?').get(commentId)).toEqual({
      status: 'deleted',
      body: '',
    });
    const log = db.prepare('SELECT action, actor_id, target_user_id FROM moderation_log').all();
    expect(log).toEqual([{ action: 'user.delete', actor_id: ada.id, target_user_id: ada.id }]);
  });
});
