import { siteSchema } from '@quillpost/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../mail/outbox.js';
import { as, createUser, signInAs, type TestApp } from '../../test-support/community.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { createTestApp, testAppPerTest } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { parseCsv } from '../../csv.js';

const { testApp, track } = testAppPerTest();

function insertSubscriber(
  t: TestApp,
  email: string,
  options: { name?: string; status?: string; bounced?: boolean } = {},
) {
  const now = new Date(t.clock.now()).toISOString();
  t.deps.db
    .prepare(
      `INSERT INTO subscriptions (email, name, status, verified, link_key, subscribed_at, verified_at,
         bounced_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'key', ?, ?, ?, ?, ?)`,
    )
    .run(
      email,
      options.name ?? null,
      options.status ?? 'active',
      options.status === 'pending' ? 0 : 1,
      now,
      options.status === 'pending' ? null : now,
      options.bounced ? now : null,
      now,
      now,
    );
}

describe('users and roles', () => {
  it('searches users by email or name', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin');
    createUser(t, { name: 'Grace Hopper', email: 'grace@example.com' });
    createUser(t, { name: 'Alan Turing', email: 'alan@example.org' });
    const res = await as(t, admin).get('/api/admin/users?q=grace');
    expect(res.body.items.map((u: { name: string }) => u.name)).toEqual(['Grace Hopper']);
    const byDomain = await as(t, admin).get('/api/admin/users?q=example.org');
    expect(byDomain.body.total).toBe(1);
    const wildcard = await as(t, admin).get('/api/admin/users?q=%25');
    expect(wildcard.body.total).toBe(0);
  });

  it('assigns a role, ending the sessions granted under the old one, logged with who did it', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin', { name: 'Owner' });
    const ada = await signInAs(t, 'member', { name: 'Ada' });
    expect((await as(t, ada).get('/api/moderation/queue')).status).toBe(403);
    const res = await as(t, admin).put(`/api/admin/users/${ada.id}/role`, { role: 'moderator' });
    expect(res.body.user).toMatchObject({ role: 'moderator', level: 'moderator' });
    expect((await as(t, ada).get('/api/auth/me')).status).toBe(401);
    const moderator = await signInAs(t, 'member', { email: ada.email });
    expect((await as(t, moderator).get('/api/moderation/queue')).status).toBe(200);

    // A demoted moderator's session is over at once, not only its permissions.
    await as(t, admin).put(`/api/admin/users/${ada.id}/role`, { role: 'member' });
    expect((await as(t, moderator).get('/api/auth/me')).status).toBe(401);
    expect((await as(t, moderator).get('/api/moderation/queue')).status).toBe(401);
    const log = await as(t, admin).get('/api/moderation/log');
    expect(log.body.items[0]).toMatchObject({
      action: 'user.role',
      actor: expect.objectContaining({ name: 'Owner' }),
      targetUser: expect.objectContaining({ name: 'Ada' }),
      summary: 'Changed role from Moderator to Member',
    });
    const own = await as(t, admin).put(`/api/admin/users/${admin.id}/role`, { role: 'member' });
    expect(own.body.code).toBe('CANNOT_CHANGE_OWN_ROLE');
    const bad = await as(t, admin).put(`/api/admin/users/${ada.id}/role`, { role: 'owner' });
    expect(bad.body.code).toBe('ROLE_INVALID');
  });

  it('bans for good and deletes accounts, ending their sessions at once', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin');
    const ada = await signInAs(t, 'member');
    const bob = await signInAs(t, 'member');
    const ban = await as(t, admin).post(`/api/admin/users/${ada.id}/ban`, { reason: 'Spam' });
    expect(ban.body.user.ban).toMatchObject({ until: null, reason: 'Spam' });
    expect((await as(t, ada).get('/api/members/profile')).status).toBe(401);
    expect((await as(t, admin).delete(`/api/admin/users/${bob.id}`)).status).toBe(200);
    expect((await as(t, bob).get('/api/members/profile')).status).toBe(401);
    // Only an account the admin outranks: not a peer's, nor their own.
    const peer = await signInAs(t, 'admin');
    for (const userId of [peer.id, admin.id]) {
      const refused = await as(t, admin).delete(`/api/admin/users/${userId}`);
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('CANNOT_MODERATE_USER');
    }
    expect((await as(t, peer).get('/api/members/profile')).status).toBe(200);
    const users = await as(t, admin).get('/api/admin/users');
    expect(users.body.items.map((u: { id: number }) => u.id)).not.toContain(bob.id);
    const actions = t.deps.db
      .prepare('SELECT action FROM moderation_log ORDER BY id')
      .pluck()
      .all();
    expect(actions).toEqual(['user.ban', 'user.delete']);
  });
});

describe('subscribers', () => {
  it('filters by status, bounced included, with counts', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin');
    insertSubscriber(t, 'a@example.com');
    insertSubscriber(t, 'p@example.com', { status: 'pending' });
    insertSubscriber(t, 'u@example.com', { status: 'unsubscribed' });
    insertSubscriber(t, 'b@example.com', { bounced: true });
    const res = await as(t, admin).get('/api/admin/subscribers?status=bounced');
    expect(res.body.items.map((s: { email: string }) => s.email)).toEqual(['b@example.com']);
    expect(res.body.items[0].status).toBe('bounced');
    expect(res.body.counts).toEqual({ pending: 1, active: 1, unsubscribed: 1, bounced: 1 });
    const bad = await as(t, admin).get('/api/admin/subscribers?status=gone');
    expect(bad.status).toBe(400);
  });

  it('exports CSV with formula cells neutralised and quoting, logged', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin');
    insertSubscriber(t, 'eve@example.com', { name: '=HYPERLINK("http://evil","x")' });
    insertSubscriber(t, 'dan@example.com', { name: 'Dan, the "reader"' });
    insertSubscriber(t, 'pat@example.com', { name: '@pat', status: 'pending' });
    const res = await as(t, admin).get('/api/admin/subscribers/export?status=active');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="subscribers-active-/);
    const lines = res.text.split('\r\n');
    expect(lines[0]).toBe(
      'email,name,status,verified,subscribed_at,verified_at,unsubscribed_at,bounced_at',
    );
    expect(lines[1]).toMatch(
      /^eve@example\.com,"'=HYPERLINK\(""http:\/\/evil"",""x""\)",active,true,/,
    );
    expect(lines[2]).toMatch(/^dan@example\.com,"Dan, the ""reader""",active,/);
    expect(res.text).not.toContain('pat@example.com');
    expect(parseCsv(res.text)[1]?.cells[1]).toBe(`'=HYPERLINK("http://evil","x")`);
    const log = t.deps.db.prepare('SELECT action, summary FROM moderation_log').get();
    expect(log).toEqual({
      action: 'subscribers.export',
      summary: 'Exported 2 subscribers (active) as CSV',
    });
  });

  it('imports: consented rows become active, others get a confirmation email, existing ones stay', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin');
    insertSubscriber(t, 'gone@example.com', { status: 'unsubscribed' });
    const csv = [
      'Email,Name,Consent,Source',
      'yes@example.com,Yes Person,yes,conference list',
      '"no@example.com","No, Person",,',
      'gone@example.com,Gone,yes,',
      'not-an-email,,yes,',
      '',
    ].join('\r\n');
    const res = await as(t, admin).post('/api/admin/subscribers/import', { csv });
    expect(res.body).toMatchObject({
      imported: 1,
      confirmationsQueued: 1,
      skippedExisting: 1,
      invalid: [{ line: 5, code: 'EMAIL_INVALID', message: expect.any(String) }],
    });
    const rows = t.deps.db
      .prepare('SELECT email, name, status, verified FROM subscriptions ORDER BY id')
      .all();
    expect(rows).toEqual([
      { email: 'gone@example.com', name: null, status: 'unsubscribed', verified: 1 },
      { email: 'yes@example.com', name: 'Yes Person', status: 'active', verified: 1 },
      { email: 'no@example.com', name: 'No, Person', status: 'pending', verified: 0 },
    ]);
    expect(listOutbox(t.deps, { recipient: 'no@example.com' })).toHaveLength(1);
    expect(listOutbox(t.deps, { recipient: 'yes@example.com' })).toHaveLength(0);
    expect(listOutbox(t.deps, { recipient: 'gone@example.com' })).toHaveLength(0);
    const consent = t.deps.db
      .prepare(
        `SELECT c.source FROM consent_records c JOIN subscriptions s ON s.id = c.subscription_id
         WHERE s.email = 'yes@example.com'`,
      )
      .pluck()
      .all();
    expect(consent).toEqual(['admin-import-consented:conference list']);

    const noEmail = await as(t, admin).post('/api/admin/subscribers/import', { csv: 'name\nx' });
    expect(noEmail.body.code).toBe('CSV_INVALID');
  });

  it('leaves out, and never mails, whoever the file marks as not subscribed (issue 34)', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin');
    // A Substack list and a Mailchimp audience, as their platforms export them.
    const substack = await as(t, admin).post('/api/admin/subscribers/import', {
      csv: 'email,active_subscription,email_disabled,created_at\non@example.com,false,false,2023-01-01\noff@example.com,false,true,2023-01-01\n',
    });
    expect(substack.body).toMatchObject({
      confirmationsQueued: 1,
      notSubscribed: [
        { line: 3, message: 'Had switched email off (email_disabled): left out, and not mailed.' },
      ],
    });
    const mailchimp = await as(t, admin).post('/api/admin/subscribers/import', {
      csv: 'Email,Status,Consent\nm-on@example.com,subscribed,yes\nm-gone@example.com,unsubscribed,yes\n',
    });
    expect(mailchimp.body).toMatchObject({
      imported: 1,
      notSubscribed: [
        { line: 3, message: 'Was marked unsubscribed (status): left out, and not mailed.' },
      ],
    });
    const listed = t.deps.db
      .prepare('SELECT email FROM subscriptions ORDER BY email')
      .pluck()
      .all();
    expect(listed).toEqual(['m-on@example.com', 'on@example.com']);
    expect(listOutbox(t.deps, { recipient: 'off@example.com' })).toHaveLength(0);
  });
});

describe('one subscriber, opened from the list', () => {
  it('shows their sections, where they started and their consent history; the owner can unsubscribe them, on record', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin', { name: 'Rowan' });
    const csv = 'email,name,consent,source\nada@example.com,Ada,yes,conference list\n';
    await as(t, admin).post('/api/admin/subscribers/import', { csv });
    const id = t.deps.db
      .prepare(`SELECT id FROM subscriptions WHERE email = 'ada@example.com'`)
      .pluck()
      .get() as number;

    const opened = await as(t, admin).get(`/api/admin/subscribers/${id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.subscriber).toMatchObject({
      email: 'ada@example.com',
      name: 'Ada',
      status: 'active',
      preferences: { build: true, learn: true, write: true, journal: true, poetry: true },
      startPath: null,
    });
    expect(opened.body.consents).toEqual([
      expect.objectContaining({
        action: 'subscribe',
        source: 'admin-import-consented:conference list',
      }),
    ]);

    const done = await as(t, admin).post(`/api/admin/subscribers/${id}/unsubscribe`);
    expect(done.status).toBe(200);
    expect(done.body.subscriber.status).toBe('unsubscribed');
    expect(done.body.consents.at(-1)).toMatchObject({
      action: 'withdraw',
      source: 'console',
      consentText: 'Unsubscribed in the console by Rowan',
      addressKept: false,
    });
    const listed = await as(t, admin).get('/api/admin/subscribers?status=unsubscribed');
    expect(listed.body.items.map((s: { email: string }) => s.email)).toEqual(['ada@example.com']);

    expect((await as(t, admin).get('/api/admin/subscribers/999999')).status).toBe(404);
    expect((await as(t, admin).post('/api/admin/subscribers/999999/unsubscribe')).status).toBe(404);
    const moderator = await signInAs(t, 'moderator');
    expect((await as(t, moderator).get(`/api/admin/subscribers/${id}`)).status).toBe(403);
    // The export route is not taken for a subscriber's id.
    expect((await as(t, admin).get('/api/admin/subscribers/export')).status).toBe(200);
  });
});

describe('analytics and settings', () => {
  it('counts subscribers and members by month, sources and the confirmation rate', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin');
    await as(t, admin).post('/api/admin/subscribers/import', {
      csv: 'email,consent\na@example.com,yes\nb@example.com,\nc@example.com,\n',
    });
    const res = await as(t, admin).get('/api/admin/analytics');
    expect(res.body.months).toHaveLength(12);
    expect(res.body.months.at(-1)).toEqual({ month: '2026-01', subscribers: 3, members: 1 });
    expect(res.body.signupsBySource).toEqual(
      expect.arrayContaining([
        { source: 'admin-import', count: 2 },
        { source: 'admin-import-consented', count: 1 },
      ]),
    );
    expect(res.body.membersByMethod).toEqual([{ method: 'email', count: 1 }]);
    expect(res.body.confirmation).toEqual({ requested: 2, confirmed: 0, rate: 0 });
    expect(res.body.totals).toEqual({ subscribers: 3, activeSubscribers: 1, members: 1 });
  });

  it('keeps settings in the database, validated, with defaults', async () => {
    const t = testApp();
    const admin = await signInAs(t, 'admin');
    const first = await as(t, admin).get('/api/admin/settings');
    expect(first.body.settings).toEqual({
      commentsOpen: true,
      directoryOpen: true,
      announcement: '',
      ownerDigest: true,
      newsletterClickCounting: true,
    });
    const saved = await as(t, admin).put('/api/admin/settings', {
      announcement: ' Book club on Friday. ',
      ownerDigest: false,
    });
    expect(saved.body.settings).toMatchObject({
      announcement: 'Book club on Friday.',
      ownerDigest: false,
    });
    const stored = t.deps.db.prepare('SELECT key FROM site_settings ORDER BY key').pluck().all();
    expect(stored).toEqual(['announcement', 'ownerDigest']);
    const unknown = await as(t, admin).put('/api/admin/settings', { SMTP_URL: 'smtp://x' });
    expect(unknown.status).toBe(400);
  });
});

describe('content', () => {
  it("takes the owner's profiles from site.yml alone, shown on /links where the page names one", async () => {
    const folder = createContentFolder({
      'site.yml':
        'title: Rowan\nowner: { name: Rowan }\nsocial:\n  x: https://x.com/rowan\n  github: https://github.com/rowan\n',
      'pages/links.md': [
        '---',
        'title: Rowan',
        'links:',
        '  - { name: Blog, url: https://rowan.example/blog, icon: pen }',
        '  - { name: X, url: https://x.com/rowan, icon: x }',
        '  - { name: Old code, url: https://github.com/rowan-old, icon: github }',
        '  - { name: Mastodon, url: https://mastodon.example/@rowan, icon: mastodon }',
        '---',
        'Hi.',
      ].join('\n'),
    });
    track(folder.cleanup);
    const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
    track(t.cleanup);
    syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
    const site = async () => siteSchema.parse((await request(t.app).get('/api/site')).body);

    // The links page's own GitHub and Mastodon entries are links, not profiles.
    expect((await site()).socialProfiles).toEqual([
      { network: 'x', label: 'X (Twitter)', url: 'https://x.com/rowan' },
      { network: 'github', label: 'GitHub', url: 'https://github.com/rowan' },
    ]);
    const links = (await request(t.app).get('/api/links')).body as {
      links: Array<{ name: string }>;
      profilesAt: number;
    };
    expect(links.links.map((link) => link.name)).toEqual(['Blog', 'Old code', 'Mastodon']);
    expect(links.profilesAt).toBe(1); // where the page named X, one of the profiles

    // Console → Site rewrites them in the file, and the site follows.
    const admin = await signInAs(t, 'admin');
    const file = (await as(t, admin).get('/api/admin/site')).body.site;
    const saved = await as(t, admin).put('/api/admin/site', {
      ...file,
      social: {
        github: 'https://github.com/rowan-ellis',
        instagram: 'https://www.instagram.com/rowan',
      },
    });
    expect(saved.status).toBe(200);
    // At once, though the answer was cached: the sync that follows the save drops it.
    expect(await site()).toMatchObject({
      socialProfiles: [
        { network: 'github', label: 'GitHub', url: 'https://github.com/rowan-ellis' },
        { network: 'instagram', label: 'Instagram', url: 'https://www.instagram.com/rowan' },
      ],
    });
  });

  it('syncs the content folder on demand for the owner, reporting changes and skipped files', async () => {
    const folder = createContentFolder({ 'posts/a.md': post('A') });
    track(folder.cleanup);
    const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
    track(t.cleanup);
    const admin = await signInAs(t, 'admin');
    const first = await as(t, admin).post('/api/admin/content/sync', {});
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, added: ['posts/a.md'], errors: [] });

    folder.write('posts/b.md', post('B'));
    folder.write('posts/broken.md', '---\ntitle: [unclosed\n---\nBody');
    const second = await as(t, admin).post('/api/admin/content/sync', {});
    expect(second.body.added).toEqual(['posts/b.md']);
    expect(second.body.unchanged).toBe(1);
    expect(second.body.errors).toEqual([
      expect.objectContaining({ file: 'posts/broken.md', line: expect.any(Number) }),
    ]);
    expect((await as(t, admin).get('/api/posts/b')).status).toBe(200);

    const moderator = await signInAs(t, 'moderator');
    expect((await as(t, moderator).post('/api/admin/content/sync', {})).status).toBe(403);
  });
});
