import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@quillpost/domain';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signInAs } from '../../test-support/community.js';
import { createContentFolder } from '../../test-support/content.js';
import { testAppPerTest } from '../../test-support/test-app.js';

const { testApp, track } = testAppPerTest();

async function uploadSite() {
  const folder = createContentFolder();
  track(folder.cleanup);
  const t = testApp({ env: { CONTENT_DIR: folder.dir } });
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
  return { upload, imagesWritten };
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
});
