import { createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { MAX_IMAGE_UPLOAD_BYTES, MESSAGES } from '@quillpost/domain';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../test-support/community.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { testAppPerTest } from '../../test-support/test-app.js';

const { testApp, track } = testAppPerTest();

import { phonePhoto } from '../../test-support/photos.js';
import { syncContent } from '../content/index.js';
import { UPLOADS_AT_ONCE } from './upload-routes.js';

async function uploadSite(env: Record<string, string> = {}) {
  const folder = createContentFolder();
  track(folder.cleanup);
  const t = testApp({ env: { CONTENT_DIR: folder.dir, ...env } });
  const admin = await signInAs(t, 'admin');
  const upload = (name: string, bytes: Buffer) =>
    request(t.app)
      .post(`/api/admin/images?name=${encodeURIComponent(name)}`)
      .set('Cookie', admin.cookie)
      .set('Origin', t.deps.env.WEB_ORIGIN)
      .set('Content-Type', 'image/jpeg')
      .send(bytes);
  const imagesWritten = () =>
    fs.existsSync(path.join(folder.dir, 'images'))
      ? fs.readdirSync(path.join(folder.dir, 'images'), { recursive: true })
      : [];
  // Where an upload waits for the image worker, beside the database.
  const staging = path.join(path.dirname(t.deps.env.DATABASE_PATH), 'upload-staging');
  const waiting = () => (fs.existsSync(staging) ? fs.readdirSync(staging) : []);
  return { t, admin, upload, imagesWritten, staging, waiting };
}

describe('uploads', () => {
  it('refuse a truncated JPEG (270 bytes claiming 7000 × 7000) rather than store it grey', async () => {
    const { upload, imagesWritten } = await uploadSite();
    const whole = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: '#808080' },
    })
      .jpeg({ quality: 50 })
      .toBuffer();
    const end = Buffer.from([0xff, 0xd9]);
    for (const [name, bytes] of [
      // Cut off in the middle of its pixels,
      ['cut.jpg', whole.subarray(0, 270)],
      // and cut off, then closed with an end-of-image marker, as a broken transfer may leave it.
      ['closed.jpg', Buffer.concat([whole.subarray(0, 268), end])],
    ] as const) {
      expect(bytes.length).toBe(270);
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 7000, height: 7000 });
      const res = await upload(name, bytes);
      expect(res.status, name).toBe(400);
      expect(res.body.message, name).toBe(MESSAGES.IMAGE_INVALID);
    }
    expect(imagesWritten()).toEqual([]);
  });

  it('keep nothing of an upload once it is stored or refused', async () => {
    const { upload, imagesWritten, waiting } = await uploadSite();
    const stored = await upload('harbour.jpg', await phonePhoto({ width: 1200, height: 900 }));
    expect(stored.status).toBe(201);
    expect(stored.body.path).toMatch(/^\/content\/images\/uploads\/\d{4}\/harbour\.jpg$/);
    expect((await upload('notes.jpg', Buffer.from('not a picture'))).status).toBe(400);
    expect(waiting()).toEqual([]);
    // The stored photo and its year's folder, and no half-made file beside them.
    expect(imagesWritten().map(String).sort()).toEqual([
      'uploads',
      expect.stringMatching(/^uploads\/\d{4}$/),
      expect.stringMatching(/^uploads\/\d{4}\/harbour\.jpg$/),
    ]);
  });

  it('are served as variants of the very bytes stored, named by what the image worker measured', async () => {
    const { t, upload } = await uploadSite();
    const stored = await upload(
      'harbour.jpg',
      await phonePhoto({ width: 4000, height: 3000, orientation: 6 }),
    );
    expect(stored.status).toBe(201);
    // Upright, at most 2400 px: the worker measured what it wrote.
    expect(stored.body).toMatchObject({ width: 1800, height: 2400 });
    const file = path.join(t.deps.env.CONTENT_DIR, stored.body.path.replace('/content/', ''));
    const hash = createHash('sha256').update(fs.readFileSync(file)).digest('hex').slice(0, 24);

    fs.mkdirSync(path.join(t.deps.env.CONTENT_DIR, 'posts'), { recursive: true });
    fs.writeFileSync(
      path.join(t.deps.env.CONTENT_DIR, 'posts/harbour.md'),
      post('The harbour', { body: `![The harbour at dawn](${stored.body.path})` }),
    );
    syncContent(t.deps.db, t.deps.env.CONTENT_DIR, t.clock, t.deps.logger);
    const page = await request(t.app).get('/api/posts/harbour');
    expect(page.status).toBe(200);
    expect(page.body.content).toContain(`src="/images/${hash}/1200.jpg"`);
    expect(page.body.content).toContain('width="1800" height="2400"');
    // The worker makes it from the file, which must be the bytes the hash names.
    const variant = await request(t.app).get(`/images/${hash}/480.webp`);
    expect(variant.status).toBe(200);
    expect(variant.headers['content-type']).toBe('image/webp');
  });

  it('are taken two at a time, the rest waiting their turn unread, and all stored', async () => {
    const { upload, imagesWritten, waiting } = await uploadSite();
    const photos = await Promise.all(
      [1, 2, 3, 4, 5].map((seed) => phonePhoto({ width: 1600, height: 1200, seed })),
    );
    let mostReceived = 0;
    let uploading = true;
    const watching = (async () => {
      while (uploading) {
        // An upload, and beside it what the worker makes of it: one upload.
        const uploads = new Set(waiting().map((name) => name.split('.')[0]));
        mostReceived = Math.max(mostReceived, uploads.size);
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const answers = await Promise.all(
      photos.map((photo, index) => upload(`photo-${index + 1}.jpg`, photo)),
    );
    uploading = false;
    await watching;
    expect(answers.map((res) => res.status)).toEqual([201, 201, 201, 201, 201]);
    expect(mostReceived).toBeGreaterThan(0);
    expect(mostReceived).toBeLessThanOrEqual(UPLOADS_AT_ONCE);
    expect(imagesWritten().filter((file) => /photo-\d\.jpg$/.test(String(file)))).toHaveLength(5);
    expect(waiting()).toEqual([]);
  });

  it('refuse a body that grows past the limit without declaring its length', async () => {
    const { t, admin, imagesWritten, waiting } = await uploadSite();
    const server = http.createServer(t.app).listen(0, '127.0.0.1');
    track(() => server.close());
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          port,
          host: '127.0.0.1',
          method: 'POST',
          path: '/api/admin/images?name=huge.jpg',
          // Chunked: nothing tells the server the size before the bytes do.
          headers: {
            Cookie: admin.cookie,
            Origin: t.deps.env.WEB_ORIGIN,
            'Content-Type': 'image/jpeg',
          },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        },
      );
      // The server may stop reading once it has answered.
      req.on('error', (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EPIPE' && error.code !== 'ECONNRESET') reject(error);
      });
      const megabyte = Buffer.alloc(1024 * 1024, 0xff);
      let sent = 0;
      const more = () => {
        while (sent <= MAX_IMAGE_UPLOAD_BYTES) {
          sent += megabyte.length;
          if (!req.write(megabyte)) return void req.once('drain', more);
        }
        req.end();
      };
      more();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(MESSAGES.IMAGE_TOO_LARGE);
    expect(waiting()).toEqual([]);
    expect(imagesWritten()).toEqual([]);
  });

  it('clear away the uploads a stopped server was receiving when it starts again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-upload-staging-'));
    track(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const staging = path.join(dataDir, 'upload-staging');
    fs.mkdirSync(staging);
    // Named by the process that was receiving it, which is gone.
    fs.writeFileSync(path.join(staging, '4194305-1'), Buffer.alloc(4096));
    const { waiting } = await uploadSite({ DATABASE_PATH: path.join(dataDir, 'site.db') });
    expect(waiting()).toEqual([]);
  });
});
