import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import exifReader from 'exif-reader';
import { as, signInAs, type TestUser } from '../../test-support/community.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { phonePhoto } from '../../test-support/photos.js';
import { createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

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
  cleanups.push(folder.cleanup, t.cleanup);
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
  async function upload(
    api: ReturnType<typeof as>,
    name: string,
    bytes: Buffer,
    type = 'image/jpeg',
  ) {
    return api
      .post(`/api/admin/images?name=${encodeURIComponent(name)}`)
      .set('Content-Type', type)
      .send(bytes);
  }

  async function uploadSite() {
    const site = await writingSite();
    const raw = (name: string, bytes: Buffer, type?: string) =>
      upload(
        {
          ...site.api,
          post: (url: string) =>
            request(site.t.app)
              .post(url)
              .set('Cookie', (site.admin as TestUser).cookie!),
        } as ReturnType<typeof as>,
        name,
        bytes,
        type,
      );
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
  });
});
