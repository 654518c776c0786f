import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../mail/outbox.js';
import { createContentFolder } from '../../test-support/content.js';
import { as, signInAs, type TestApp } from '../../test-support/community.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import {
  exportEverything,
  exportOfBytes,
  fetchRemoteImage,
  ImportError,
  remoteImageFetcher,
  openExport,
  readExport,
  runImport,
  type ImportOptions,
  type ImportSource,
} from './index.js';
import { ZIP_LIMITS } from './unpack.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const track = cleanupAfterEach();

function site() {
  const folder = createContentFolder({});
  const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
  const reportsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-imports-'));
  track(folder.cleanup, t.cleanup, () => fs.rmSync(reportsDir, { recursive: true }));
  return { t, dir: folder.dir, reportsDir };
}

/**
 * Imports the export at `location`. `fetchImage` answers remote images (none, by default);
 * `alter` changes what was read before it is imported.
 */
async function importInto(
  s: ReturnType<typeof site>,
  source: ImportSource,
  location: string,
  options: Partial<ImportOptions> = {},
  call: {
    fetchImage?: (url: string) => Promise<Buffer | null>;
    alter?: (bundle: ReturnType<typeof readExport>) => void;
  } = {},
) {
  const files = await openExport(location);
  const bundle = readExport(source, files);
  call.alter?.(bundle);
  return runImport(
    {
      db: s.t.deps.db,
      contentDir: s.dir,
      reportsDir: s.reportsDir,
      now: new Date(s.t.clock.now()).toISOString(),
      fetchImage: call.fetchImage ?? (async () => null),
    },
    source,
    bundle,
    files,
    { dryRun: false, overwrite: false, category: 'write', fetchImages: true, ...options },
  );
}

const subscribersOf = (t: TestApp) =>
  t.deps.db
    .prepare(
      `SELECT email, name, status, verified, bounced_at IS NOT NULL AS bounced, note
       FROM subscriptions ORDER BY email`,
    )
    .all();
const consentsOf = (t: TestApp, email: string) =>
  t.deps.db
    .prepare(
      `SELECT c.action, c.source, c.created_at AS at FROM consent_records c
       JOIN subscriptions s ON s.id = c.subscription_id WHERE s.email = ? ORDER BY c.id`,
    )
    .all(email);
const filesIn = (dir: string, folder: string) =>
  fs.existsSync(path.join(dir, folder)) ? fs.readdirSync(path.join(dir, folder)).sort() : [];

describe('moving in from Substack', () => {
  it('brings posts, drafts and subscribers with their consent, mails nobody, and changes nothing the second time', async () => {
    const s = site();
    const dry = await importInto(s, 'substack', path.join(FIXTURES, 'substack'), { dryRun: true });
    expect(dry.created).toMatchObject({ posts: 1, drafts: 2, subscribers: 3, unsubscribed: 1 });
    expect(filesIn(s.dir, 'posts')).toEqual([]);
    expect(subscribersOf(s.t)).toEqual([]);

    const report = await importInto(s, 'substack', path.join(FIXTURES, 'substack'));
    expect(report.created).toMatchObject({ posts: 1, drafts: 2, pages: 0, images: 1 });
    expect(report.refused).toEqual(
      expect.arrayContaining([
        // The fixture's episode has no show notes file (see import-leniency.test.ts for one).
        { where: 'posts.csv line 5', message: 'posts/104.episode-one.html is missing: left out.' },
        {
          where: 'posts.csv line 4',
          message: 'For paying subscribers on Substack: imported as a draft, not published.',
        },
        expect.objectContaining({ where: 'email_list.sam.csv line 5' }),
      ]),
    );
    expect(report.remoteImages).toEqual(['https://substackcdn.example.invalid/remote.png']);
    expect(filesIn(s.dir, 'posts')).toEqual([
      '2024-03-04-why-i-write-in-the-morning.md',
      '2024-05-01-a-draft-about-libraries.md',
      '2024-06-10-members-only-notes.md',
    ]);
    // Named by their address as well, so two posts' image.png stay two files.
    expect(filesIn(s.dir, 'images/imported/substack')).toEqual(['3de5c2cd-desk.jpeg']);
    const draft = fs.readFileSync(
      path.join(s.dir, 'posts/2024-05-01-a-draft-about-libraries.md'),
      'utf8',
    );
    expect(draft).toContain('status: draft');

    expect(subscribersOf(s.t)).toEqual([
      {
        email: 'ada@example.com',
        name: null,
        status: 'active',
        verified: 1,
        bounced: 0,
        note: null,
      },
      {
        email: 'bob@example.com',
        name: null,
        status: 'active',
        verified: 1,
        bounced: 0,
        note: 'Substack plan: yearly (until 2025-01-15T00:00:00.000Z)',
      },
      {
        email: 'cy@example.com',
        name: null,
        status: 'active',
        verified: 1,
        bounced: 0,
        note: 'Substack plan: comp; Stripe customer cus_ABC123',
      },
      {
        email: 'gone@example.com',
        name: null,
        status: 'unsubscribed',
        verified: 1,
        bounced: 0,
        note: null,
      },
    ]);
    expect(consentsOf(s.t, 'ada@example.com')).toEqual([
      { action: 'subscribe', source: 'imported from substack', at: '2023-01-15T10:00:00.000Z' },
    ]);
    expect(listOutbox(s.t.deps)).toEqual([]);
    expect(fs.existsSync(report.reportFile!)).toBe(true);

    const again = await importInto(s, 'substack', path.join(FIXTURES, 'substack'));
    expect(again.created).toMatchObject({ posts: 0, drafts: 0, subscribers: 0, unsubscribed: 0 });
    expect(again.kept.map((kept) => kept.message)).toEqual(
      expect.arrayContaining([
        'posts/2024-03-04-why-i-write-in-the-morning.md already has the slug why-i-write-in-the-morning.',
        'ada@example.com is already on the list.',
      ]),
    );
    expect(filesIn(s.dir, 'posts')).toHaveLength(3);
    expect(consentsOf(s.t, 'ada@example.com')).toHaveLength(1);
  });

  it('keeps a post’s heading, quote, captioned image and footnote on its page', async () => {
    const s = site();
    await importInto(s, 'substack', path.join(FIXTURES, 'substack'));
    expect(syncContent(s.t.deps.db, s.dir, s.t.clock, s.t.deps.logger).errors).toEqual([]);
    const post = await request(s.t.app).get('/api/posts/why-i-write-in-the-morning');
    expect(post.status).toBe(200);
    const html: string = post.body.content;
    expect(html).toMatch(/<h2[^>]*>.*The quiet hour/);
    expect(html).toContain('<blockquote>\n<p>Write before you read.</p>');
    expect(html).toMatch(
      /<figure>[\s\S]*alt="A desk by the window"[\s\S]*<figcaption>My desk at six in the morning<\/figcaption>/,
    );
    expect(html).toMatch(/<sup class="footnote-ref"><a href="#fn1"/);
    expect(html).toContain('Except for the cat.');
    expect(html).not.toContain('Subscribe for free');
    expect(post.body.excerpt_short || post.body.excerpt_medium).toContain(
      'Before the day has opinions',
    );
  });
});

describe('moving in from Ghost', () => {
  it('brings posts (html and lexical), pages, tags in order and members as subscribers', async () => {
    const s = site();
    const report = await importInto(s, 'ghost', path.join(FIXTURES, 'ghost'));
    expect(report.created).toMatchObject({
      posts: 1,
      drafts: 1,
      pages: 1,
      subscribers: 2,
      unsubscribed: 2,
    });
    const post = fs.readFileSync(
      path.join(s.dir, 'posts/2024-02-02-notes-on-small-tools.md'),
      'utf8',
    );
    expect(post).toContain('tags:\n  - Tools\n  - Craft\n');
    expect(post).toContain('excerpt: Why the small ones stay');
    expect(post).toContain(
      'featured_image: https://ghost.example.invalid/content/images/tools.jpg',
    );
    const lexical = fs.readFileSync(
      path.join(s.dir, 'posts/2024-03-01-written-in-the-editor.md'),
      'utf8',
    );
    expect(lexical).toContain('**Bold start** and the rest.');
    expect(filesIn(s.dir, 'pages')).toEqual(['2023-12-01-about-me.md']);
    // The page is read at its own address (/about-me) once the folder is synced.
    expect(syncContent(s.t.deps.db, s.dir, s.t.clock, s.t.deps.logger).errors).toEqual([]);
    const page = await request(s.t.app).get('/api/pages/about-me');
    expect(page.body).toMatchObject({ title: 'About me' });
    expect(page.body.content).toContain('I write about tools and books.');
    expect(subscribersOf(s.t)).toEqual([
      {
        email: 'dana@example.com',
        name: 'Dana Reader',
        status: 'active',
        verified: 1,
        bounced: 0,
        note: 'Tiers: Free',
      },
      {
        email: 'eli@example.com',
        name: 'Eli',
        status: 'active',
        verified: 1,
        bounced: 0,
        note: 'Met at a conference; Complimentary plan on Ghost; Stripe customer cus_XYZ; Labels: vip; Tiers: Supporter',
      },
      {
        email: 'fay@example.com',
        name: 'Fay',
        status: 'unsubscribed',
        verified: 1,
        bounced: 0,
        note: null,
      },
      {
        email: 'gil@example.com',
        name: 'Gil',
        status: 'unsubscribed',
        verified: 1,
        bounced: 0,
        note: null,
      },
    ]);
    expect(listOutbox(s.t.deps)).toEqual([]);
  });
});

describe('remote images', () => {
  it('are fetched into the content folder when they can be, and listed when they cannot', async () => {
    const jpeg = fs.readFileSync(path.join(FIXTURES, 'substack/images/desk.jpeg'));
    const server = http.createServer((req, res) => {
      if (req.url === '/cover.jpg') res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(jpeg);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    track(() => server.close());
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const s = site();
    const exportFile = path.join(s.reportsDir, 'blog.ghost.json');
    fs.writeFileSync(
      exportFile,
      JSON.stringify({
        db: [
          {
            data: {
              posts: [
                {
                  id: 'p1',
                  title: 'With pictures',
                  slug: 'with-pictures',
                  html: `<p>Here.</p><img src="${origin}/gone.jpg" alt="Lost">`,
                  feature_image: `${origin}/cover.jpg`,
                  type: 'post',
                  status: 'published',
                  published_at: '2024-04-01T09:00:00.000Z',
                },
              ],
            },
          },
        ],
      }),
    );
    const report = await importInto(
      s,
      'ghost',
      exportFile,
      {},
      // The test's server is on loopback, which the site's own fetcher refuses (see below).
      { fetchImage: remoteImageFetcher({ reachable: () => true }) },
    );
    expect(report.created.images).toBe(1);
    expect(report.remoteImages).toEqual([`${origin}/gone.jpg`]);
    const [copy] = filesIn(s.dir, 'images/imported/ghost');
    expect(copy).toMatch(/^[0-9a-f]{8}-cover\.jpg$/);
    expect(fs.readFileSync(path.join(s.dir, 'images/imported/ghost', copy!))).toEqual(jpeg);
    const post = fs.readFileSync(path.join(s.dir, 'posts/2024-04-01-with-pictures.md'), 'utf8');
    expect(post).toContain(`featured_image: /content/images/imported/ghost/${copy}`);
    expect(post).toContain(`![Lost](${origin}/gone.jpg)`);
    // The site itself never fetches from its own networks: an export cannot reach them.
    expect(await fetchRemoteImage(`${origin}/cover.jpg`)).toBeNull();
    expect(await fetchRemoteImage('http://169.254.169.254/latest/meta-data')).toBeNull();
  });
});

describe('slugs', () => {
  it('come from the platform’s id when a title has no Latin letters, and never collide', async () => {
    const s = site();
    const exportFile = path.join(s.reportsDir, 'blog.ghost.json');
    const post = (id: string, title: string, slug: string) => ({
      id,
      title,
      slug,
      html: `<p>${title}</p>`,
      type: 'post',
      status: 'published',
      published_at: '2024-04-01T09:00:00.000Z',
    });
    fs.writeFileSync(
      exportFile,
      JSON.stringify({
        db: [
          {
            data: {
              posts: [
                post('a1', 'Привет, мир', ''),
                post('a2', '你好', ''),
                post('a3', 'Same title', 'same-title'),
                post('a4', 'Same title', 'same-title'),
              ],
            },
          },
        ],
      }),
    );
    const report = await importInto(s, 'ghost', exportFile);
    expect(report.created.posts).toBe(4);
    expect(filesIn(s.dir, 'posts')).toEqual([
      '2024-04-01-post-a1.md',
      '2024-04-01-post-a2.md',
      '2024-04-01-same-title-2.md',
      '2024-04-01-same-title.md',
    ]);
  });
  it('file posts under Write when the category asked for has no letter a slug keeps', async () => {
    const s = site();
    const exportFile = path.join(s.reportsDir, 'blog.ghost.json');
    fs.writeFileSync(
      exportFile,
      JSON.stringify({
        db: [
          {
            data: {
              posts: [
                {
                  id: 'b1',
                  title: 'Hello',
                  slug: 'hello',
                  html: '<p>Hello</p>',
                  type: 'post',
                  status: 'published',
                  published_at: '2024-04-01T09:00:00.000Z',
                },
              ],
            },
          },
        ],
      }),
    );
    await importInto(s, 'ghost', exportFile, { category: 'Блог' });
    const written = fs.readFileSync(path.join(s.dir, 'posts', '2024-04-01-hello.md'), 'utf8');
    expect(written).toMatch(/^category: write$/m);
  });
});

describe('moving in from WordPress', () => {
  it('brings posts with status, tags and featured image, drafts without a slug, and pages', async () => {
    const s = site();
    const report = await importInto(s, 'wordpress', path.join(FIXTURES, 'wordpress'));
    expect(report.created).toMatchObject({ posts: 1, drafts: 1, pages: 1 });
    const post = fs.readFileSync(path.join(s.dir, 'posts/2024-01-15-reading-in-winter.md'), 'utf8');
    expect(post).toContain(
      'featured_image: https://sam.example.invalid/wp-content/uploads/2024/01/winter-cover.jpg',
    );
    expect(post).toContain('Winter is for long books & warm tea.');
    expect(post).toContain("## This year's list");
    expect(post).toContain('tags:\n  - Books\n  - winter');
    const draft = fs.readFileSync(path.join(s.dir, 'posts/2024-02-01-half-an-idea.md'), 'utf8');
    expect(draft).toContain('status: draft');
    expect(draft).toContain('A first line.\n\nA second paragraph.');
    expect(filesIn(s.dir, 'pages')).toEqual(['2023-11-01-colophon.md']);
  });

  it('refuses XML that is not well formed, saying where, and writes nothing', async () => {
    const s = site();
    const broken = path.join(s.reportsDir, 'broken.xml');
    fs.writeFileSync(
      broken,
      '<?xml version="1.0"?>\n<rss><channel>\n<item><title>x</titel></item></channel></rss>',
    );
    await expect(importInto(s, 'wordpress', broken)).rejects.toThrow(
      /broken\.xml line 3: not well-formed XML/,
    );
    expect(filesIn(s.dir, 'posts')).toEqual([]);
  });
});

describe('moving in a mailing list', () => {
  it('reads Mailchimp’s subscribed, unsubscribed and cleaned files by their columns', async () => {
    const s = site();
    const report = await importInto(s, 'csv', path.join(FIXTURES, 'mailchimp'));
    expect(report.created).toMatchObject({ subscribers: 2, unsubscribed: 1, bounced: 1 });
    expect(subscribersOf(s.t)).toEqual([
      {
        email: 'hana@example.com',
        name: 'Hana Ito',
        status: 'active',
        verified: 1,
        bounced: 0,
        note: null,
      },
      {
        email: 'ivan@example.com',
        name: 'Ivan',
        status: 'active',
        verified: 1,
        bounced: 0,
        note: null,
      },
      {
        email: 'jo@example.com',
        name: 'Jo',
        status: 'unsubscribed',
        verified: 1,
        bounced: 0,
        note: null,
      },
      {
        email: 'kai@example.com',
        name: 'Kai',
        status: 'active',
        verified: 1,
        bounced: 1,
        note: null,
      },
    ]);
    expect(consentsOf(s.t, 'hana@example.com')).toEqual([
      { action: 'subscribe', source: 'imported from csv', at: '2022-04-01T09:00:00.000Z' },
    ]);
    expect(consentsOf(s.t, 'jo@example.com').map((c) => (c as { action: string }).action)).toEqual([
      'subscribe',
      'withdraw',
    ]);
    expect(listOutbox(s.t.deps)).toEqual([]);
  });

  it('never puts back on the list someone who left here, even with --overwrite', async () => {
    const s = site();
    await importInto(s, 'csv', path.join(FIXTURES, 'mailchimp'));
    const list = path.join(s.reportsDir, 'still-active-elsewhere.csv');
    fs.writeFileSync(
      list,
      'email,name,status\njo@example.com,Jo,subscribed\nkai@example.com,Kai,subscribed\n',
    );
    await importInto(s, 'csv', list, { overwrite: true });
    const rows = subscribersOf(s.t) as Array<{ email: string; status: string; bounced: number }>;
    expect(rows.find((row) => row.email === 'jo@example.com')).toMatchObject({
      status: 'unsubscribed',
    });
    expect(rows.find((row) => row.email === 'kai@example.com')).toMatchObject({ bounced: 1 });
    // Their history is theirs: nothing invented joins it.
    expect(consentsOf(s.t, 'jo@example.com')).toHaveLength(2);
  });

  it('refuses rows that never confirmed, and a broken file with its line', async () => {
    const s = site();
    const list = path.join(s.reportsDir, 'buttondown.csv');
    fs.writeFileSync(
      list,
      'email,subscriber_type,creation_date\nlee@example.com,regular,2023-01-01\nmo@example.com,unactivated,2023-01-02\n',
    );
    const report = await importInto(s, 'csv', list);
    expect(report.created.subscribers).toBe(1);
    expect(report.refused).toEqual([
      {
        where: 'buttondown.csv line 3',
        message: expect.stringMatching(/^Never confirmed \(unactivated\)/),
      },
    ]);
    fs.writeFileSync(list, 'email,name\nnia@example.com,"Nia\nola@example.com,Ola\n');
    await expect(importInto(s, 'csv', list)).rejects.toThrow(
      'buttondown.csv line 2: a quoted value is never closed.',
    );
  });
});

describe('moving out and back in', () => {
  it('restores the same content, subscribers with their consent history, and members on a fresh site', async () => {
    const from = site();
    await importInto(from, 'substack', path.join(FIXTURES, 'substack'));
    await importInto(from, 'csv', path.join(FIXTURES, 'mailchimp'));
    from.t.deps.db
      .prepare(
        `INSERT INTO users (email, email_verified, name, role, link_key, created_at, updated_at)
         VALUES ('member@example.com', 1, 'Mo', 'member', 'k', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`,
      )
      .run();
    from.t.deps.db
      .prepare(
        `INSERT INTO accounts (user_id, provider, provider_account_id, email, email_verified, is_primary, created_at, updated_at)
         SELECT id, 'github', 'gh-42', 'member@example.com', 1, 1, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z' FROM users`,
      )
      .run();
    const archive = path.join(from.reportsDir, 'everything.zip');
    const done = await exportEverything(
      {
        db: from.t.deps.db,
        contentDir: from.dir,
        siteTitle: 'Sam Okafor',
        now: '2026-11-26T12:00:00.000Z',
      },
      archive,
    );
    expect(done).toMatchObject({ subscribers: 8, members: 1 });
    const names = (await openExport(archive)).names;
    expect(names).toEqual(
      expect.arrayContaining([
        'README.md',
        'subscribers.csv',
        'consent-history.csv',
        'members.json',
        'comments.json',
        'content/posts/2024-03-04-why-i-write-in-the-morning.md',
      ]),
    );
    expect((await openExport(archive)).read('members.json').toString()).not.toMatch(
      /link_key|token|session/i,
    );

    const to = site();
    const report = await importInto(to, 'archive', archive);
    expect(report.refused).toEqual([]);
    expect(report.created).toMatchObject({
      subscribers: 5,
      unsubscribed: 2,
      bounced: 1,
      members: 1,
    });
    expect(subscribersOf(to.t)).toEqual(subscribersOf(from.t));
    expect(consentsOf(to.t, 'jo@example.com')).toEqual(consentsOf(from.t, 'jo@example.com'));
    for (const folder of ['posts', 'images/imported/substack']) {
      expect(filesIn(to.dir, folder)).toEqual(filesIn(from.dir, folder));
    }
    expect(
      fs.readFileSync(path.join(to.dir, 'posts/2024-03-04-why-i-write-in-the-morning.md')),
    ).toEqual(
      fs.readFileSync(path.join(from.dir, 'posts/2024-03-04-why-i-write-in-the-morning.md')),
    );
    expect(
      to.t.deps.db
        .prepare(
          `SELECT u.name, a.provider, a.provider_account_id AS id FROM users u JOIN accounts a ON a.user_id = u.id`,
        )
        .all(),
    ).toEqual([{ name: 'Mo', provider: 'github', id: 'gh-42' }]);
    const again = await importInto(to, 'archive', archive);
    expect(again.created).toMatchObject({ subscribers: 0, members: 0, files: 0 });
    expect(listOutbox(to.t.deps)).toEqual([]);
  });
});

describe('hostile archives', () => {
  async function zipOf(entries: Array<[string, Buffer | string]>): Promise<Buffer> {
    const zip = new yazl.ZipFile();
    for (const [name, bytes] of entries) zip.addBuffer(Buffer.from(bytes), name);
    zip.end();
    const chunks: Buffer[] = [];
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  it('refuses entries outside the import, bombs, a tampered archive and the wrong kind of file, writing nothing', async () => {
    const evil = (
      await zipOf([
        ['posts.csv', 'post_id\n'],
        ['aaaaa/escape.txt', 'x'],
      ])
    ).toString('latin1');
    const slipped = Buffer.from(evil.replaceAll('aaaaa/escape.txt', '../../escape.txt'), 'latin1');
    await expect(exportOfBytes('substack.zip', slipped)).rejects.toThrow(ImportError);
    const absolute = Buffer.from(evil.replaceAll('aaaaa/escape.txt', '/tmp/escapes.txt'), 'latin1');
    await expect(exportOfBytes('substack.zip', absolute)).rejects.toThrow(ImportError);

    const zeros = Buffer.alloc(1024 * 1024);
    const many = await zipOf(
      Array.from({ length: 110 }, (_, i) => [`part-${i}.csv`, zeros] as [string, Buffer]),
    );
    await expect(exportOfBytes('many.zip', many)).rejects.toThrow(/expands past the size limit/);

    const bomb = await zipOf([
      ['email_list.csv', Buffer.alloc((2 * 1024 * 1024 * ZIP_LIMITS.ratio) / 50, 0x61)],
    ]);
    expect(bomb.length).toBeLessThan(ZIP_LIMITS.entryBytes);
    await expect(exportOfBytes('bomb.zip', bomb)).rejects.toThrow(/expands too far/);

    const tampered = await zipOf([
      ['README.md', '# An archive'],
      ['subscribers.csv', 'email,name,state\n'],
      ['members.json', '[{"email": 1}]'],
    ]);
    await expect(
      exportOfBytes('archive.zip', tampered).then((files) => readExport('archive', files)),
    ).rejects.toThrow(/members\.json at 0\.email/);

    const s = site();
    const xml = path.join(s.reportsDir, 'export.xml');
    fs.writeFileSync(xml, '<rss><channel></channel></rss>');
    await expect(importInto(s, 'substack', xml)).rejects.toThrow(/not a Substack export/);
    await expect(importInto(s, 'ghost', xml)).rejects.toThrow(/not a Ghost export/);
    expect(fs.readdirSync(s.dir)).toEqual([]);
    expect(subscribersOf(s.t)).toEqual([]);
  });
});

describe('the console', () => {
  const upload = (
    app: TestApp['app'],
    user: { cookie?: string },
    query: string,
    bytes: Buffer,
    type = 'application/octet-stream',
  ) =>
    request(app)
      .post(`/api/admin/import?${query}`)
      .set('Cookie', user.cookie ?? '')
      .set('Content-Type', type)
      .send(bytes);

  it('imports an uploaded export after a dry run, and downloads everything as a zip', async () => {
    const s = site();
    const owner = await signInAs(s.t, 'admin');
    const list = fs.readFileSync(path.join(FIXTURES, 'ghost/members.csv'));
    const dry = await upload(s.t.app, owner, 'source=ghost&name=members.csv&dryRun=true', list);
    expect(dry.status).toBe(200);
    expect(dry.body.report).toMatchObject({
      dryRun: true,
      created: { subscribers: 2, unsubscribed: 2 },
    });
    expect(subscribersOf(s.t)).toEqual([]);

    const done = await upload(s.t.app, owner, 'source=ghost&name=members.csv', list);
    expect(done.body.report).toMatchObject({ dryRun: false, created: { subscribers: 2 } });
    expect(done.body.report.reportFile).toMatch(/\.json$/);
    expect(subscribersOf(s.t)).toHaveLength(4);
    for (const recipient of ['dana@example.com', 'eli@example.com']) {
      expect(listOutbox(s.t.deps, { recipient })).toEqual([]);
    }

    const wrong = await upload(s.t.app, owner, 'source=wordpress&name=members.csv', list);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: 'IMPORT_INVALID',
      message: expect.stringMatching(/not a WordPress export/),
    });
    // Bytes go in as application/octet-stream only; a form's type is refused as a forgery.
    expect((await upload(s.t.app, owner, 'source=csv&name=a.csv', list, 'text/plain')).status).toBe(
      403,
    );

    const zip = await as(s.t, owner)
      .get('/api/admin/export')
      .buffer(true)
      .parse((stream, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => callback(null, Buffer.concat(chunks)));
      });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-disposition']).toMatch(/^attachment; filename="?[\w.-]+\.zip"?$/);
    const archive = await exportOfBytes('everything.zip', zip.body as Buffer);
    expect(archive.read('subscribers.csv').toString()).toContain('eli@example.com');
    const log = s.t.deps.db.prepare('SELECT action FROM moderation_log ORDER BY id').pluck().all();
    expect(log).toEqual(['site.import', 'site.export']);

    const moderator = await signInAs(s.t, 'moderator');
    expect((await upload(s.t.app, moderator, 'source=csv&name=a.csv', list)).status).toBe(403);
    expect((await as(s.t, moderator).get('/api/admin/export')).status).toBe(403);
  });
});

describe('an import interrupted half-way', () => {
  it('leaves the site as it was: no file moved in, no row kept', async () => {
    const s = site();
    await expect(
      importInto(
        s,
        'substack',
        path.join(FIXTURES, 'substack'),
        { fetchImages: false },
        {
          // The last subscriber's history cannot be stored (an action the table refuses).
          alter: (bundle) =>
            void bundle.subscribers.push({
              ...bundle.subscribers[0]!,
              email: 'last@example.com',
              consents: [
                { action: 'agreed' as 'subscribe', source: 'x', consentText: 'x', recordedAt: 'x' },
              ],
            }),
        },
      ),
    ).rejects.toThrow(/CHECK constraint/);
    expect(
      fs
        .readdirSync(s.dir, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile()),
    ).toEqual([]);
    expect(subscribersOf(s.t)).toEqual([]);
  });
});
