/**
 * Moving in from Substack and from any list (issue 34): the subscriber list found by its columns
 * and named in the report, the "not subscribed" columns of every platform honoured by every
 * reader, subtitles without HTML entities, Substack's pages as pages, no trailing divider, and
 * posts Substack mailed not offered for sending again.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createContentFolder } from '../../test-support/content.js';
import { as, signInAs } from '../../test-support/community.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { openExport, readExport, runImport, type ImportSource } from './index.js';

const track = cleanupAfterEach();

function site() {
  const folder = createContentFolder({});
  const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-moving-in-'));
  track(folder.cleanup, t.cleanup, () => fs.rmSync(scratch, { recursive: true }));
  return { t, dir: folder.dir, scratch };
}
type Site = ReturnType<typeof site>;

async function importInto(s: Site, source: ImportSource, location: string, dryRun = false) {
  const files = await openExport(location);
  try {
    return await runImport(
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
      { dryRun, overwrite: false, category: 'write', fetchImages: false },
    );
  } finally {
    files.close();
  }
}

/** An export folder holding these files (name -> text). */
function exportFolder(s: Site, files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(s.scratch, 'export-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
    fs.writeFileSync(path.join(folder, name), text);
  }
  return folder;
}

function listFile(s: Site, name: string, text: string): string {
  const file = path.join(s.scratch, name);
  fs.writeFileSync(file, text);
  return file;
}

const statuses = (s: Site) =>
  s.t.deps.db
    .prepare(
      `SELECT email, status, bounced_at IS NOT NULL AS bounced FROM subscriptions ORDER BY email`,
    )
    .all();

const POSTS_HEADER =
  'post_id,post_date,is_published,email_sent_at,inbox_sent_at,type,audience,title,subtitle\n';

describe('a Substack export whose list is not named email_list*.csv', () => {
  it('finds the list by its columns and says which file it read', async () => {
    const s = site();
    const folder = exportFolder(s, {
      'posts.csv': `${POSTS_HEADER}1.hello,2024-03-04T08:00:00.000Z,true,,,newsletter,everyone,Hello,\n`,
      'posts/1.hello.html': '<p>Hello.</p>',
      'subscribers-2024-11-27.csv':
        'email,active_subscription,expiry,plan,email_disabled,created_at\nada@example.com,false,,,false,2023-01-15T10:00:00.000Z\nbo@example.com,false,,,false,2023-01-16T10:00:00.000Z\n',
    });
    const dry = await importInto(s, 'substack', folder, true);
    expect(dry.created).toMatchObject({ posts: 1, subscribers: 2 });
    expect(dry.notes).toContainEqual({
      where: 'subscribers-2024-11-27.csv',
      message: 'Read as the subscriber list: 2 people.',
    });

    // `pnpm data import` prints the same, in its own process as an owner runs it.
    const envFile = path.join(s.scratch, '.env');
    fs.writeFileSync(
      envFile,
      `DATABASE_PATH=${path.join(s.scratch, 'cli.db')}\nCONTENT_DIR=${path.join(s.scratch, 'cli-content')}\n`,
    );
    const cli = spawnSync(
      process.execPath,
      [
        `--env-file=${envFile}`,
        '--import',
        'tsx',
        'src/cli/data.ts',
        'import',
        'substack',
        folder,
        '--dry-run',
      ],
      { cwd: path.resolve(import.meta.dirname, '../../..'), encoding: 'utf8' },
    );
    expect(cli.stderr).toBe('');
    expect(cli.stdout).toContain(
      'Read (1):\n  subscribers-2024-11-27.csv: Read as the subscriber list: 2 people.\n',
    );
  });

  it('says so when the export holds no subscriber list', async () => {
    const s = site();
    const folder = exportFolder(s, {
      'posts.csv': `${POSTS_HEADER}1.hello,2024-03-04T08:00:00.000Z,true,,,newsletter,everyone,Hello,\n`,
      'posts/1.hello.html': '<p>Hello.</p>',
      'notes.csv': 'title,when\nA thought,2024-01-01\n',
    });
    const dry = await importInto(s, 'substack', folder, true);
    expect(dry.created).toMatchObject({ posts: 1, subscribers: 0 });
    expect(dry.notes).toContainEqual({
      where: 'The export',
      message: expect.stringMatching(/^No subscriber list found: no \.csv file in it has/),
    });
  });
});

describe('people a list marks as not subscribed', () => {
  it('are never imported as active, whichever platform’s columns say so, and the report says how many and why', async () => {
    const s = site();
    const substack = await importInto(
      s,
      'csv',
      listFile(
        s,
        'substack-list.csv',
        'email,active_subscription,expiry,plan,email_disabled,created_at\non@example.com,false,,,false,2023-01-15T10:00:00.000Z\noff@example.com,false,,,true,2023-01-15T10:00:00.000Z\n',
      ),
    );
    expect(substack.created).toMatchObject({ subscribers: 1, unsubscribed: 1 });
    expect(substack.notes).toContainEqual({
      where: 'substack-list.csv',
      message:
        '1 person had switched email off (email_disabled): imported as unsubscribed, never mailed.',
    });

    const ghost = await importInto(
      s,
      'csv',
      listFile(
        s,
        'ghost-members.csv',
        'id,email,name,subscribed_to_emails,created_at,deleted_at\nm1,g-on@example.com,G,true,2023-06-01T10:00:00.000Z,\nm2,g-off@example.com,H,false,2023-06-01T10:00:00.000Z,\n',
      ),
    );
    expect(ghost.created).toMatchObject({ subscribers: 1, unsubscribed: 1 });

    const buttondown = await importInto(
      s,
      'csv',
      listFile(
        s,
        'buttondown.csv',
        'email,creation_date,subscriber_type\nb-on@example.com,2022-01-01,regular\nb-gone@example.com,2022-01-01,unsubscribed\nb-spam@example.com,2022-01-01,spammy\nb-removed@example.com,2022-01-01,removed\n',
      ),
    );
    expect(buttondown.created).toMatchObject({ subscribers: 1, unsubscribed: 3 });

    const mailchimp = await importInto(
      s,
      'csv',
      listFile(
        s,
        'mailchimp-audience.csv',
        'Email Address,First Name,status,OPTIN_TIME\nm-on@example.com,M,subscribed,2021-01-01 09:00:00\nm-left@example.com,N,unsubscribed,2021-01-01 09:00:00\nm-clean@example.com,O,cleaned,2021-01-01 09:00:00\nm-archived@example.com,P,archived,2021-01-01 09:00:00\n',
      ),
    );
    expect(mailchimp.created).toMatchObject({ subscribers: 1, unsubscribed: 2, bounced: 1 });

    const active = (statuses(s) as Array<{ email: string; status: string; bounced: number }>)
      .filter((row) => row.status === 'active' && !row.bounced)
      .map((row) => row.email);
    expect(active).toEqual([
      'b-on@example.com',
      'g-on@example.com',
      'm-on@example.com',
      'on@example.com',
    ]);
  });

  it('in a Ghost or Substack export are counted in the report too', async () => {
    const s = site();
    const ghost = await importInto(
      s,
      'ghost',
      listFile(
        s,
        'members.csv',
        'id,email,name,subscribed_to_emails,created_at,deleted_at\nm1,a@example.com,A,true,2023-06-01T10:00:00.000Z,\nm2,b@example.com,B,false,2023-06-01T10:00:00.000Z,\nm3,c@example.com,C,false,2023-06-01T10:00:00.000Z,\n',
      ),
    );
    expect(ghost.created).toMatchObject({ subscribers: 1, unsubscribed: 2 });
    expect(ghost.notes).toContainEqual({
      where: 'members.csv',
      message:
        '2 people were not subscribed to emails (subscribed_to_emails): imported as unsubscribed, never mailed.',
    });
  });
});

describe('Substack posts and pages', () => {
  const folder = (s: Site) =>
    exportFolder(s, {
      'posts.csv': [
        POSTS_HEADER.trimEnd(),
        '11.sent-one,2024-03-04T08:00:00.000Z,true,2024-03-04T08:01:00.000Z,,newsletter,everyone,Sent one,&#x201C;Quoted&#x201D; &amp; more',
        '12.web-only,2024-03-05T08:00:00.000Z,true,,,newsletter,everyone,Web only,Caf&eacute; notes',
        '13.about-us,2022-08-13T12:11:23.230Z,true,,,page,everyone,About Us,Learn about us',
        '',
      ].join('\n'),
      'posts/11.sent-one.html':
        '<p>First.</p><hr><p>Second part.</p><hr><div class="footnote"><a id="footnote-1" href="#footnote-anchor-1" class="footnote-number">1</a><div class="footnote-content"><p>A note.</p></div></div>',
      'posts/12.web-only.html': '<p>Only on the web.</p><hr>',
      'posts/13.about-us.html': '<p>We write about gardens.</p>',
    });

  it('keep subtitles as text, bring About Us in as a page, and end without a stray divider', async () => {
    const s = site();
    const report = await importInto(s, 'substack', folder(s));
    expect(report.created).toMatchObject({ posts: 2, pages: 1 });
    const sent = fs.readFileSync(path.join(s.dir, 'posts/2024-03-04-sent-one.md'), 'utf8');
    expect(sent).toContain('excerpt: “Quoted” & more');
    // A divider between parts stays; the one before the notes, or at the end, goes.
    expect(sent).toMatch(/First\.\n\n\* \* \*\n\nSecond part\.\n\n\[\^1\]: A note\.\n$/);
    const webOnly = fs.readFileSync(path.join(s.dir, 'posts/2024-03-05-web-only.md'), 'utf8');
    expect(webOnly).toContain('excerpt: Café notes');
    expect(webOnly).toMatch(/Only on the web\.\n$/);

    expect(syncContent(s.t.deps.db, s.dir, s.t.clock, s.t.deps.logger).errors).toEqual([]);
    const about = await request(s.t.app).get('/api/pages/about-us');
    expect(about.status).toBe(200);
    expect(about.body.content).toContain('We write about gardens.');
    expect((await request(s.t.app).get('/api/posts/about-us')).status).toBe(404);
  });

  it('that Substack sent as email are not offered for a new issue', async () => {
    const s = site();
    const report = await importInto(s, 'substack', folder(s));
    expect(report.notes).toContainEqual({
      where: 'posts.csv',
      message:
        '1 post was sent as email on Substack: marked as sent here, so it is not offered for a new issue.',
    });
    syncContent(s.t.deps.db, s.dir, s.t.clock, s.t.deps.logger);
    const owner = await signInAs(s.t, 'admin');
    const sources = await as(s.t, owner).get('/api/admin/newsletter/sources');
    expect(sources.status).toBe(200);
    expect(sources.body.sources.map((source: { slug: string }) => source.slug)).toEqual([
      'web-only',
    ]);
  });
});

describe('imported subscribers in the owner’s figures', () => {
  it('grow the list in the month they subscribed, not the import’s, and are never counted as unconfirmed', async () => {
    const s = site();
    await importInto(
      s,
      'substack',
      listFile(
        s,
        'email_list.csv',
        'email,active_subscription,expiry,plan,email_disabled,created_at\nold@example.com,false,,,false,2018-04-01T10:00:00.000Z\nolder@example.com,false,,,false,2018-03-01T10:00:00.000Z\nquiet@example.com,false,,,true,2018-03-01T10:00:00.000Z\n',
      ),
    );
    const owner = await signInAs(s.t, 'admin');
    const figures = (await as(s.t, owner).get('/api/admin/analytics')).body;
    // Two on the list all year (the third had switched email off): no jump this month.
    expect(figures.months.map((month: { subscribers: number }) => month.subscribers)).toEqual(
      Array(12).fill(2),
    );
    // Nobody was asked to confirm here.
    expect(figures.confirmation).toEqual({ requested: 0, confirmed: 0, rate: null });
  });
});
