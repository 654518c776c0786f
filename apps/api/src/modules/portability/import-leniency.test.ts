/**
 * Exports as people have them (issue 35): the slightly broken XML WordPress plugins write, a
 * Substack podcast, password-protected and private posts, a list with no dates, and names a
 * spreadsheet would run.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../csv.js';
import { createContentFolder } from '../../test-support/content.js';
import { signInAs } from '../../test-support/community.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import {
  exportEverything,
  ImportError,
  openExport,
  readExport,
  runImport,
  type ImportSource,
} from './index.js';

const FIXTURES = path.join(import.meta.dirname, 'fixtures');
const track = cleanupAfterEach();

function site() {
  const folder = createContentFolder({});
  const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-leniency-'));
  track(folder.cleanup, t.cleanup, () => fs.rmSync(scratch, { recursive: true }));
  return { t, dir: folder.dir, scratch };
}

/** Imports the export at `location` (remote images are left remote). */
async function importInto(s: ReturnType<typeof site>, source: ImportSource, location: string) {
  const files = await openExport(location);
  return runImport(
    {
      db: s.t.deps.db,
      contentDir: s.dir,
      reportsDir: path.join(s.scratch, 'imports'),
      now: new Date(s.t.clock.now()).toISOString(),
      fetchImage: async () => null,
    },
    source,
    readExport(source, files),
    files,
    { dryRun: false, overwrite: false, category: 'write', fetchImages: true },
  );
}

const read = (s: ReturnType<typeof site>, file: string) =>
  fs.readFileSync(path.join(s.dir, file), 'utf8');

function writeFile(s: ReturnType<typeof site>, name: string, text: string | Buffer) {
  const file = path.join(s.scratch, name);
  fs.writeFileSync(file, text);
  return file;
}

describe('a WordPress export as plugins leave it', () => {
  it('is read with a bare & in an attachment address, and the report says where', async () => {
    const s = site();
    const report = await importInto(
      s,
      'wordpress',
      path.join(FIXTURES, 'wordpress-quirks/raw-ampersand.wordpress.xml'),
    );
    expect(report.created).toMatchObject({ posts: 1, drafts: 0 });
    const post = read(s, 'posts/2024-04-02-tea-and-biscuits.md');
    expect(post).toContain('title: "Tea & biscuits: a field guide"');
    expect(post).toContain(
      'featured_image: https://images.example.invalid/photo-1601276861758?ixlib=rb-1.2.1&ixid=eyJhcHBfaWQiOjEyMDd9&auto=format&fit=crop&w=1268&q=80',
    );
    // Inside CDATA a & is already the character: it is not read twice.
    expect(post).toContain('Fish & chips come later.');
    expect(report.refused).toEqual([
      {
        where: 'raw-ampersand.wordpress.xml',
        message: 'Not well-formed XML on lines 39, 47: 10 bare "&" read as "&amp;".',
      },
    ]);
  });

  it('brings password-protected and private posts in as drafts, and says so', async () => {
    const s = site();
    const report = await importInto(
      s,
      'wordpress',
      path.join(FIXTURES, 'wordpress-quirks/theme-test-data.wordpress.xml'),
    );
    expect(report.created).toMatchObject({ posts: 1, drafts: 2 });
    expect(read(s, 'posts/2012-03-15-template-excerpt-defined.md')).not.toContain('status:');
    const locked = read(s, 'posts/2012-01-04-template-password-protected.md');
    expect(locked).toContain('status: draft');
    expect(locked).not.toContain('enter\n');
    expect(read(s, 'posts/2012-01-05-only-for-the-author.md')).toContain('status: draft');
    expect(report.refused).toEqual([
      {
        where:
          'theme-test-data.wordpress.xml: post "Template: Password Protected (the password is “enter”)"',
        message: 'Password-protected on WordPress: imported as a draft, not published.',
      },
      {
        where: 'theme-test-data.wordpress.xml: post "Only for the author"',
        message: 'Private on WordPress: imported as a draft, not published.',
      },
    ]);
    // The site's readers see only the public one.
    expect(syncContent(s.t.deps.db, s.dir, s.t.clock, s.t.deps.logger).errors).toEqual([]);
    expect((await request(s.t.app).get('/api/posts/template-password-protected')).status).toBe(404);
    expect((await request(s.t.app).get('/api/posts/template-excerpt-defined')).status).toBe(200);
  });

  it('with an entity the reader cannot expand is refused as not well-formed (400), not a server error', async () => {
    const s = site();
    const owner = await signInAs(s.t, 'admin');
    const wxr = fs
      .readFileSync(path.join(FIXTURES, 'wordpress/sam.wordpress.2024-08-01.xml'), 'utf8')
      .replace(
        '<rss version="2.0"',
        '<!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n<rss version="2.0"',
      )
      .replace('<title>Sam Okafor</title>', '<title>&secret;</title>');
    await expect(
      openExport(writeFile(s, 'entity.xml', wxr)).then((files) => readExport('wordpress', files)),
    ).rejects.toThrow(ImportError);
    const res = await request(s.t.app)
      .post('/api/admin/import?source=wordpress&name=entity.xml')
      .set('Cookie', owner.cookie ?? '')
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.from(wxr));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'IMPORT_INVALID',
      message: expect.stringMatching(/^entity\.xml: not well-formed XML \(/),
    });
    expect(fs.readdirSync(s.dir)).toEqual([]);
  });
});

/** The fixture folder as Substack's download: one zip of posts.csv and posts/. */
async function zipOfFolder(folder: string): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of fs.readdirSync(folder, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    zip.addFile(full, path.relative(folder, full).split(path.sep).join('/'));
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('a Substack podcast episode', () => {
  it('comes in as a post with its show notes and a link to its audio', async () => {
    const s = site();
    const zip = writeFile(
      s,
      'substack-export.zip',
      await zipOfFolder(path.join(FIXTURES, 'substack-podcast')),
    );
    const report = await importInto(s, 'substack', zip);
    expect(report.refused).toEqual([]);
    expect(report.created).toMatchObject({ posts: 2, drafts: 0 });
    const audio =
      'https://api.substack.example.invalid/feed/podcast/139812345/7d0a2f8c61e94e1b.mp3';
    const episode = read(s, 'posts/2024-03-09-episode-1-seeds-and-patience.md');
    expect(episode).toContain('excerpt: Twenty minutes on waiting');
    expect(episode).toContain(`[Listen: audio on api.substack.example.invalid](${audio})`);
    expect(episode).toContain('the seeds that took three springs to come up');
    expect(episode).not.toContain('Subscribe');

    expect(syncContent(s.t.deps.db, s.dir, s.t.clock, s.t.deps.logger).errors).toEqual([]);
    const page = await request(s.t.app).get('/api/posts/episode-1-seeds-and-patience');
    expect(page.status).toBe(200);
    expect(page.body.content).toContain(`<a href="${audio}" rel="noopener noreferrer">`);
    expect(page.body.content).toContain('<h3');
  });

  it('without its audio address comes in with its notes, and the report says so', async () => {
    const s = site();
    const folder = path.join(s.scratch, 'export');
    fs.mkdirSync(path.join(folder, 'posts'), { recursive: true });
    fs.writeFileSync(
      path.join(folder, 'posts.csv'),
      'post_id,post_date,is_published,type,audience,title,podcast_url\n7.notes,2024-03-16T07:00:00.000Z,true,podcast,everyone,Notes,javascript:alert(1)\n',
    );
    fs.writeFileSync(path.join(folder, 'posts/7.notes.html'), '<p>Only the notes.</p>');
    const report = await importInto(s, 'substack', folder);
    expect(report.refused).toEqual([
      {
        where: 'posts.csv line 2',
        message: 'A podcast episode without its audio address: imported with its notes only.',
      },
    ]);
    expect(read(s, 'posts/2024-03-16-notes.md')).toMatch(/---\n\nOnly the notes\.\n$/);
  });
});

const verifiedAtOf = (s: ReturnType<typeof site>) =>
  s.t.deps.db
    .prepare('SELECT email, verified_at FROM subscriptions ORDER BY email')
    .all() as Array<{ email: string; verified_at: string | null }>;

describe('a list of addresses without dates', () => {
  it('leaves the confirmation date empty instead of the import’s, and the report says so', async () => {
    const s = site();
    const bare = writeFile(s, 'readers.csv', 'Email Address\nann@example.com\nben@example.com\n');
    const report = await importInto(s, 'csv', bare);
    expect(report.created.subscribers).toBe(2);
    expect(verifiedAtOf(s)).toEqual([
      { email: 'ann@example.com', verified_at: null },
      { email: 'ben@example.com', verified_at: null },
    ]);
    expect(report.refused).toEqual([
      {
        where: 'readers.csv',
        message: 'No date column: its 2 subscribers are imported without a date.',
      },
    ]);

    const dated = writeFile(
      s,
      'dated.csv',
      'email,created_at\ncy@example.com,2023-05-01 09:00\ndi@example.com,\n',
    );
    const second = await importInto(s, 'csv', dated);
    expect(second.refused).toEqual([
      { where: 'dated.csv line 3', message: 'No date: imported without a date.' },
    ]);
    expect(verifiedAtOf(s).slice(2)).toEqual([
      { email: 'cy@example.com', verified_at: '2023-05-01T09:00:00.000Z' },
      { email: 'di@example.com', verified_at: null },
    ]);
  });
});

describe('CSV cells a spreadsheet would run', () => {
  const NAMES = [';SUM(1)', '|calc', '＝1+1', '＋1', '－1', '＠me', '=HYPERLINK(1)', '-2'];

  it('are written with the guard in the site’s export, and read back as they were', async () => {
    const from = site();
    const list = NAMES.map((name, i) => `reader${i}@example.com,"${name}"`).join('\n');
    await importInto(from, 'csv', writeFile(from, 'list.csv', `email,name\n${list}\n`));
    const archive = path.join(from.scratch, 'everything.zip');
    await exportEverything(
      { db: from.t.deps.db, contentDir: from.dir, siteTitle: 'Sam', now: '2026-11-26T12:00:00Z' },
      archive,
    );
    const [header, ...rows] = parseCsv(
      (await openExport(archive)).read('subscribers.csv').toString('utf8'),
    );
    const nameAt = header!.cells.indexOf('name');
    expect(rows.map((row) => row.cells[nameAt])).toEqual(NAMES.map((name) => `'${name}`));

    const to = site();
    await importInto(to, 'archive', archive);
    expect(
      to.t.deps.db.prepare('SELECT name FROM subscriptions ORDER BY email').pluck().all(),
    ).toEqual(NAMES);
  });
});
