import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock.js';
import { createLogger } from '../../logger.js';
import { capturedLog } from '../../test-support/captured-log.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { phonePhoto } from '../../test-support/photos.js';
import { createTempDatabase } from '../../test-support/test-app.js';
import { syncContent } from './sync.js';
import { watchContent } from './watch.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

async function eventually<T>(read: () => T, accept: (value: T) => boolean, timeoutMs = 5_000) {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (accept(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('watchContent', () => {
  it('re-syncs after a burst of changes, once, and stops when asked', async () => {
    const database = createTempDatabase();
    const folder = createContentFolder({ 'posts/a.md': post('A') });
    cleanups.push(database.cleanup, folder.cleanup);
    const clock = manualClock();
    const logger = createLogger('silent');
    syncContent(database.db, folder.dir, clock, logger);
    const generation = () =>
      database.db.prepare('SELECT generation FROM content_state').pluck().get() as number;
    const titles = () =>
      database.db
        .prepare("SELECT title FROM content_items WHERE kind = 'post' ORDER BY title")
        .pluck()
        .all();
    const start = generation();

    const stop = watchContent(database.db, folder.dir, clock, logger, { intervalMs: 100 });
    cleanups.push(stop);
    folder.write('posts/b.md', post('B'));
    folder.write('posts/a.md', post('A, edited'));
    folder.write('posts/c.md', post('C'));

    expect(await eventually(titles, (list) => list.length === 3)).toEqual(['A, edited', 'B', 'C']);
    // One debounced sync for the whole burst.
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(generation()).toBe(start + 1);

    stop();
    folder.write('posts/d.md', post('D'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(titles()).toHaveLength(3);
  });

  it('catches every save, nested folders included, each within a poll', async () => {
    const database = createTempDatabase();
    const folder = createContentFolder({ 'posts/2026/deep/a.md': post('Edit 0') });
    cleanups.push(database.cleanup, folder.cleanup);
    const clock = manualClock();
    const logger = createLogger('silent');
    syncContent(database.db, folder.dir, clock, logger);
    const title = () =>
      database.db.prepare("SELECT title FROM content_items WHERE kind = 'post'").pluck().get();
    cleanups.push(watchContent(database.db, folder.dir, clock, logger, { intervalMs: 50 }));
    // The report that opened issue 13: 8 of 19 edits showed only after a later save.
    for (let edit = 1; edit <= 19; edit += 1) {
      folder.write('posts/2026/deep/a.md', post(`Edit ${edit}`));
      expect(await eventually(title, (value) => value === `Edit ${edit}`, 2_000)).toBe(
        `Edit ${edit}`,
      );
    }
  });

  it('passes by an image no Markdown names, and re-renders a post when its image arrives', async () => {
    const database = createTempDatabase();
    const folder = createContentFolder({
      'posts/a.md': post('A', { body: '![The harbour](/content/images/posts/harbour.jpg)' }),
      // Broken on purpose: every sync says so in the log, which counts them.
      'posts/broken.md': '---\ntitle: [unclosed\n---\nBody',
    });
    cleanups.push(database.cleanup, folder.cleanup);
    const clock = manualClock();
    const log = capturedLog('warn');
    // As boot.ts starts them: the start-up sync tells the watcher which images the Markdown names.
    const imagesReferenced = new Set<string>();
    syncContent(database.db, folder.dir, clock, log.logger, { imagesReferenced });
    const syncs = () => log.text().split('content skipped').length - 1;
    const picture = () =>
      database.db
        .prepare("SELECT html FROM content_items WHERE slug = 'a'")
        .pluck()
        .get() as string;
    const photo = await phonePhoto({ width: 800, height: 600 });
    cleanups.push(
      watchContent(database.db, folder.dir, clock, log.logger, {
        intervalMs: 50,
        imagesReferenced,
      }),
    );

    // The owner uploads twenty photos for a post not written yet: nothing to sync, the first
    // change the watcher sees included.
    for (let photoNumber = 1; photoNumber <= 20; photoNumber += 1) {
      folder.write(`images/uploads/2026/photo-${photoNumber}.jpg`, photo);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(syncs()).toBe(1);
    // A Markdown change syncs, and tells the watcher again which images the Markdown names.
    folder.write('posts/c.md', post('C'));
    expect(await eventually(syncs, (count) => count === 2)).toBe(2);
    // The photo a post names, arriving after it, does: the post gets its picture.
    expect(picture()).not.toContain('<picture');
    folder.write('images/posts/harbour.jpg', photo);
    expect(await eventually(picture, (html) => html.includes('<picture'))).toContain(
      'width="800" height="600"',
    );
    expect(syncs()).toBe(3);
  });

  it('does not throw when the folder does not exist', () => {
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
    const stop = watchContent(
      database.db,
      '/nonexistent/quillpost',
      manualClock(),
      createLogger('silent'),
    );
    expect(() => stop()).not.toThrow();
  });
});
