import fs from 'node:fs';
import path from 'node:path';
import { buffer as streamBytes } from 'node:stream/consumers';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import exifReader from 'exif-reader';
import { API_ROUTES, MESSAGES } from '@quillpost/domain';
import yazl from 'yazl';
import { as, signInAs } from '../../test-support/community.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { phonePhoto } from '../../test-support/photos.js';
import { cleanupAfterEach, createTestApp, TEST_SITE } from '../../test-support/test-app.js';
import { iso } from '../../clock.js';
import { keepSiteIdentity } from '../site/index.js';
import { syncContent } from '../content/index.js';
import { KEPT_REVISION_DAYS, KEPT_REVISIONS } from './store.js';

const DAY_MS = 86_400_000;
const track = cleanupAfterEach();

const HAND_WRITTEN = `---
# Written by hand; the editor keeps this comment.
title: Tiny tools
date: 2025-06-01
category: build
tags: [tools]
---

The body of tiny tools, with enough words to read.
`;

async function writingSite() {
  const folder = createContentFolder({ 'posts/2025-06-01-tiny-tools.md': HAND_WRITTEN });
  const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
  track(folder.cleanup, t.cleanup);
  syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
  const admin = await signInAs(t, 'admin', { name: 'Rowan' });
  const api = as(t, admin);
  const read = (relative: string) => fs.readFileSync(path.join(folder.dir, relative), 'utf8');
  const open = async (relative: string) =>
    (await api.get(`/api/admin/writing/file?path=${encodeURIComponent(relative)}`)).body.file;
  return { t, folder, admin, api, read, open };
}

describe('the editor', () => {
  it('lists every item with its status, drafts and scheduled ones included', async () => {
    const { t, folder, api } = await writingSite();
    folder.write('posts/draft.md', post('Half a thought', { extra: 'status: draft' }));
    folder.write(
      'journal/2099-01-01-later.md',
      '---\ntitle: Later\ndate: 2099-01-01\n---\n\nSoon.\n',
    );
    syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
    const { items } = (await api.get('/api/admin/writing')).body;
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'posts/draft.md',
          status: 'draft',
          title: 'Half a thought',
        }),
        expect.objectContaining({
          path: 'journal/2099-01-01-later.md',
          status: 'scheduled',
          url: '/journal/later',
        }),
        expect.objectContaining({
          path: 'posts/2025-06-01-tiny-tools.md',
          status: 'published',
          url: '/posts/tiny-tools',
        }),
      ]),
    );
  });

  it('is the owner’s alone', async () => {
    const { t } = await writingSite();
    const member = await signInAs(t, 'member');
    expect((await as(t, member).get('/api/admin/writing')).status).toBe(403);
    expect((await request(t.app).get('/api/admin/writing')).status).toBe(401);
  });

  it('saves to the file, keeping the owner’s comments, and the page follows at once', async () => {
    const { t, api, read, open } = await writingSite();
    const file = await open('posts/2025-06-01-tiny-tools.md');
    expect(file.frontMatter).toMatchObject({
      title: 'Tiny tools',
      category: 'build',
      tags: ['tools'],
    });
    const saved = await api.put('/api/admin/writing/file', {
      path: file.path,
      version: file.version,
      frontMatter: { ...file.frontMatter, title: 'Tiny tools that pay' },
      body: 'A new body, with a footnote.[^1]\n\n[^1]: Here.',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.item).toMatchObject({ title: 'Tiny tools that pay', status: 'published' });
    const text = read('posts/2025-06-01-tiny-tools.md');
    expect(text).toContain('# Written by hand; the editor keeps this comment.');
    expect(text).toContain('title: Tiny tools that pay\n');
    expect(text).toContain('A new body, with a footnote.[^1]');
    const page = (await request(t.app).get('/api/posts/tiny-tools')).body;
    expect(page.title).toBe('Tiny tools that pay');
    expect(page.content).toContain('class="footnote-ref"');
  });

  it('refuses to overwrite a file changed elsewhere since it was opened, and keeps both', async () => {
    const { api, folder, read, open } = await writingSite();
    const file = await open('posts/2025-06-01-tiny-tools.md');
    const byHand = HAND_WRITTEN.replace('enough words', 'enough words, edited in vim,');
    folder.write('posts/2025-06-01-tiny-tools.md', byHand);
    const refused = await api.put('/api/admin/writing/file', {
      path: file.path,
      version: file.version,
      frontMatter: file.frontMatter,
      body: 'The editor’s version.',
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This post was changed elsewhere since you opened it');
    expect(read('posts/2025-06-01-tiny-tools.md')).toBe(byHand);
    // The owner chooses: reopened, the disk's version saves over with its own version.
    const current = await open('posts/2025-06-01-tiny-tools.md');
    expect(current.body).toContain('edited in vim');
    const kept = await api.put('/api/admin/writing/file', {
      ...current,
      body: 'The editor’s version.',
    });
    expect(kept.status).toBe(200);
  });

  it('refuses front matter the schema refuses, in its words, and writes nothing', async () => {
    const { api, read, open } = await writingSite();
    const file = await open('posts/2025-06-01-tiny-tools.md');
    const refused = await api.put('/api/admin/writing/file', {
      ...file,
      frontMatter: { ...file.frontMatter, category: 'Not A Slug' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'category: use lower-case letters, digits and single hyphens',
    );
    expect(read('posts/2025-06-01-tiny-tools.md')).toBe(HAND_WRITTEN);
  });

  it('keeps what each save replaced, restorable', async () => {
    const { api, open, read } = await writingSite();
    let file = await open('posts/2025-06-01-tiny-tools.md');
    for (const body of ['Second version.', 'Third version.']) {
      file = (await api.put('/api/admin/writing/file', { ...file, body })).body.file;
    }
    const { revisions } = (
      await api.get('/api/admin/writing/revisions?path=posts/2025-06-01-tiny-tools.md')
    ).body;
    expect(revisions).toHaveLength(2);
    expect(revisions[0]).toMatchObject({ savedBy: 'Rowan' });
    const first = (await api.get(`/api/admin/writing/revisions/${revisions[1].id}`)).body.revision;
    expect(first.text).toBe(HAND_WRITTEN);
    const second = (await api.get(`/api/admin/writing/revisions/${revisions[0].id}`)).body.revision;
    expect(second.text).toContain('Second version.');

    // Restored, the hand-written first version is the file again; the third is kept in turn.
    const restored = await api.post(`/api/admin/writing/revisions/${revisions[1].id}/restore`, {
      version: file.version,
    });
    expect(restored.status).toBe(200);
    expect(read('posts/2025-06-01-tiny-tools.md')).toBe(HAND_WRITTEN);
    const after = (
      await api.get('/api/admin/writing/revisions?path=posts/2025-06-01-tiny-tools.md')
    ).body.revisions;
    expect(after).toHaveLength(3);
  });

  /** Saves the tiny-tools post over and over; the clock moves on with a fresh sign-in. */
  async function resaving() {
    const site = await writingSite();
    const relative = 'posts/2025-06-01-tiny-tools.md';
    let api = site.api;
    let file = await site.open(relative);
    return {
      async save(body: string) {
        const saved = await api.put('/api/admin/writing/file', { ...file, body });
        expect(saved.status).toBe(200);
        file = saved.body.file;
      },
      async revisions(): Promise<Array<{ id: number }>> {
        return (await api.get(`/api/admin/writing/revisions?path=${relative}`)).body.revisions;
      },
      /** Later by `ms`, signed in again: the session would not last that long. */
      async later(ms: number) {
        site.t.clock.advance(ms);
        api = as(site.t, await signInAs(site.t, 'admin', { email: site.admin.email }));
      },
    };
  }

  it('keeps at least the last 50 revisions, however old: the 51st save lets the oldest go', async () => {
    const { save, revisions, later } = await resaving();
    await save('Version 2.');
    const [oldest] = await revisions();
    await later((KEPT_REVISION_DAYS + 1) * DAY_MS);
    for (let version = 3; version <= KEPT_REVISIONS + 1; version += 1) {
      await save(`Version ${version}.`);
    }
    const fifty = await revisions();
    expect(fifty).toHaveLength(KEPT_REVISIONS);
    expect(fifty.at(-1)).toEqual(oldest);

    await save(`Version ${KEPT_REVISIONS + 2}.`);
    const after = await revisions();
    expect(after).toHaveLength(KEPT_REVISIONS);
    expect(after.map((revision) => revision.id)).not.toContain(oldest!.id);
  });

  it('keeps every revision younger than 90 days, however many, and lets older ones go', async () => {
    const { save, revisions, later } = await resaving();
    for (let version = 1; version <= KEPT_REVISIONS + 5; version += 1) {
      await save(`Draft ${version}.`);
    }
    expect(await revisions()).toHaveLength(KEPT_REVISIONS + 5);
    await later(KEPT_REVISION_DAYS * DAY_MS - 60_000);
    await save('Still within 90 days of the first drafts.');
    expect(await revisions()).toHaveLength(KEPT_REVISIONS + 6);
    await later(120_000);
    await save('Past 90 days.');
    // The newest 50 stay; all the others were saved more than 90 days ago.
    expect(await revisions()).toHaveLength(KEPT_REVISIONS);
  });

  it('publishes from the editor into the sitemap and search at once', async () => {
    const { t, api } = await writingSite();
    const { file } = (await api.post('/api/admin/writing', { kind: 'post', title: 'Low tide' }))
      .body;
    const search = () => request(t.app).get(`${API_ROUTES.search.path}?q=cockles`);
    const drafted = (
      await api.put('/api/admin/writing/file', {
        ...file,
        body: 'Digging for cockles at low tide.',
      })
    ).body.file;
    expect((await request(t.app).get('/sitemap.xml')).text).not.toContain('/posts/low-tide');
    expect((await search()).body.results).toEqual([]);

    const published = await api.put('/api/admin/writing/file', {
      ...drafted,
      frontMatter: { ...drafted.frontMatter, status: 'published' },
    });
    expect(published.status).toBe(200);
    expect((await request(t.app).get('/sitemap.xml')).text).toContain(
      `${t.deps.env.PUBLIC_URL}/posts/low-tide`,
    );
    expect((await search()).body.results).toEqual([
      expect.objectContaining({ kind: 'post', slug: 'low-tide', path: '/posts/low-tide' }),
    ]);
  });

  it("dates a new post with the site's day, not UTC's", async () => {
    const { t, api, read } = await writingSite();
    // The test clock's 09:00 UTC on 1 January is 11 PM on 31 December in Honolulu.
    const honolulu = { ...TEST_SITE, timezone: 'Pacific/Honolulu' };
    keepSiteIdentity(t.deps.db, { identity: honolulu, sourceHash: 'honolulu' }, iso(t.clock.now()));
    const { file } = (await api.post('/api/admin/writing', { kind: 'post', title: 'Dawn' })).body;
    expect(file.path).toBe('posts/2025-12-31-dawn.md');
    expect(read(file.path)).toContain('\ndate: 2025-12-31\n');
  });

  it('starts a new post as a draft file, readable only by staff until published', async () => {
    const { t, api, read } = await writingSite();
    const created = await api.post('/api/admin/writing', {
      kind: 'post',
      title: 'The harbour at dawn',
    });
    expect(created.status).toBe(201);
    const { file } = created.body;
    expect(file.path).toBe('posts/2026-01-01-the-harbour-at-dawn.md');
    expect(read(file.path)).toBe(
      '---\ntitle: The harbour at dawn\ndate: 2026-01-01\ncategory: write\nstatus: draft\n---\n',
    );
    expect((await request(t.app).get('/api/posts/the-harbour-at-dawn')).status).toBe(404);
    const again = await api.post('/api/admin/writing', {
      kind: 'post',
      title: 'The harbour at dawn',
    });
    expect(again.body.file.path).toBe('posts/2026-01-01-the-harbour-at-dawn-2.md');

    const published = await api.put('/api/admin/writing/file', {
      ...file,
      frontMatter: { ...file.frontMatter, status: 'published' },
      body: 'Six o’clock, before the boats.',
    });
    expect(published.body.item).toMatchObject({
      status: 'published',
      url: '/posts/the-harbour-at-dawn',
    });
    expect((await request(t.app).get('/rss.xml')).text).toContain('The harbour at dawn');
  });

  it('moves a removed item to the trash, and brings it back', async () => {
    const { t, api, folder } = await writingSite();
    const removed = await api.delete('/api/admin/writing/file?path=posts/2025-06-01-tiny-tools.md');
    expect(removed.status).toBe(200);
    expect(fs.existsSync(path.join(folder.dir, 'posts/2025-06-01-tiny-tools.md'))).toBe(false);
    expect((await request(t.app).get('/api/posts/tiny-tools')).status).toBe(404);
    const { items } = (await api.get('/api/admin/writing/trash')).body;
    expect(items).toEqual([
      expect.objectContaining({ title: 'Tiny tools', path: 'posts/2025-06-01-tiny-tools.md' }),
    ]);
    const restored = await api.post(`/api/admin/writing/trash/${items[0].id}/restore`);
    expect(restored.body.path).toBe('posts/2025-06-01-tiny-tools.md');
    expect(fs.readFileSync(path.join(folder.dir, restored.body.path), 'utf8')).toBe(HAND_WRITTEN);
    expect((await request(t.app).get('/api/posts/tiny-tools')).status).toBe(200);
  });

  it('previews with the site’s own renderer', async () => {
    const { api } = await writingSite();
    const preview = await api.post('/api/admin/writing/preview', {
      kind: 'post',
      body: '| a | b |\n|---|---|\n| 1 | 2 |\n\nWords[^1].\n\n[^1]: A note.',
    });
    expect(preview.body.html).toContain('<table>');
    expect(preview.body.html).toContain('<section class="footnotes"');
    expect(preview.body).toMatchObject({ wordCount: 7, readingMinutes: 1 });
  });

  it('refuses a path outside the content folders', async () => {
    const { api } = await writingSite();
    for (const bad of ['../etc/passwd', 'posts/../../x.md', 'secrets/a.md', 'posts/a.txt']) {
      const res = await api.get(`/api/admin/writing/file?path=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
    }
  });
});

describe('uploads', () => {
  async function uploadSite() {
    const site = await writingSite();
    // As the editor sends it: the file itself, in the type the browser gave it, from the site.
    const raw = (name: string, bytes: Buffer, type = 'image/jpeg') =>
      request(site.t.app)
        .post(`/api/admin/images?name=${encodeURIComponent(name)}`)
        .set('Cookie', site.admin.cookie)
        .set('Origin', site.t.deps.env.WEB_ORIGIN)
        .set('Content-Type', type)
        .send(bytes);
    const imagesWritten = () =>
      fs.existsSync(path.join(site.folder.dir, 'images'))
        ? fs.readdirSync(path.join(site.folder.dir, 'images'), { recursive: true })
        : [];
    return { ...site, raw, imagesWritten };
  }

  it('keeps a phone photo upright, without its GPS, at most 2400 px, under a clean name', async () => {
    const { raw, folder } = await uploadSite();
    const photo = await phonePhoto({ width: 3200, height: 2400, orientation: 6 });
    const res = await raw('My Harbour (1).JPG', photo);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      path: '/content/images/uploads/2026/my-harbour-1.jpg',
      width: 1800,
      height: 2400,
    });
    const stored = fs.readFileSync(path.join(folder.dir, 'images/uploads/2026/my-harbour-1.jpg'));
    const metadata = await sharp(stored).metadata();
    expect([metadata.width, metadata.height, metadata.exif]).toEqual([1800, 2400, undefined]);
    expect(exifReader((await sharp(photo).metadata()).exif!).GPSInfo).toBeDefined();
  });

  it('refuses what is not an image, whatever its name says, and writes nothing', async () => {
    const { raw, imagesWritten } = await uploadSite();
    const png = await sharp({
      create: { width: 20, height: 20, channels: 3, background: '#123456' },
    })
      .png()
      .toBuffer();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    );
    const zip = Buffer.from('504b0304140000000800', 'hex');
    const cases: Array<[string, Buffer, string, number, RegExp]> = [
      [
        'photo.jpg',
        png,
        'image/jpeg',
        400,
        /That file is a PNG image, but its name says otherwise/,
      ],
      [
        'notes.png',
        Buffer.from('just some text'),
        'image/png',
        400,
        /not an image this site can show/,
      ],
      ['drawing.svg', svg, 'image/svg+xml', 400, /SVG images cannot be uploaded/],
      ['archive.jpg', zip, 'image/jpeg', 400, /not an image this site can show/],
    ];
    for (const [name, bytes, type, status, message] of cases) {
      const res = await raw(name, bytes, type);
      expect(res.status, name).toBe(status);
      expect(res.body.message, name).toMatch(message);
    }
    expect(imagesWritten()).toEqual([]);
  });

  it('tells the owner a zip, or a file of no known type, is not an image, and writes nothing', async () => {
    const { raw, imagesWritten } = await uploadSite();
    const zip = new yazl.ZipFile();
    zip.addBuffer(await phonePhoto({ width: 300, height: 200 }), 'harbour.jpg');
    zip.end();
    const zipped = await streamBytes(zip.outputStream);
    for (const [name, bytes, type] of [
      ['harbour.zip', zipped, 'application/zip'],
      ['notes', Buffer.from('Tide tables, not a photo.'), 'application/octet-stream'],
    ] as const) {
      const res = await raw(name, bytes, type);
      expect(res.status, type).toBe(400);
      expect(res.body.message, type).toBe(MESSAGES.IMAGE_INVALID);
    }
    expect(imagesWritten()).toEqual([]);
  });

  it('takes a photo whose type the browser could not name: the bytes decide', async () => {
    const { raw } = await uploadSite();
    const photo = await phonePhoto({ width: 300, height: 200 });
    const res = await raw('harbour.jpg', photo, 'application/octet-stream');
    expect(res.status).toBe(201);
    expect(res.body.path).toBe('/content/images/uploads/2026/harbour.jpg');
  });

  it('refuses a file over 25 MB with the image limits, and writes nothing', async () => {
    const { raw, imagesWritten } = await uploadSite();
    const res = await raw('huge.jpg', Buffer.alloc(26 * 1024 * 1024));
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(MESSAGES.IMAGE_TOO_LARGE);
    expect(imagesWritten()).toEqual([]);
  });

  it('refuses a 60-megapixel image', async () => {
    const { raw, imagesWritten } = await uploadSite();
    const huge = await sharp({
      create: { width: 10_000, height: 6_000, channels: 3, background: '#88aacc' },
    })
      .jpeg({ quality: 40 })
      .toBuffer();
    const res = await raw('huge.jpg', huge);
    expect(res.status).toBe(413);
    expect(res.body.message).toBe('That image is too large: at most 25 MB and 50 megapixels.');
    expect(imagesWritten()).toEqual([]);
  });

  it('refuses a name that tries to climb out of the images folder', async () => {
    const { raw, imagesWritten } = await uploadSite();
    const jpeg = await phonePhoto({ width: 300, height: 200 });
    for (const name of ['../../../etc/passwd.jpg', '..\\x.jpg', 'a/b.jpg']) {
      const res = await raw(name, jpeg);
      expect(res.status, name).toBe(400);
      expect(res.body.message).toBe('A file name cannot contain a folder or "..".');
    }
    expect(imagesWritten()).toEqual([]);
  });

  it('is refused from another site', async () => {
    const { t, admin } = await uploadSite();
    const jpeg = await phonePhoto({ width: 300, height: 200 });
    const res = await request(t.app)
      .post('/api/admin/images?name=a.jpg')
      .set('Cookie', admin.cookie!)
      .set('Origin', 'https://evil.example')
      .set('Content-Type', 'image/jpeg')
      .send(jpeg);
    expect(res.status).toBe(403);
    // Nor can a form on another site post one: it needs no preflight, but sends a form's type.
    const form = await request(t.app)
      .post('/api/admin/images?name=a.jpg')
      .set('Cookie', admin.cookie)
      .set('Content-Type', 'text/plain')
      .send(jpeg);
    expect(form.status).toBe(403);
  });
});
