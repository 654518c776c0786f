import fs from 'node:fs';
import path from 'node:path';
import { BRAND_LIGHT, IMAGE_WIDTHS, MAX_IMAGE_EDGE } from '@quillpost/domain';
import exifReader from 'exif-reader';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { capturedLog } from '../../test-support/captured-log.js';
import { createContentFolder, markdown } from '../../test-support/content.js';
import { PHOTO_GPS, phonePhoto } from '../../test-support/photos.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { emailBodyHtml, renderIssue } from '../newsletter/compose.js';
import { issueSourceOf, publishedItem } from '../newsletter/source.js';
import { createImagePipeline } from './pipeline.js';
import { imageByHash } from './store.js';

const track = cleanupAfterEach();

/** A site whose post has a phone photo (taken upright: EXIF orientation 6) as its picture. */
async function siteWithPhoto(photo?: Buffer) {
  const folder = createContentFolder({
    'posts/harbour.md': markdown(
      'title: "The harbour at dawn"\ndate: 2025-05-01\ncategory: write\nfeatured_image: images/harbour.jpg',
      'Before the boats.\n\n![The harbour wall](../images/harbour.jpg "At six")\n\nAfter them.',
    ),
  });
  const original = photo ?? (await phonePhoto({ width: 2000, height: 1500, orientation: 6 }));
  fs.mkdirSync(path.join(folder.dir, 'images'), { recursive: true });
  fs.writeFileSync(path.join(folder.dir, 'images/harbour.jpg'), original);
  const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
  track(folder.cleanup, t.cleanup);
  const sync = () => syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
  expect(sync().errors).toEqual([]);
  return { t, folder, original, sync };
}

/**
 * An image as a reader's browser gets it: asked to come back (503, Retry-After) while it is still
 * being made, which on a busy machine can outlast the server's 15 s wait, it asks again.
 */
async function bytesOf(app: Parameters<typeof request>[0], url: string) {
  for (;;) {
    const res = await request(app)
      .get(url)
      .buffer(true)
      .parse((stream, done) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => done(null, Buffer.concat(chunks)));
      });
    if (res.status !== 503 || !res.headers['retry-after']) return { res, body: res.body as Buffer };
  }
}

describe('photos', { timeout: 120_000 }, () => {
  it('are served upright, in every width and format, with no EXIF, GPS or other metadata', async () => {
    const { t, original } = await siteWithPhoto();
    // The original really does say where it was taken.
    const originalExif = exifReader((await sharp(original).metadata()).exif!);
    expect(originalExif.GPSInfo?.GPSLatitude).toEqual([...PHOTO_GPS.latitude]);

    const post = (await request(t.app).get('/api/posts/harbour')).body;
    // Taken 2000 × 1500 sideways: upright it is 1500 wide and 2000 high.
    expect(post.featured_image_variants).toMatchObject({
      width: 1500,
      height: 2000,
      fallback: 'jpg',
    });
    const { hash } = post.featured_image_variants;

    const urls = [
      ...new Set([...String(post.content).matchAll(/\/images\/\w+\/\d+\.\w+/g)].map(String)),
    ];
    // 480, 800, 1200 and the full 1500, each in AVIF, WebP and JPEG.
    expect(urls).toHaveLength(12);
    for (const url of urls) {
      const { res, body } = await bytesOf(t.app, url);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const format = url.split('.').pop()!;
      expect(res.headers['content-type']).toBe(
        { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }[format],
      );
      const served = await sharp(body).metadata();
      expect(served.width).toBe(Number(/\/(\d+)\./.exec(url)![1]));
      expect(served.height! > served.width!).toBe(true);
      expect(Math.max(served.width!, served.height!)).toBeLessThanOrEqual(MAX_IMAGE_EDGE);
      expect([served.exif, served.xmp, served.iptc]).toEqual([undefined, undefined, undefined]);
      expect(served.orientation ?? 1).toBe(1);
      expect(body.includes(Buffer.from('Pixelphone'))).toBe(false);
    }
    // The first one asked for was made at once; the background made the rest.
    await expect
      .poll(() => imageByHash(t.deps.db, hash)?.status, { timeout: 60_000 })
      .toBe('ready');
  });

  it('are pictures in the HTML: AVIF and WebP offered, a JPEG fallback, their size reserved', async () => {
    const { t } = await siteWithPhoto();
    const post = (await request(t.app).get('/api/posts/harbour')).body;
    const { hash } = post.featured_image_variants;
    const picture = /<picture>[\s\S]*?<\/picture>/.exec(post.content)![0];
    expect(picture).toContain(
      `<source type="image/avif" srcset="/images/${hash}/480.avif 480w, /images/${hash}/800.avif 800w, /images/${hash}/1200.avif 1200w, /images/${hash}/1500.avif 1500w"`,
    );
    expect(picture).toContain('<source type="image/webp"');
    const img = /<img [^>]*>/.exec(picture)![0];
    expect(img).toContain(`src="/images/${hash}/1200.jpg"`);
    expect(img).toContain('width="1500" height="2000"');
    expect(img).toContain('alt="The harbour wall"');
    expect(img).toContain('title="At six"');
    expect(img).toContain('loading="lazy"');
    expect(img).toMatch(/sizes="[^"]+"/);
  });

  it('in a post without a featured image: the first in the text is fetched at once, the rest lazily', async () => {
    const folder = createContentFolder({
      'posts/pier.md': markdown(
        'title: "From the pier"\ndate: 2025-05-03\ncategory: write',
        '![The pier](../images/pier.jpg)\n\nFurther out.\n\n![The boats](../images/boats.jpg)',
      ),
    });
    fs.mkdirSync(path.join(folder.dir, 'images'));
    fs.writeFileSync(path.join(folder.dir, 'images/pier.jpg'), await phonePhoto({ seed: 4 }));
    fs.writeFileSync(path.join(folder.dir, 'images/boats.jpg'), await phonePhoto({ seed: 5 }));
    const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
    track(folder.cleanup, t.cleanup);
    expect(syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger).errors).toEqual([]);

    const html = (await request(t.app).get('/api/posts/pier')).body.content as string;
    const [first, second, ...more] = [...html.matchAll(/<img [^>]*>/g)].map(String);
    expect(more).toEqual([]);
    expect(first).toContain('alt="The pier"');
    expect(first).toContain('fetchpriority="high"');
    expect(first).not.toContain('loading=');
    expect(second).toContain('alt="The boats"');
    expect(second).toContain('loading="lazy"');
    expect(second).not.toContain('fetchpriority');
  });

  it('answer the file name with the largest variant, stripped, never the original', async () => {
    const { t, original } = await siteWithPhoto();
    const { res, body } = await bytesOf(t.app, '/content/images/harbour.jpg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(body.equals(original)).toBe(false);
    const served = await sharp(body).metadata();
    expect([served.width, served.height, served.exif]).toEqual([1500, 2000, undefined]);
  });

  it('refuse what they do not offer, and any path out of the images folder', async () => {
    const { t } = await siteWithPhoto();
    const { hash } = (await request(t.app).get('/api/posts/harbour')).body.featured_image_variants;
    for (const url of [
      `/images/${hash}/1600.jpg`, // wider than the photo: never upscaled
      `/images/${hash}/1000.avif`,
      `/images/${hash}/480.gif`,
      `/images/${'0'.repeat(24)}/480.jpg`,
      '/content/images/missing.jpg',
      '/content/images/..%2f..%2fetc%2fpasswd.jpg',
      '/content/images/%2e%2e/posts/harbour.md',
    ]) {
      expect((await request(t.app).get(url)).status, url).toBe(404);
    }
  });

  it('are made in the background, one after another, once the sync has registered them', async () => {
    const { t } = await siteWithPhoto();
    const { hash } = (await request(t.app).get('/api/posts/harbour')).body.featured_image_variants;
    expect(imageByHash(t.deps.db, hash)?.status).toBe('pending');
    // On a machine the test suite keeps busy, idle moments may never come.
    const pipeline = createImagePipeline(t.deps, { idle: false });
    await pipeline.drain();
    expect(imageByHash(t.deps.db, hash)?.status).toBe('ready');
    const files = fs.readdirSync(path.join(pipeline.dir, hash)).sort();
    expect(files).toContain('1500.avif');
    // Three formats in four widths, and the 600 px JPEG for email.
    expect(files).toHaveLength(13);
  });

  it('keep a transparent PNG transparent, with a PNG fallback', async () => {
    const png = await sharp({
      create: { width: 900, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const folder = createContentFolder({
      'posts/diagram.md': markdown(
        'title: Diagram\ndate: 2025-05-02\ncategory: build',
        '![A diagram](/content/images/diagram.png)',
      ),
    });
    fs.mkdirSync(path.join(folder.dir, 'images'));
    fs.writeFileSync(path.join(folder.dir, 'images/diagram.png'), png);
    const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
    track(folder.cleanup, t.cleanup);
    syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
    const html = (await request(t.app).get('/api/posts/diagram')).body.content as string;
    const src = /<img src="([^"]+)"/.exec(html)![1]!;
    expect(src).toMatch(/\/900\.png$/);
    const { body } = await bytesOf(t.app, src);
    expect((await sharp(body).metadata()).hasAlpha).toBe(true);
  });

  it('leave a file that is not an image alone: a plain <img>, and nothing served for it', async () => {
    const { t, folder, sync } = await siteWithPhoto(Buffer.from('not a photo at all'));
    expect(sync().errors).toEqual([]);
    const post = (await request(t.app).get('/api/posts/harbour')).body;
    expect(post.featured_image_variants).toBeNull();
    expect(post.content).not.toContain('<picture>');
    expect(post.content).toContain('<img src="../images/harbour.jpg"');
    expect((await request(t.app).get('/content/images/harbour.jpg')).status).toBe(404);
    expect(fs.existsSync(path.join(folder.dir, 'images/harbour.jpg'))).toBe(true);
  });

  it('never send a file they cannot strip: only drawings (SVG) and GIFs go out as they are', async () => {
    const { t, folder, original } = await siteWithPhoto();
    fs.writeFileSync(path.join(folder.dir, 'images/from-an-iphone.heic'), original);
    fs.writeFileSync(
      path.join(folder.dir, 'images/mark.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>',
    );
    expect((await request(t.app).get('/content/images/from-an-iphone.heic')).status).toBe(404);
    const svg = await request(t.app).get('/content/images/mark.svg');
    expect(svg.status).toBe(200);
    expect(svg.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
  });

  it('never make a hash’s variants from other bytes than the hash names', async () => {
    const { t, folder } = await siteWithPhoto();
    const { hash } = (await request(t.app).get('/api/posts/harbour')).body.featured_image_variants;
    // Replaced before its variants were made, and before a sync met the new file.
    fs.writeFileSync(
      path.join(folder.dir, 'images/harbour.jpg'),
      await phonePhoto({ width: 1000, height: 750, seed: 11 }),
    );
    expect((await request(t.app).get(`/images/${hash}/480.webp`)).status).toBe(404);
    await expect.poll(() => imageByHash(t.deps.db, hash)?.status).toBe('failed');
    // Failed, it is not decoded again on every request for it.
    expect((await request(t.app).get(`/images/${hash}/800.webp`)).status).toBe(404);
  });

  it('follow a replaced file: the post names the new photo on the next sync', async () => {
    const { t, folder, sync } = await siteWithPhoto();
    const before = (await request(t.app).get('/api/posts/harbour')).body.featured_image_variants;
    const landscape = await phonePhoto({ width: 1000, height: 750, seed: 9 });
    fs.writeFileSync(path.join(folder.dir, 'images/harbour.jpg'), landscape);
    expect(sync().updated).toContain('posts/harbour.md');
    const after = (await request(t.app).get('/api/posts/harbour')).body.featured_image_variants;
    expect(after.hash).not.toBe(before.hash);
    expect([after.width, after.height]).toEqual([1000, 750]);
  });

  it('are one plain image in feeds (1200 px) and in email (600 px, 1200 for sharp screens)', async () => {
    const { t } = await siteWithPhoto(await phonePhoto({ width: 3000, height: 2000 }));
    const post = (await request(t.app).get('/api/posts/harbour')).body;
    const { hash } = post.featured_image_variants;
    const feed = (await request(t.app).get('/rss.xml')).text;
    expect(feed).not.toContain('&lt;picture');
    const site = 'http://localhost:8787';
    expect(feed).toContain(
      `&lt;img src=&quot;${site}/images/${hash}/1200.jpg&quot; width=&quot;1200&quot; height=&quot;800&quot;`,
    );
    expect(feed).toContain(`url="${site}/images/${hash}/1200.jpg"`);

    const mail = emailBodyHtml(post.content, {
      base: 'https://ada.example',
      pageUrl: 'https://ada.example/posts/harbour',
      accent: BRAND_LIGHT.accent,
    });
    expect(mail).not.toContain('<picture');
    expect(mail).toContain(
      `<img style="max-width:100%;height:auto;border:0;" src="https://ada.example/images/${hash}/600.jpg" srcset="https://ada.example/images/${hash}/1200.jpg 2x" width="600" height="400"`,
    );
    // Made, then asked for: whether a reader's first request may wait for the making is another
    // test's, and on a machine the suite keeps busy it can take longer than a reader waits.
    await t.deps.images!.drain();
    for (const width of [600, 1200]) {
      expect((await request(t.app).get(`/images/${hash}/${width}.jpg`)).status).toBe(200);
    }
    expect(IMAGE_WIDTHS).toContain(1200);
  });
});

describe('drawings in mail', () => {
  it('go out as a PNG rendition at twice the mail’s width, on top of the issue', async () => {
    const folder = createContentFolder({
      'posts/drawn.md': markdown(
        'title: "Drawn"\ndate: 2025-05-01\ncategory: write\nfeatured_image: images/drawn.svg',
        'A drawing above.',
      ),
    });
    fs.mkdirSync(path.join(folder.dir, 'images'), { recursive: true });
    fs.writeFileSync(
      path.join(folder.dir, 'images/drawn.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#c00"/></svg>',
    );
    const t = createTestApp({ env: { CONTENT_DIR: folder.dir } });
    track(folder.cleanup, t.cleanup);
    expect(syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger).errors).toEqual([]);

    const { res, body } = await bytesOf(t.app, '/content/images/drawn.svg.png');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    // A mail client or a feed reader shows it from another origin.
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(await sharp(body).metadata()).toMatchObject({ format: 'png', width: 1200, height: 600 });
    const [red] = (await sharp(body).raw().toBuffer({ resolveWithObject: true })).data;
    expect(red).toBeGreaterThan(190);
    expect((await request(t.app).get('/content/images/missing.svg.png')).status).toBe(404);
    expect((await request(t.app).get('/content/images/..%2F..%2Fsecret.svg.png')).status).toBe(404);

    const now = new Date(t.clock.now()).toISOString();
    const item = publishedItem(t.deps.db, 'post', 'drawn', now)!;
    const issue = renderIssue(t.deps.env, issueSourceOf(t.deps, 'post', item, 'write'), 'Drawn');
    expect(issue.html).toContain(
      `<img src="${t.deps.env.PUBLIC_URL}/content/images/drawn.svg.png"`,
    );
    expect(issue.html).not.toMatch(/<img[^>]+\.svg"/);
  });

  it('are drawn once for readers who ask at the same time: one piece of work, many answers', async () => {
    const folder = createContentFolder({});
    fs.mkdirSync(path.join(folder.dir, 'images'), { recursive: true });
    const circles = Array.from(
      { length: 60 },
      (_, i) =>
        `<circle cx="${(i * 37) % 400}" cy="${(i * 53) % 200}" r="20" fill="#${((i * 40_99) % 0xffffff).toString(16).padStart(6, '0')}"/>`,
    ).join('');
    fs.writeFileSync(
      path.join(folder.dir, 'images/circles.svg'),
      `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200">${circles}</svg>`,
    );
    const log = capturedLog('debug');
    const t = createTestApp({ env: { CONTENT_DIR: folder.dir }, deps: { logger: log.logger } });
    track(folder.cleanup, t.cleanup);

    const answers = await Promise.all(
      Array.from({ length: 8 }, () => bytesOf(t.app, '/content/images/circles.svg.png')),
    );
    for (const { res, body } of answers) {
      expect(res.status).toBe(200);
      expect(body.equals(answers[0]!.body)).toBe(true);
    }
    const drawn = log
      .text()
      .split('\n')
      .filter(
        (line) => line.includes('"msg":"image work done"') && line.includes('"job":"rendition"'),
      );
    expect(drawn).toHaveLength(1);
  });
});
