import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { takeBackup } from '../../db/backup.js';
import { confirmMagicLink, latestMagicLinkMail } from '../../test-support/auth.js';
import { as, signInAs } from '../../test-support/community.js';
import { createContentFolder, markdown, post } from '../../test-support/content.js';
import { migrate } from '../../db/migrate.js';
import { databaseFileBytes, walFileBytes } from '../../test-support/database-bytes.js';
import { databaseAt } from '../../test-support/migrations.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { createCollector } from './collector.js';
import { readershipOf, trafficBetween } from './store.js';

const track = cleanupAfterEach();

const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const TABLET =
  'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** Each day's key as the collector makes it, copied, so a test can search files for it. */
function keysMade() {
  const keys: Buffer[] = [];
  const newKey = () => {
    const key = randomBytes(32);
    keys.push(Buffer.from(key));
    return key;
  };
  return { keys, newKey };
}

function site(
  env: Record<string, string> = {},
  options: { newKey?: () => Buffer; files?: Record<string, string> } = {},
) {
  // The pages readers are counted on: only a page of the site is.
  const content = createContentFolder({
    'posts/tiny-tools.md': post('Tiny tools', { extra: 'sub_category: tools' }),
    'posts/a.md': post('A'),
    'posts/b.md': post('B'),
    ...options.files,
  });
  // Behind one proxy: the reader's address comes from X-Forwarded-For.
  const t = createTestApp({
    env: { TRUST_PROXY: '1', CONTENT_DIR: content.dir, ...env },
    analytics: { newKey: options.newKey },
  });
  track(t.cleanup, content.cleanup);
  const sync = () => syncContent(t.deps.db, content.dir, t.clock, t.deps.logger);
  sync();
  const hit = (
    body: object,
    reader: { ip: string; agent: string; headers?: Record<string, string> },
    app = t.app,
  ) =>
    request(app)
      .post('/api/analytics/hit')
      .set('X-Forwarded-For', reader.ip)
      .set('User-Agent', reader.agent)
      .set(reader.headers ?? {})
      .send(body);
  const rows = () => {
    t.analytics.flush();
    return t.deps.db
      .prepare('SELECT day, path, source, device, browser, os, visitor FROM analytics_hits')
      .all() as Array<Record<string, string | null>>;
  };
  return { t, hit, rows, content, sync };
}

const DAY = '2026-01-01';

describe('page views', () => {
  it('count visitors without cookies: three readers on two pages, one of them twice', async () => {
    const { t, hit, rows } = site();
    const readers = [
      { ip: '203.0.113.7', agent: PHONE },
      { ip: '198.51.100.23', agent: DESKTOP },
      { ip: '2001:db8::42', agent: TABLET },
    ];
    for (const reader of readers) {
      const res = await hit(
        { path: '/posts/tiny-tools', referrer: 'https://news.ycombinator.com/item?id=1' },
        reader,
      );
      expect(res.status).toBe(204);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    await hit({ path: '/blog', referrer: 'http://localhost:5173/posts/tiny-tools' }, readers[0]!);
    await hit({ path: '/posts/tiny-tools', referrer: '' }, readers[0]!);

    const stored = rows();
    expect(stored).toHaveLength(5);
    expect(trafficBetween(t.deps.db, { from: DAY, to: DAY })).toEqual({ views: 5, visitors: 3 });
    expect(stored.map((row) => row.device).slice(0, 3)).toEqual(['phone', 'desktop', 'tablet']);
    expect(stored[0]).toMatchObject({
      browser: 'Safari',
      os: 'iOS',
      source: 'news.ycombinator.com',
    });
    // The site's own pages are not a source.
    expect(stored[3]).toMatchObject({ path: '/blog', source: '' });
    expect(stored[0]!.visitor).toMatch(/^[0-9a-f]{16}$/);
    expect(stored[4]!.visitor).toBe(stored[0]!.visitor);
  });

  it("make the same reader a new visitor on the site's next day, and after a restart, each with a new key", async () => {
    const { keys, newKey } = keysMade();
    // Twelve hours ahead of UTC in January: the site's day turns at 11:00 UTC.
    const { t, hit, rows } = site(
      {},
      {
        newKey,
        files: {
          'site.yml': 'title: Aroha\ntimezone: Pacific/Auckland\nowner:\n  name: Aroha Ngata\n',
        },
      },
    );
    const ada = { ip: '203.0.113.7', agent: PHONE };
    await hit({ path: '/' }, ada); // 22:00 on the 1st, site time
    await hit({ path: '/posts/a' }, { ip: '198.51.100.23', agent: DESKTOP });
    t.clock.advance(90 * 60_000);
    await hit({ path: '/posts/a' }, ada); // 23:30: the same visitor, on a second page
    t.clock.advance(60 * 60_000);
    await hit({ path: '/' }, ada); // 00:30 on the 2nd, still the 1st in UTC
    const seen = rows();
    expect(seen.map((row) => row.day)).toEqual([DAY, DAY, DAY, '2026-01-02']);
    expect(seen[2]!.visitor).toBe(seen[0]!.visitor);
    expect(seen[3]!.visitor).not.toBe(seen[0]!.visitor);
    expect(keys).toHaveLength(2);

    // The hourly roll-up sums the site's yesterday; today is read from its views.
    t.analytics.rollUp();
    const summed = t.deps.db
      .prepare("SELECT day, path, views, visitors FROM analytics_daily WHERE dimension = ''")
      .all();
    expect(summed).toEqual([
      { day: DAY, path: '', views: 3, visitors: 2 },
      { day: DAY, path: '/', views: 1, visitors: 1 },
      { day: DAY, path: '/posts/a', views: 2, visitors: 2 },
    ]);
    expect(trafficBetween(t.deps.db, { from: DAY, to: '2026-01-02' })).toEqual({
      views: 4,
      visitors: 3,
    });

    // A restart: the key was in memory only, so the rest of the day has a new one, and a reader
    // seen before it is a visitor again, as the privacy page says.
    const restarted = createCollector({ ...t.deps, retentionDays: 30, newKey });
    track(() => restarted.stop());
    await hit({ path: '/' }, ada, createApp({ ...t.deps, analytics: restarted }));
    restarted.flush();
    expect(keys).toHaveLength(3);
    expect(rows()[4]!.visitor).not.toBe(seen[3]!.visitor);
    expect(trafficBetween(t.deps.db, { from: '2026-01-02', to: '2026-01-02' })).toEqual({
      views: 2,
      visitors: 2,
    });
  });

  it("keep the day's key in memory only: no backup, database file or WAL holds it, nor an old one", async () => {
    const { keys, newKey } = keysMade();
    const { t, hit } = site({}, { newKey });
    const ada = { ip: '203.0.113.7', agent: PHONE };
    await hit({ path: '/' }, ada);
    await hit({ path: '/posts/a' }, { ip: '198.51.100.23', agent: DESKTOP });
    t.clock.advance(86_400_000);
    t.analytics.rollUp();
    await hit({ path: '/' }, ada);
    t.analytics.flush();
    expect(keys).toHaveLength(2);

    const db = t.deps.db;
    // The files as they lie on disk, a snapshot as the nightly backup takes it, and the files
    // once checkpointed.
    const copies: Record<string, Buffer> = {
      'the database file': fs.readFileSync(db.name),
      'the WAL': Buffer.from(walFileBytes(db), 'latin1'),
    };
    const backup = await takeBackup(db, {
      dir: path.join(path.dirname(db.name), 'backups'),
      keep: 14,
      clock: t.clock,
    });
    copies['a backup'] = fs.readFileSync(backup.file);
    copies['the checkpointed files'] = Buffer.from(databaseFileBytes(db), 'latin1');
    for (const [where, bytes] of Object.entries(copies)) {
      for (const key of keys) {
        expect(bytes.includes(key), where).toBe(false);
        expect(bytes.includes(key.toString('hex')), `${where}, in hex`).toBe(false);
      }
    }
  });

  it('forget the key a release before kept in the database, once upgraded', () => {
    const before = databaseAt(24);
    track(before.cleanup);
    const key = randomBytes(32);
    before.db.prepare('INSERT INTO analytics_salts (day, salt) VALUES (?, ?)').run(DAY, key);
    expect(databaseFileBytes(before.db).includes(key.toString('latin1'))).toBe(true);
    migrate(before.db);
    // What the upgrade leaves: the file, and its WAL checkpointed and truncated.
    expect(databaseFileBytes(before.db).includes(key.toString('latin1'))).toBe(false);
  });

  it('leave out crawlers, link previewers, prefetches and the signed-in owner; count Sec-GPC as a view only', async () => {
    const { t, hit, rows } = site();
    for (const agent of [
      'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
      'Twitterbot/1.0',
      'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
      '',
    ]) {
      expect((await hit({ path: '/' }, { ip: '192.0.2.1', agent })).status).toBe(204);
    }
    await hit(
      { path: '/' },
      { ip: '192.0.2.2', agent: DESKTOP, headers: { 'Sec-Purpose': 'prefetch' } },
    );
    const owner = await signInAs(t, 'admin');
    const signedIn = await as(t, owner)
      .post('/api/analytics/hit', { path: '/' })
      .set('User-Agent', DESKTOP);
    expect(signedIn.status).toBe(204);
    expect(rows()).toEqual([]);

    await hit({ path: '/' }, { ip: '192.0.2.3', agent: PHONE, headers: { 'Sec-GPC': '1' } });
    await hit({ path: '/now' }, { ip: '192.0.2.4', agent: PHONE, headers: { DNT: '1' } });
    expect(rows().map((row) => row.visitor)).toEqual([null, null]);
    expect(trafficBetween(t.deps.db, { from: DAY, to: DAY })).toEqual({ views: 2, visitors: 0 });
  });

  it('keep no address and no user agent anywhere in the database or its WAL, the next day either', async () => {
    const { t, hit, rows } = site();
    const readers = [
      { ip: '203.0.113.77', agent: `${PHONE} ReaderMarker/1` },
      { ip: '198.51.100.99', agent: `${DESKTOP} ReaderMarker/2` },
      { ip: '192.0.2.145', agent: `${TABLET} ReaderMarker/3` },
      { ip: '2001:db8:85a3::8a2e:370:7334', agent: `${PHONE} ReaderMarker/4` },
      {
        ip: '100.64.12.34',
        agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
      },
      { ip: '203.0.113.201', agent: 'Mozilla/5.0 (Android 15; Mobile; rv:133.0) Firefox/133.0' },
    ];
    // A day of reading: each reader on a few pages, from morning to night, a do-not-track one too.
    for (let hour = 0; hour < 12; hour += 1) {
      const reader = readers[hour % readers.length]!;
      const headers: Record<string, string> = hour === 5 ? { 'Sec-GPC': '1' } : {};
      for (const path of ['/', '/posts/a', '/posts/tiny-tools']) {
        await hit({ path, referrer: 'https://news.ycombinator.com/' }, { ...reader, headers });
      }
      t.clock.advance(3_600_000);
    }
    expect(rows()).toHaveLength(36);
    // The next morning the day is summed, as the hourly roll-up does.
    t.clock.advance(12 * 3_600_000);
    t.analytics.rollUp();
    await hit({ path: '/' }, readers[0]!);
    t.analytics.flush();
    expect(trafficBetween(t.deps.db, { from: DAY, to: DAY })).toEqual({ views: 36, visitors: 6 });

    const bytes = databaseFileBytes(t.deps.db);
    for (const { ip, agent } of readers) {
      expect(bytes.includes(ip), ip).toBe(false);
      expect(bytes.includes(agent), agent).toBe(false);
    }
    for (const fragment of ['ReaderMarker', 'iPhone; CPU', 'Windows NT 10.0', 'Gecko/20100101']) {
      expect(bytes.includes(fragment), fragment).toBe(false);
    }
  });

  it('answer bad input clearly, ignore paths that are not reading, and never fail', async () => {
    const { hit, rows } = site();
    const reader = { ip: '203.0.113.7', agent: PHONE };
    const huge = await hit({ path: `/${'a'.repeat(5000)}` }, reader);
    expect(huge.status).toBe(413);
    for (const bad of [
      { path: 42 },
      { path: 'https://evil.example/' },
      { path: '//evil.example/' },
      {},
      { path: '/', referrer: 7 },
    ]) {
      expect((await hit(bad, reader)).status, JSON.stringify(bad)).toBe(400);
    }
    for (const notReading of ['/api/posts', '/members/dashboard', '/auth/callback']) {
      expect((await hit({ path: notReading }, reader)).status).toBe(204);
    }
    expect(rows()).toEqual([]);
  });

  it('limit one client to 120 beacons a minute, and let it in again the next minute', async () => {
    const { t, hit } = site();
    const reader = { ip: '203.0.113.50', agent: PHONE };
    for (let i = 0; i < 120; i += 1) await hit({ path: '/' }, reader);
    const refused = await hit({ path: '/' }, reader);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect((await hit({ path: '/' }, { ip: '203.0.113.51', agent: PHONE })).status).toBe(204);
    t.clock.advance(60_000);
    expect((await hit({ path: '/' }, reader)).status).toBe(204);
  });

  it("count only the site's pages: not a scanner's path, nor a missing post the not-found page reports", async () => {
    const { t, hit, rows, content, sync } = site();
    const reader = { ip: '203.0.113.7', agent: PHONE };
    for (const junk of [
      '/wp-login.php',
      '/.env',
      '/posts/no-such-post',
      '/posts/tiny-tools/more',
      '/category/nothing',
      '/no-such-page',
    ]) {
      expect((await hit({ path: junk }, reader)).status, junk).toBe(204);
    }
    expect(rows()).toEqual([]);

    const pages = [
      '/',
      '/blog/',
      '/posts/tiny-tools?utm_source=x',
      '/category/build',
      '/category/build/tools',
    ];
    for (const path of pages) await hit({ path }, reader);
    expect(rows().map((row) => row.path)).toEqual([
      '/',
      '/blog',
      '/posts/tiny-tools',
      '/category/build',
      '/category/build/tools',
    ]);

    // A page written later counts once synced; a draft and a post not yet due do not, until due.
    content.write('pages/colophon.md', markdown('title: Colophon'));
    content.write('posts/draft.md', post('Draft', { extra: 'status: draft' }));
    content.write('posts/later.md', post('Later', { date: '2026-01-01T12:00:00Z' }));
    sync();
    for (const path of ['/colophon', '/posts/draft', '/posts/later']) await hit({ path }, reader);
    expect(
      rows()
        .slice(5)
        .map((row) => row.path),
    ).toEqual(['/colophon']);
    t.clock.advance(3 * 3_600_000);
    await hit({ path: '/posts/later' }, reader);
    expect(
      rows()
        .slice(6)
        .map((row) => row.path),
    ).toEqual(['/posts/later']);
  });

  it('roll past days up into sums and delete raw views past the retention', async () => {
    const { t, hit, rows } = site({ ANALYTICS_RETENTION_DAYS: '2' });
    await hit({ path: '/posts/a' }, { ip: '203.0.113.1', agent: PHONE });
    await hit({ path: '/posts/a' }, { ip: '203.0.113.2', agent: DESKTOP });
    await hit({ path: '/posts/b' }, { ip: '203.0.113.1', agent: PHONE });
    expect(rows()).toHaveLength(3);
    t.clock.advance(3 * 86_400_000);
    t.analytics.rollUp();
    expect(rows()).toEqual([]);
    expect(trafficBetween(t.deps.db, { from: DAY, to: DAY })).toEqual({ views: 3, visitors: 2 });
    const byPath = t.deps.db
      .prepare(
        "SELECT path AS value, views, visitors FROM analytics_daily WHERE path <> '' AND dimension = '' ORDER BY path",
      )
      .all();
    expect(byPath).toEqual([
      { value: '/posts/a', views: 2, visitors: 2 },
      { value: '/posts/b', views: 1, visitors: 1 },
    ]);
  });

  it('report views, visitors, pages and sources to the owner, raw days and summed ones together', async () => {
    const { t, hit } = site({ ANALYTICS_RETENTION_DAYS: '2' });
    const hn = 'https://news.ycombinator.com/item?id=1';
    await hit({ path: '/posts/a', referrer: hn }, { ip: '203.0.113.1', agent: PHONE });
    await hit({ path: '/posts/a', referrer: hn }, { ip: '203.0.113.2', agent: DESKTOP });
    t.clock.advance(3 * 86_400_000);
    t.analytics.rollUp(); // the first day is its sums now
    await hit({ path: '/posts/a' }, { ip: '203.0.113.1', agent: PHONE });
    await hit({ path: '/posts/b', referrer: hn }, { ip: '203.0.113.3', agent: TABLET });
    t.analytics.flush();

    const owner = await signInAs(t, 'admin');
    const report = await as(t, owner).get(
      '/api/admin/analytics/traffic?from=2026-01-01&to=2026-01-04',
    );
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      success: true,
      views: 4,
      visitors: 4,
      previous: { views: 0, visitors: 0 },
      series: [
        { period: '2026-01-01', views: 2, visitors: 2 },
        { period: '2026-01-04', views: 2, visitors: 2 },
      ],
      pages: [
        { path: '/posts/a', views: 3, visitors: 3 },
        { path: '/posts/b', views: 1, visitors: 1 },
      ],
      sources: [
        { source: 'news.ycombinator.com', views: 3, visitors: 3 },
        { source: '', views: 1, visitors: 1 },
      ],
      devices: [
        { device: 'phone', views: 2, visitors: 2 },
        { device: 'desktop', views: 1, visitors: 1 },
        { device: 'tablet', views: 1, visitors: 1 },
      ],
    });
    expect(report.body.browsers[0]).toEqual({ browser: 'Safari', views: 3, visitors: 3 });
    expect(report.body.systems.map((row: { os: string }) => row.os)).toEqual(['iOS', 'Windows']);

    // One post: its own views and sources, the summed day included.
    const post = await as(t, owner).get(
      '/api/admin/analytics/traffic?from=2026-01-01&to=2026-01-04&path=/posts/a',
    );
    expect(post.body).toMatchObject({
      views: 3,
      visitors: 3,
      pages: [{ path: '/posts/a', views: 3, visitors: 3 }],
      sources: [
        { source: 'news.ycombinator.com', views: 2, visitors: 2 },
        { source: '', views: 1, visitors: 1 },
      ],
    });
    // The next four days hold none of it; their previous range is these four.
    const after = await as(t, owner).get(
      '/api/admin/analytics/traffic?from=2026-01-05&to=2026-01-08',
    );
    expect(after.body).toMatchObject({ views: 0, previous: { views: 4, visitors: 4 } });
    const backwards = await as(t, owner).get(
      '/api/admin/analytics/traffic?from=2026-02-01&to=2026-01-01',
    );
    expect(backwards.status).toBe(400);
    const member = await signInAs(t, 'member');
    expect(
      (await as(t, member).get('/api/admin/analytics/traffic?from=2026-01-01&to=2026-01-02'))
        .status,
    ).toBe(403);
  });

  it('count a visitor under every source and campaign they came from that day, not only the first', async () => {
    const { t, hit } = site();
    const hn = 'https://news.ycombinator.com/item?id=1';
    const reader = { ip: '203.0.113.1', agent: PHONE };
    // First straight in, then from a link elsewhere, then from a campaign: one visitor, each time
    // from somewhere else.
    await hit({ path: '/posts/a' }, reader);
    await hit({ path: '/posts/a', referrer: hn }, reader);
    await hit({ path: '/posts/b', utm_source: 'mastodon' }, reader);
    let owner = await signInAs(t, 'admin');
    const report = async (query = '') =>
      (await as(t, owner).get(`/api/admin/analytics/traffic?from=${DAY}&to=${DAY}${query}`)).body;
    const expected = {
      visitors: 1,
      sources: [
        { source: '', views: 2, visitors: 1 },
        { source: 'news.ycombinator.com', views: 1, visitors: 1 },
      ],
      campaigns: {
        source: [
          { value: '', views: 2, visitors: 1 },
          { value: 'mastodon', views: 1, visitors: 1 },
        ],
      },
    };
    t.analytics.flush();
    expect(await report()).toMatchObject(expected);
    expect(await report('&path=/posts/a')).toMatchObject({
      sources: [
        { source: '', views: 1, visitors: 1 },
        { source: 'news.ycombinator.com', views: 1, visitors: 1 },
      ],
    });
    // The same once the day is summed.
    t.clock.advance(86_400_000);
    t.analytics.rollUp();
    owner = await signInAs(t, 'admin');
    expect(await report()).toMatchObject(expected);
    expect(await report('&path=/posts/a')).toMatchObject({
      sources: [
        { source: '', views: 1, visitors: 1 },
        { source: 'news.ycombinator.com', views: 1, visitors: 1 },
      ],
    });
  });

  it('name each page by its title for the owner, beside its path', async () => {
    const { t, hit } = site();
    await hit({ path: '/posts/tiny-tools' }, { ip: '203.0.113.1', agent: PHONE });
    await hit({ path: '/' }, { ip: '203.0.113.1', agent: PHONE });
    await hit({ path: '/category/build' }, { ip: '203.0.113.1', agent: PHONE });
    t.analytics.flush();
    const owner = await signInAs(t, 'admin');
    const report = await as(t, owner).get(`/api/admin/analytics/traffic?from=${DAY}&to=${DAY}`);
    expect(report.body.pages).toEqual([
      { path: '/', title: 'Home', views: 1, visitors: 1 },
      { path: '/category/build', title: null, views: 1, visitors: 1 },
      { path: '/posts/tiny-tools', title: 'Tiny tools', views: 1, visitors: 1 },
    ]);
  });

  it('recount, on upgrade, the sources of the days whose raw views are still kept', () => {
    const before = databaseAt(28);
    track(before.cleanup);
    const db = before.db;
    const view = db.prepare(
      `INSERT INTO analytics_hits (day, hour, path, source, device, browser, os, visitor,
         first_of_day, first_on_page) VALUES (?, 9, '/posts/a', ?, 'phone', 'Safari', 'iOS', 'v1', ?, ?)`,
    );
    view.run(DAY, '', 1, 1);
    view.run(DAY, 'news.ycombinator.com', 0, 0);
    // The day as the release before summed it: the second source's visitor lost.
    const sum = db.prepare(
      'INSERT INTO analytics_daily (path, dimension, day, value, views, visitors) VALUES (?, ?, ?, ?, ?, ?)',
    );
    for (const path of ['', '/posts/a']) {
      sum.run(path, '', DAY, '', 2, 1);
      sum.run(path, 'source', DAY, '', 1, 1);
      sum.run(path, 'source', DAY, 'news.ycombinator.com', 1, 0);
    }
    sum.run('', 'path', DAY, '/posts/a', 2, 1);
    migrate(db);
    for (const path of [undefined, '/posts/a']) {
      expect(readershipOf(db, { from: DAY, to: DAY, path }).breakdown('source', 10)).toEqual([
        { value: '', views: 1, visitors: 1 },
        { value: 'news.ycombinator.com', views: 1, visitors: 1 },
      ]);
    }
  });

  it('answer the last hours hour by hour, in the hours the views came', async () => {
    const { t, hit } = site();
    await hit({ path: '/' }, { ip: '203.0.113.1', agent: PHONE });
    t.clock.advance(2 * 3_600_000);
    await hit({ path: '/' }, { ip: '203.0.113.1', agent: PHONE });
    await hit(
      { path: '/now', utm_source: 'mastodon', utm_campaign: 'spring' },
      { ip: '203.0.113.2', agent: DESKTOP },
    );
    t.analytics.flush();
    const owner = await signInAs(t, 'admin');
    const report = await as(t, owner).get(
      '/api/admin/analytics/traffic?from=2025-12-31T12&to=2026-01-01T11',
    );
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({
      views: 3,
      visitors: 2,
      series: [
        { period: '2026-01-01T09', views: 1, visitors: 1 },
        { period: '2026-01-01T11', views: 2, visitors: 2 },
      ],
    });
    expect(report.body.campaigns.source).toContainEqual({
      value: 'mastodon',
      views: 1,
      visitors: 1,
    });
    expect(report.body.campaigns.campaign).toContainEqual({
      value: 'spring',
      views: 1,
      visitors: 1,
    });
    for (const impossible of [
      'from=2026-02-30&to=2026-03-01',
      'from=2026-01-01T00&to=2026-01-01T24',
    ]) {
      const res = await as(t, owner).get(`/api/admin/analytics/traffic?${impossible}`);
      expect(res.status, impossible).toBe(400);
    }
    const tooLong = await as(t, owner).get(
      '/api/admin/analytics/traffic?from=2026-01-01T00&to=2026-01-03T00',
    );
    expect(tooLong.status).toBe(400);
  });

  it('count feed fetches per reader, with the subscribers each service states', async () => {
    const { t } = site();
    const fetch = (path: string, agent: string) =>
      request(t.app).get(path).set('User-Agent', agent);
    const feedly =
      'Feedly/1.0 (+http://www.feedly.com/fetcher.html; 42 subscribers; like FeedFetcher-Google)';
    await fetch('/rss.xml', feedly);
    await fetch('/rss.xml', feedly.replace('42', '43'));
    await fetch('/atom.xml', feedly.replace('42', '5'));
    await fetch(
      '/feed.json',
      'Mozilla/5.0 (compatible; Inoreader/1.0; +http://www.inoreader.com/feed-fetcher; 7 subscribers; )',
    );
    await fetch('/journal/rss.xml', 'NetNewsWire (RSS Reader; https://netnewswire.com/)');
    await fetch(
      '/rss.xml',
      'NewsBlur Feed Fetcher - 1,024 subscribers - https://www.newsblur.com/site/1/rowan',
    );
    t.analytics.flush();
    const owner = await signInAs(t, 'admin');
    const report = await as(t, owner).get(
      '/api/admin/analytics/traffic?from=2026-01-01&to=2026-01-01',
    );
    expect(report.body.feeds).toEqual([
      { reader: 'NewsBlur', subscribers: 1024, fetches: 1 },
      { reader: 'Feedly', subscribers: 48, fetches: 3 },
      { reader: 'Inoreader', subscribers: 7, fetches: 1 },
      { reader: 'NetNewsWire', subscribers: 0, fetches: 1 },
    ]);
    // Feed fetches are not page views.
    expect(report.body.views).toBe(0);
  });

  it('say which page brought each subscriber and member, from the request that started it', async () => {
    const { t } = site();
    const page = 'http://localhost:5173/posts/tiny-tools?utm_source=x';
    const subscribed = await request(t.app)
      .post('/api/auth/subscribe')
      .set('Referer', page)
      .send({ email: 'reader@example.test' });
    expect(subscribed.status).toBe(200);
    const row = t.deps.db.prepare('SELECT start_path FROM subscriptions').get() as {
      start_path: string;
    };
    expect(row.start_path).toBe('/posts/tiny-tools');
    await request(t.app)
      .post('/api/auth/subscribe')
      .set('Referer', 'https://elsewhere.example/posts/tiny-tools')
      .send({ email: 'other@example.test' });
    t.deps.db.prepare("UPDATE subscriptions SET verified = 1, status = 'active'").run();

    const owner = await signInAs(t, 'admin');
    const signups = async () =>
      (await as(t, owner).get('/api/admin/analytics/traffic?from=2026-01-01&to=2026-01-01')).body
        .signups as Array<{ path: string; subscribers: number; members: number }>;
    expect(await signups()).toContainEqual({
      path: '/posts/tiny-tools',
      title: 'Tiny tools',
      subscribers: 1,
      members: 0,
    });

    // A new account from the magic link mailed to a reader of the post: the post brought it.
    await request(t.app)
      .post('/api/auth/magic-link')
      .set('Referer', 'http://localhost:5173/posts/tiny-tools')
      .send({ email: 'new-member@example.test' });
    const { res } = await confirmMagicLink(
      t.app,
      latestMagicLinkMail(t.deps, 'new-member@example.test').url,
    );
    expect(res.status).toBe(303);
    const member = t.deps.db
      .prepare('SELECT start_path FROM users WHERE email = ?')
      .get('new-member@example.test') as { start_path: string };
    expect(member.start_path).toBe('/posts/tiny-tools');
    const after = await signups();
    expect(after).toContainEqual({
      path: '/posts/tiny-tools',
      title: 'Tiny tools',
      subscribers: 1,
      members: 1,
    });
    expect(after).toContainEqual(expect.objectContaining({ path: '', subscribers: 1 }));
  });

  it('count nothing when the owner turns analytics off, and tell the pages to send nothing', async () => {
    const { t, hit, rows } = site({ ANALYTICS: 'off' });
    expect((await hit({ path: '/' }, { ip: '203.0.113.7', agent: PHONE })).status).toBe(404);
    expect(rows()).toEqual([]);
    // What the server renderer reads to mark a page as sending its view (entry-server.test.tsx).
    expect((await request(t.app).get('/api/site')).body.analytics).toBe(false);
    expect((await request(site().t.app).get('/api/site')).body.analytics).toBe(true);
  });
});
