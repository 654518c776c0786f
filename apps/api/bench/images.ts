/**
 * Images: how long a phone photo (4000 × 3000 JPEG, over 3 MB) takes from upload to its last
 * variant, and what making variants costs readers: p50/p99 of GET /api/posts at a steady rate,
 * at rest and while the pipeline works through 20 such photos.
 *
 * The server runs in a child process (the load generator here must not steal its event loop);
 * the parent asks it to start on the photos once the resting round is done.
 * `pnpm bench` runs it through bench/run.ts; `tsx bench/images.ts` runs it alone.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { systemClock } from '../src/clock.js';
import { createApp } from '../src/app.js';
import {
  contentImagePath,
  createImagePipeline,
  describeImage,
} from '../src/modules/images/index.js';
import { storeUpload } from '../src/modules/images/uploads.js';
import { phonePhoto } from '../src/test-support/photos.js';
import { benchEntry, benchSite } from './child-server.js';

const PHOTOS = 20;
const LOAD = { connections: 8, overallRate: 200, seconds: 8 };
const TARGET_P99_RATIO = 1.5;

const here = fileURLToPath(import.meta.url);

type FromChild =
  | { type: 'ready'; port: number; uploadMs: number; variants: number; bytes: number }
  | { type: 'done'; ms: number };

/** Child side: a site on a copy of the fixture content, with 20 photos waiting for variants. */
async function serve() {
  const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-bench-images-'));
  fs.cpSync(path.resolve(path.dirname(here), '../../../tests/fixtures/content'), contentDir, {
    recursive: true,
  });
  const { db, deps } = benchSite('images', contentDir);
  process.on('disconnect', () => fs.rmSync(contentDir, { recursive: true, force: true }));
  const pipeline = createImagePipeline(deps);
  const app = createApp({ ...deps, images: pipeline });

  // Upload to every variant, for one photo.
  const photo = await phonePhoto({ width: 4000, height: 3000, quality: 95 });
  const started = performance.now();
  const received = path.join(contentDir, '..', `${path.basename(contentDir)}-upload`);
  fs.writeFileSync(received, photo);
  const uploaded = await storeUpload(
    { db, contentDir, clock: systemClock, worker: pipeline.worker },
    { name: 'harbour.jpg', file: received },
  );
  fs.rmSync(received);
  await pipeline.drain();
  const uploadMs = performance.now() - started;
  // The files under the photo's own hash folder: the folder itself is not a variant.
  const { hash } = describeImage(
    db,
    contentDir,
    contentImagePath(uploaded.path)!,
    new Date().toISOString(),
  )!;
  const variants = fs
    .readdirSync(path.join(pipeline.dir, hash), { withFileTypes: true })
    .filter((entry) => entry.isFile()).length;

  // Twenty more, registered as a sync would, their variants not made yet.
  const folder = path.join(contentDir, 'images', 'bench');
  fs.mkdirSync(folder, { recursive: true });
  for (let seed = 1; seed <= PHOTOS; seed += 1) {
    const name = `photo-${seed}.jpg`;
    fs.writeFileSync(
      path.join(folder, name),
      await phonePhoto({ width: 4000, height: 3000, seed }),
    );
    describeImage(db, contentDir, `bench/${name}`, new Date().toISOString());
  }

  const server = app.listen(0, '127.0.0.1', () => {
    const port = (server.address() as AddressInfo).port;
    process.send!({
      type: 'ready',
      port,
      uploadMs,
      variants,
      bytes: photo.length,
    } satisfies FromChild);
  });
  process.on('message', async () => {
    const begun = performance.now();
    await pipeline.drain();
    process.send!({ type: 'done', ms: performance.now() - begun } satisfies FromChild);
  });
}

async function steadyLoad(url: string) {
  const result = await autocannon({
    url,
    connections: LOAD.connections,
    overallRate: LOAD.overallRate,
    duration: LOAD.seconds,
  });
  if (result.non2xx || result.errors) throw new Error(`${url}: ${result.non2xx} non-2xx answers`);
  return { p50: result.latency.p50, p99: result.latency.p99, rate: result.requests.average };
}

/** Parent side: a resting round, then the same load while the child makes 20 photos' variants. */
export async function run(): Promise<void> {
  const child = fork(here, ['--serve'], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <Type extends FromChild['type']>(type: Type) =>
    new Promise<Extract<FromChild, { type: Type }>>((resolve, reject) => {
      child.on('message', (message: FromChild) => {
        if (message.type === type) resolve(message as Extract<FromChild, { type: Type }>);
      });
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
  try {
    const ready = await next('ready');
    const url = `http://127.0.0.1:${ready.port}/api/posts`;
    await autocannon({ url, connections: LOAD.connections, duration: 1 });
    const rest = await steadyLoad(url);
    const done = next('done');
    child.send('start');
    const busy = await steadyLoad(url);
    const { ms } = await done;

    console.log(
      `Images: a ${(ready.bytes / 1e6).toFixed(1)} MB 4000 × 3000 phone photo, uploaded to its ${ready.variants} variants in ${(ready.uploadMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `${PHOTOS} such photos' variants made in ${(ms / 1000).toFixed(1)} s (${(ms / PHOTOS / 1000).toFixed(1)} s each, one at a time)`,
    );
    const line = (label: string, round: { p50: number; p99: number; rate: number }) =>
      `${label.padEnd(40)} ${round.rate.toFixed(0).padStart(5)} req/s   p50 ${round.p50.toFixed(1).padStart(5)} ms   p99 ${round.p99.toFixed(1).padStart(6)} ms`;
    console.log(
      `GET /api/posts at ${LOAD.overallRate} req/s, ${LOAD.connections} connections, ${LOAD.seconds} s each:`,
    );
    console.log(line('at rest', rest));
    console.log(line(`while ${PHOTOS} photos are processed`, busy));
    const ratio = busy.p99 / rest.p99;
    console.log(
      `p99 while processing ÷ p99 at rest = ${busy.p99.toFixed(1)} ms ÷ ${rest.p99.toFixed(1)} ms = ${ratio.toFixed(2)}× (target ≤ ${TARGET_P99_RATIO}×): ${ratio <= TARGET_P99_RATIO ? 'PASS' : 'FAIL'}`,
    );
  } finally {
    child.disconnect();
  }
}

await benchEntry(import.meta.url, { run, serve });
