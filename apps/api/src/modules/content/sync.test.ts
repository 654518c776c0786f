import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { createLogger } from '../../logger.js';
import { createContentFolder, markdown, post } from '../../test-support/content.js';
import { createTempDatabase } from '../../test-support/test-app.js';
import { syncContent } from './sync.js';

const repoRoot = path.resolve(import.meta.dirname, '../../../../..');

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

function setup(files: Record<string, string> = {}) {
  const database = createTempDatabase();
  const folder = createContentFolder(files);
  cleanups.push(database.cleanup, folder.cleanup);
  const clock = manualClock();
  const logger = createLogger('silent');
  const sync = () => syncContent(database.db, folder.dir, clock, logger);
  return { db: database.db, folder, clock, sync };
}

function item(db: Db, sourcePath: string) {
  return db
    .prepare(
      'SELECT id, kind, slug, title, status, removed_at, html, excerpt_short FROM content_items WHERE source_path = ?',
    )
    .get(sourcePath) as
    | {
        id: number;
        kind: string;
        slug: string;
        title: string;
        status: string;
        removed_at: string | null;
        html: string;
        excerpt_short: string;
      }
    | undefined;
}

const totalChanges = (db: Db) => db.prepare('SELECT total_changes()').pluck().get() as number;

describe('syncContent', () => {
  it('adds every kind of file from its folder, with slugs from file names', () => {
    const { db, sync } = setup({
      'posts/2025-06-01-hello-world.md': post('Hello world'),
      'journal/2025-06-02-rainy-day.md': markdown('title: Rainy day\ndate: 2025-06-02'),
      'poetry/haiku.md': markdown('title: Haiku\ndate: 2025-06-03'),
      'now/2025-06.md': markdown('date: 2025-06-04'),
      'books/walden.md': markdown('title: Walden\nauthor: H. D. Thoreau\nstatus: read\nrating: 4'),
      'projects/tidepool.md': markdown('title: Tidepool\ndate: 2024-01-01\nsummary: Search notes.'),
      'pages/start.md': markdown('title: Start here'),
      'README.md': 'not content: outside every kind folder',
      'posts/_template.md': 'ignored: starts with an underscore',
    });
    const report = sync();
    expect(report.errors).toEqual([]);
    expect(report.added).toHaveLength(7);
    expect(item(db, 'posts/2025-06-01-hello-world.md')).toMatchObject({
      kind: 'post',
      slug: 'hello-world',
      title: 'Hello world',
      status: 'published',
      removed_at: null,
    });
    expect(item(db, 'now/2025-06.md')).toMatchObject({
      kind: 'now',
      slug: '2025-06',
      title: 'Now',
    });
    expect(item(db, 'books/walden.md')?.kind).toBe('book');
    expect(item(db, 'poetry/haiku.md')?.kind).toBe('poem');
  });

  it('re-renders a changed file in place, keeping its id', () => {
    const { db, folder, sync } = setup({ 'posts/a.md': post('First title') });
    sync();
    const before = item(db, 'posts/a.md')!;
    folder.write('posts/a.md', post('Second title', { body: 'Brand new **words**.' }));
    const report = sync();
    expect(report.updated).toEqual(['posts/a.md']);
    const after = item(db, 'posts/a.md')!;
    expect(after.id).toBe(before.id);
    expect(after.title).toBe('Second title');
    expect(after.html).toBe('<p>Brand new <strong>words</strong>.</p>');
  });

  it('writes nothing when nothing changed (same hash), so re-syncing is idempotent', () => {
    const { db, sync } = setup({
      'posts/a.md': post('A'),
      'posts/b.md': post('B'),
      'pages/start.md': markdown('title: Start'),
    });
    sync();
    const changes = totalChanges(db);
    const generation = db.prepare('SELECT generation FROM content_state').pluck().get();
    const report = sync();
    expect(report).toEqual({ added: [], updated: [], unchanged: 3, removed: [], errors: [] });
    expect(totalChanges(db)).toBe(changes);
    expect(db.prepare('SELECT generation FROM content_state').pluck().get()).toBe(generation);
  });

  it('unpublishes the item of a removed file without deleting it, and restores it when it returns', () => {
    const { db, folder, clock, sync } = setup({
      'posts/a.md': post('A'),
      'posts/b.md': post('B'),
    });
    sync();
    const { id } = item(db, 'posts/b.md')!;
    folder.remove('posts/b.md');
    clock.advance(60_000);
    const report = sync();
    expect(report.removed).toEqual(['posts/b.md']);
    expect(item(db, 'posts/b.md')?.removed_at).toBe(new Date(clock.now()).toISOString());
    expect(item(db, 'posts/a.md')?.removed_at).toBeNull();

    folder.write('posts/b.md', post('B'));
    expect(sync().updated).toEqual(['posts/b.md']);
    expect(item(db, 'posts/b.md')).toMatchObject({ id, removed_at: null });
  });

  it('keeps the id when a file is renamed with the same slug', () => {
    const { db, folder, sync } = setup({ 'posts/2025-01-01-same.md': post('Same') });
    sync();
    const { id } = item(db, 'posts/2025-01-01-same.md')!;
    folder.rename('posts/2025-01-01-same.md', 'posts/same.md');
    const report = sync();
    expect(report.errors).toEqual([]);
    expect(item(db, 'posts/same.md')).toMatchObject({ id, slug: 'same', removed_at: null });
  });

  it('reports broken YAML with the file path and line, skips the file and keeps everything else', () => {
    const { db, folder, sync } = setup({
      'posts/good.md': post('Good'),
      'posts/broken.md': post('Broken, first version'),
    });
    sync();
    folder.write(
      'posts/broken.md',
      '---\ntitle: Broken\ndate: 2025-06-01\ntags: [one, two\ncategory: build\n---\n\nBody.\n',
    );
    folder.write('posts/new.md', post('New'));
    const report = sync();
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatchObject({ file: 'posts/broken.md', line: 5 });
    expect(report.errors[0]?.message).toMatch(/invalid YAML/);
    expect(report.added).toEqual(['posts/new.md']);
    // The last good version stays online: a typo never takes a post down, nor anything else.
    expect(item(db, 'posts/broken.md')).toMatchObject({
      title: 'Broken, first version',
      removed_at: null,
    });
    expect(item(db, 'posts/good.md')?.removed_at).toBeNull();
  });

  it('points at the line of an invalid or unknown front-matter key', () => {
    const { sync } = setup({
      'posts/bad-date.md': markdown('title: Bad date\ncategory: build\ndate: someday'),
      'posts/typo.md': markdown('title: Typo\ndate: 2025-01-01\ncategory: build\ncatgory: learn'),
      'posts/missing.md': markdown('date: 2025-01-01\ncategory: build'),
      'books/rated.md': markdown('title: B\nauthor: A\nstatus: reading\nrating: 5'),
      'posts/no-fence.md': 'title: no front matter\n',
    });
    const errors = sync().errors;
    const byFile = Object.fromEntries(errors.map((error) => [error.file, error]));
    expect(byFile['posts/bad-date.md']).toMatchObject({ line: 4 });
    expect(byFile['posts/bad-date.md']?.message).toMatch(/^date: is not a date/);
    expect(byFile['posts/typo.md']).toMatchObject({ line: 5 });
    expect(byFile['posts/typo.md']?.message).toMatch(/unknown key "catgory"/);
    expect(byFile['posts/missing.md']?.message).toMatch(/^title:/);
    expect(byFile['books/rated.md']).toMatchObject({ line: 5 });
    expect(byFile['posts/no-fence.md']).toMatchObject({ line: 1 });
    expect(errors).toHaveLength(5);
  });

  it('refuses a second file with a slug already taken in the same kind', () => {
    const { db, sync } = setup({
      'posts/a.md': post('A', { extra: 'slug: shared' }),
      'posts/b.md': post('B', { extra: 'slug: shared' }),
      'projects/shared.md': markdown('title: P\ndate: 2025-01-01\nsummary: Same slug, other kind.'),
    });
    const report = sync();
    expect(report.errors).toEqual([
      { file: 'posts/b.md', line: 1, message: 'slug "shared" is already used by posts/a.md' },
    ]);
    expect(item(db, 'projects/shared.md')?.slug).toBe('shared');
  });

  it('reads nothing through a symbolic link in the content folder', () => {
    const { db, folder, sync } = setup({ 'posts/own.md': post('Own') });
    const elsewhere = createContentFolder({ 'posts/planted.md': post('Planted') });
    cleanups.push(elsewhere.cleanup);
    fs.symlinkSync(path.join(elsewhere.dir, 'posts'), path.join(folder.dir, 'posts/linked'));
    expect(sync().errors).toEqual([]);
    const titles = db.prepare('SELECT title FROM content_items').pluck().all();
    expect(titles).toEqual(['Own']);
  });

  it('changes nothing when the content folder is missing', () => {
    const { db, folder, sync } = setup({ 'posts/a.md': post('A') });
    sync();
    folder.cleanup();
    const report = sync();
    expect(report.removed).toEqual([]);
    expect(item(db, 'posts/a.md')?.removed_at).toBeNull();
  });

  it('uses the authors file for post authors and reports an unknown author', () => {
    const { db, sync } = setup({
      'authors.yml':
        'rowan:\n  name: Rowan Ellis\n  avatar: images/rowan.svg\n  bio: Writes small tools.\n',
      'posts/a.md': post('A'),
      'posts/b.md': post('B', { extra: 'author: nobody' }),
    });
    const report = sync();
    expect(report.errors).toEqual([
      { file: 'posts/b.md', line: 5, message: 'author "nobody" is not in authors.yml' },
    ]);
    expect(
      db
        .prepare('SELECT author_id, author_name, author_avatar, author_bio FROM content_items')
        .get(),
    ).toEqual({
      author_id: 'rowan',
      author_name: 'Rowan Ellis',
      author_avatar: '/content/images/rowan.svg',
      author_bio: 'Writes small tools.',
    });
  });

  it('keeps the search index in step with inserts, updates and removals', () => {
    const { db, folder, sync } = setup({ 'posts/a.md': post('Apples', { body: 'orchard' }) });
    const hits = (word: string) =>
      db
        .prepare('SELECT count(*) FROM content_search WHERE content_search MATCH ?')
        .pluck()
        .get(word);
    sync();
    expect(hits('orchard')).toBe(1);
    folder.write('posts/a.md', post('Apples', { body: 'harvest' }));
    sync();
    expect(hits('orchard')).toBe(0);
    expect(hits('harvest')).toBe(1);
    // Pages are searchable too (issue 26); the now page is not.
    folder.write('pages/about.md', markdown('title: About', 'harvest moon'));
    sync();
    expect(hits('harvest')).toBe(2);
  });

  function syncInto(contentDir: string) {
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
    return {
      db: database.db,
      report: syncContent(database.db, contentDir, manualClock(), createLogger('silent')),
    };
  }

  it("syncs the site's own content folder without a single error, whoever's writing it holds", () => {
    expect(syncInto(path.join(repoRoot, 'content')).report.errors).toEqual([]);
  });

  it('syncs every kind of the fixture content the end-to-end tests read', () => {
    const { db, report } = syncInto(path.join(repoRoot, 'tests/fixtures/content'));
    expect(report.errors).toEqual([]);
    const counts = Object.fromEntries(
      (
        db.prepare('SELECT kind, count(*) AS n FROM content_items GROUP BY kind').all() as Array<{
          kind: string;
          n: number;
        }>
      ).map(({ kind, n }) => [kind, n]),
    );
    expect(counts.post).toBeGreaterThanOrEqual(14);
    expect(counts).toMatchObject({ journal: 3, poem: 3, now: 3, book: 8, project: 3 });
    expect(counts.page).toBeGreaterThanOrEqual(6);
  });
});
