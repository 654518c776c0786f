import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { isEmptyContentFolder, writeStarter } from './starter.js';
import { syncContent } from './sync.js';

const track = cleanupAfterEach();

function emptyFolder(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-starter-'));
  track(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe('the starter content folder', () => {
  it("is the owner's site from the first sync: their name, pages and a first post", async () => {
    const dir = path.join(emptyFolder(), 'content');
    const files = writeStarter(
      dir,
      { title: 'Ada Palmer', ownerName: 'Ada Palmer', email: 'ada@example.com', language: 'en-US' },
      // The test clock's day before: a post dated today would still be scheduled.
      '2025-12-31',
    );
    expect(files).toEqual([
      'site.yml',
      'pages/start.md',
      'pages/welcome.md',
      'pages/contact.md',
      'pages/tos.md',
      'pages/privacy.md',
      'posts/2025-12-31-hello.md',
    ]);
    const t = createTestApp({ env: { CONTENT_DIR: dir } });
    track(t.cleanup);
    expect(syncContent(t.deps.db, dir, t.clock, t.deps.logger).errors).toEqual([]);

    const site = (await request(t.app).get('/api/site')).body;
    expect(site).toMatchObject({ title: 'Ada Palmer', language: 'en-US' });
    expect(site.owner).toMatchObject({ name: 'Ada Palmer', email: 'ada@example.com' });
    const privacy = (await request(t.app).get('/api/pages/privacy')).body.content as string;
    for (const fact of ['SQLite database', 'consent', 'Backups', 'session cookie', '30 days']) {
      expect(privacy).toContain(fact);
    }
    // What a follower or a replier on another server gives the site, and how they leave it.
    for (const fact of [
      'address, name, handle and inbox',
      'name, handle, profile address and the address of your avatar, its text',
      'Unfollow, or delete your account',
      'a Delete removes it here too',
    ]) {
      expect(privacy).toContain(fact);
    }
    const contact = (await request(t.app).get('/api/pages/contact')).body.content as string;
    expect(contact).toContain('mailto:ada@example.com');
    const posts = (await request(t.app).get('/api/posts')).body as Array<{ title: string }>;
    expect(posts.map((post) => post.title)).toEqual(['Welcome to Ada Palmer']);
    for (const file of files) {
      expect(fs.readFileSync(path.join(dir, file), 'utf8'), file).not.toContain('Rowan');
    }
  });

  it('says which sections it has, so the menus link no Now, Build or Learn a new site lacks', async () => {
    const starter = emptyFolder();
    writeStarter(starter, { title: 'Field Notes', ownerName: 'Mara Quist' }, '2025-12-31');
    const sample = fileURLToPath(new URL('../../../../../tests/fixtures/content', import.meta.url));
    const sectionsOf = async (dir: string) => {
      const t = createTestApp({ env: { CONTENT_DIR: dir } });
      track(t.cleanup);
      // After the sample's last now page (2026-11-01): nothing of it is still scheduled.
      t.clock.set(Date.parse('2026-11-28T12:00:00Z'));
      expect(syncContent(t.deps.db, dir, t.clock, t.deps.logger).errors).toEqual([]);
      return (await request(t.app).get('/api/site')).body.sections as unknown;
    };
    expect(await sectionsOf(starter)).toEqual({
      build: false,
      learn: false,
      write: true,
      now: false,
      start: true,
    });
    expect(await sectionsOf(sample)).toEqual({
      build: true,
      learn: true,
      write: true,
      now: true,
      start: true,
    });
  });

  it("never writes over the owner's content", () => {
    const dir = emptyFolder();
    fs.writeFileSync(path.join(dir, 'site.yml'), 'title: Mine\n');
    expect(isEmptyContentFolder(dir)).toBe(false);
    expect(() => writeStarter(dir, { title: 'X', ownerName: 'Y' }, '2026-11-26')).toThrow(
      'already has content',
    );
    expect(fs.readFileSync(path.join(dir, 'site.yml'), 'utf8')).toBe('title: Mine\n');
    expect(isEmptyContentFolder(path.join(dir, 'missing'))).toBe(true);
  });
});
