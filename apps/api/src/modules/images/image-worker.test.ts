/**
 * Image work (uploads, variants, drawings' renditions, preview cards, icons) is done by the image
 * worker, a process of its own, never on the server's threads: tested on the real server
 * (src/server.ts) in a process of its own, whose memory map says whether it ever loaded libvips.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MESSAGES } from '@quillpost/domain';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '../../domain-error.js';
import { createLogger } from '../../logger.js';
import { createContentFolder, markdown } from '../../test-support/content.js';
import { phonePhoto } from '../../test-support/photos.js';
import { startServer, type RunningServer } from '../../test-support/running-server.js';
import { hashOf, variantFile } from './variants.js';
import { createImageWorker } from './worker-process.js';

const DRAWING =
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100" fill="#c00"/></svg>';

let server: RunningServer;
let owner: string;
const folder = createContentFolder({
  'posts/drawn.md': markdown(
    'title: "Drawn"\ndate: 2025-05-01\ncategory: write\nfeatured_image: images/drawn.svg',
    'A drawing above.',
  ),
  'images/drawn.svg': DRAWING,
});

beforeAll(async () => {
  server = await startServer({ contentDir: folder.dir });
  owner = await server.signInOwner();
}, 60_000);

afterAll(async () => {
  await server?.stop();
  folder.cleanup();
});

/** A file of /proc, or '' when its process (or thread) has ended meanwhile. */
function procFile(relative: string): string {
  try {
    return fs.readFileSync(`/proc/${relative}`, 'utf8');
  } catch {
    return '';
  }
}

/** The server's image worker for work someone waits for (uploads, renditions), while it runs. */
function imageWorker(): number | undefined {
  const children = fs
    .readdirSync(`/proc/${server.pid}/task`)
    .flatMap((task) => procFile(`${server.pid}/task/${task}/children`).split(' '))
    .filter(Boolean)
    .map(Number);
  return children.find((pid) => {
    const args = procFile(`${pid}/cmdline`).split('\0');
    return args.some((arg) => arg.includes('image-worker')) && args.includes('waited-for');
  });
}

/** sharp is libvips: a process that ever loaded sharp has libvips in its memory map. */
function hasLoadedLibvips(pid: number): boolean {
  return procFile(`${pid}/maps`).includes('libvips');
}

/** CPU time a process has used, in clock ticks (utime + stime of /proc/<pid>/stat). */
function cpuTicks(pid: number): number {
  const fields = procFile(`${pid}/stat`).split(') ')[1]?.split(' ') ?? [];
  return Number(fields[11]) + Number(fields[12]);
}

const upload = (name: string, bytes: Buffer) =>
  fetch(`${server.url}/api/admin/images?name=${encodeURIComponent(name)}`, {
    method: 'POST',
    headers: { Cookie: owner, Origin: server.url, 'Content-Type': 'application/octet-stream' },
    body: new Uint8Array(bytes),
  });

const uploadsFolder = () => path.join(folder.dir, 'images/uploads');
const uploaded = () =>
  fs.existsSync(uploadsFolder()) ? fs.readdirSync(uploadsFolder(), { recursive: true }) : [];

describe('the image worker', () => {
  it('killed mid-upload: that upload is told to try again, and a new worker makes the next', async () => {
    // The card painter's work at start is done: the worker has nothing else to do.
    const cards = path.join(server.dataDir, 'cards');
    await expect
      .poll(() => fs.existsSync(cards) && fs.readdirSync(cards).length, { timeout: 30_000 })
      .toBe(1);
    // Seconds of work: 49 megapixels to decode, and a 2400 px PNG to quantise and write.
    const huge = await sharp({
      create: { width: 7000, height: 7000, channels: 3, background: '#88aacc' },
    })
      .png()
      .toBuffer();
    const answer = upload('huge.png', huge);
    let killed: number | undefined;
    let idleTicks: number | undefined;
    const deadline = Date.now() + 30_000;
    while (!killed && Date.now() < deadline) {
      const worker = imageWorker();
      if (worker !== undefined) {
        idleTicks ??= cpuTicks(worker);
        // A tenth of a second of CPU since it was first seen: it is making the upload.
        if (cpuTicks(worker) - idleTicks >= 10) {
          process.kill(worker, 'SIGKILL');
          killed = worker;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(killed).toBeDefined();
    const refused = await answer;
    expect(refused.status).toBe(503);
    expect((await refused.json()).message).toBe(MESSAGES.IMAGE_WORK_UNAVAILABLE);
    expect(uploaded()).toEqual([]);

    const next = await upload('harbour.jpg', await phonePhoto({ width: 1200, height: 900 }));
    expect(next.status).toBe(201);
    expect(imageWorker()).toBeDefined();
    expect(imageWorker()).not.toBe(killed);
  }, 90_000);

  it('makes uploads, variants, renditions, preview cards and icons; the server never loads sharp', async () => {
    const photo = await phonePhoto({ width: 2000, height: 1500, orientation: 6 });
    const stored = await upload('pier.jpg', photo);
    expect(stored.status).toBe(201);
    const { path: photoPath } = (await stored.json()) as { path: string };

    const asked = [
      // The uploaded photo's largest variant, made now if the background has not reached it.
      photoPath,
      '/content/images/drawn.svg.png',
      '/og/post/drawn.png',
      '/og-default.png',
      '/icon-192.png',
    ];
    for (const url of asked) {
      const res = await fetch(`${server.url}${url}`);
      expect(res.status, url).toBe(200);
      const image = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(image.format, url).toBe(url === photoPath ? 'jpeg' : 'png');
    }

    expect(hasLoadedLibvips(server.pid)).toBe(false);
    const worker = imageWorker();
    expect(worker).toBeDefined();
    expect(hasLoadedLibvips(worker!)).toBe(true);
  }, 90_000);

  it('never keeps an upload waiting behind a photo’s variants: they are two lanes', async () => {
    const worker = createImageWorker({ idle: false, logger: createLogger('silent') });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-lanes-'));
    try {
      // Seconds of background work: fifteen variants, AVIF among them, of a 4000 × 3000 photo.
      const source = path.join(dir, 'big.jpg');
      const photo = await phonePhoto({ width: 4000, height: 3000 });
      fs.writeFileSync(source, photo);
      const image = { hash: hashOf(photo), width: 2400, height: 1800, fallback: 'jpg' as const };
      const order: string[] = [];
      const variants = worker.variants(source, image, dir).then(() => order.push('variants'));
      const upload = path.join(dir, 'upload');
      fs.writeFileSync(upload, await phonePhoto({ width: 800, height: 600 }));
      const header = worker.inspect(upload).then(() => order.push('upload inspected'));
      await Promise.all([variants, header]);
      expect(order).toEqual(['upload inspected', 'variants']);
    } finally {
      await worker.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('makes variants in the idle class, and the one a reader waits for in the normal class', async () => {
    // Linux's idle class, where chrt is there (Debian's util-linux): the worker moves itself.
    const worker = createImageWorker({ idle: true, logger: createLogger('silent') });
    /** Every thread of this test's worker for `lane`, by its scheduling policy (5: idle). */
    const policies = (lane: string) => () => {
      const pid = fs
        .readdirSync(`/proc/${process.pid}/task`)
        .flatMap((task) => procFile(`${process.pid}/task/${task}/children`).split(' '))
        .filter(Boolean)
        .map(Number)
        .find((child) => procFile(`${child}/cmdline`).split('\0').includes(lane));
      if (pid === undefined) return [];
      return fs
        .readdirSync(`/proc/${pid}/task`)
        .map((task) => Number(procFile(`${pid}/task/${task}/stat`).split(') ')[1]?.split(' ')[38]));
    };
    const all = (policy: number) => (seen: number[]) =>
      seen.length > 0 && seen.every((seenPolicy) => seenPolicy === policy);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-idle-'));
    try {
      // Each worker stays a while after its job, in its class: a small photo will do.
      const source = path.join(dir, 'small.jpg');
      const photo = await phonePhoto({ width: 1200, height: 900 });
      fs.writeFileSync(source, photo);
      const image = { hash: hashOf(photo), width: 1200, height: 900, fallback: 'jpg' as const };
      const variants = worker.variants(source, image, dir);
      await worker.variant(source, image, dir, { width: 1200, format: 'webp' });
      expect(fs.existsSync(variantFile(dir, image.hash, 1200, 'webp'))).toBe(true);
      await expect.poll(policies('waited-for')).toSatisfy(all(0));
      await expect.poll(policies('background'), { timeout: 20_000 }).toSatisfy(all(5));
      await variants;
    } finally {
      await worker.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 90_000);

  it('refuses work beyond its queue at once: a flood of it never piles up in memory', async () => {
    const worker = createImageWorker({ idle: false, logger: createLogger('silent') });
    try {
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          worker.icon(DRAWING, 16 + index).then(
            (png) => png.length > 0,
            (error: unknown) => error,
          ),
        ),
      );
      // One being made and 32 waiting; the rest told at once to try again.
      expect(answers.slice(0, 33)).toEqual(Array(33).fill(true));
      for (const refused of answers.slice(33)) {
        expect(refused).toBeInstanceOf(DomainError);
        expect((refused as DomainError).code).toBe('IMAGE_WORK_UNAVAILABLE');
      }
    } finally {
      await worker.stop();
    }
  });
});
