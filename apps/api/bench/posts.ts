/**
 * GET /api/posts throughput: the real app (every middleware, the repository's sample content synced
 * into a temp SQLite file) beside a bare Express + better-sqlite3 handler that selects the same
 * rows and returns them as JSON, measured the same way in the same run.
 *
 * Both servers run in a child process and autocannon drives them from this one, so the load
 * generator does not steal the servers' event loop. Rounds alternate (app, bare, app, bare) and
 * the best round of each counts, which evens out noise from other work on a shared machine.
 *
 * `pnpm bench` runs it through bench/run.ts; `tsx bench/posts.ts` runs it alone.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchSite, startChildServer } from './child-server.js';
import express from 'express';
import { createApp } from '../src/app.js';

const CONNECTIONS = 16;
const ROUND_SECONDS = 4;
const WARMUP_SECONDS = 1;
const ROUNDS = 2;
const TARGET_RATIO = 0.8;

const here = fileURLToPath(import.meta.url);

/** Child side: boots both servers on loopback and reports their ports on stdout. */
async function serve() {
  const { db, deps } = benchSite('posts');
  const app = createApp(deps);

  // The baseline: what a hand-written endpoint over the same table would do.
  const bare = express();
  const rows = db.prepare(
    `SELECT id, title, slug, excerpt_short, excerpt_medium, excerpt_long, html AS content,
       featured_image_url, published_at AS date, category, sub_category, keywords, tags, author_id,
       author_name, author_avatar, status, reading_minutes
     FROM content_items
     WHERE kind = 'post' AND removed_at IS NULL AND status = 'published' AND published_at <= ?
     ORDER BY published_at DESC, id DESC`,
  );
  bare.get('/api/posts', (_req, res) => {
    res.json(rows.all(new Date().toISOString()));
  });

  const listen = (server: express.Express) =>
    new Promise<number>((resolve) => {
      const handle = server.listen(0, '127.0.0.1', () =>
        resolve((handle.address() as AddressInfo).port),
      );
    });
  const ports = { app: await listen(app), bare: await listen(bare) };
  process.stdout.write(
    `${JSON.stringify({ ports, posts: (rows.all(new Date().toISOString()) as unknown[]).length })}\n`,
  );
}

interface Round {
  requestsPerSecond: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  bytesPerResponse: number;
}

async function measure(url: string, seconds: number): Promise<Round> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: seconds });
  const total = result.requests.total || 1;
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerResponse: result.throughput.total / total,
  };
}

/** Parent side: starts the child, loads both servers in alternating rounds, prints the figures. */
export async function run(): Promise<void> {
  const { ready, stop } = await startChildServer<{
    ports: { app: number; bare: number };
    posts: number;
  }>(here);

  const urls = {
    app: `http://127.0.0.1:${ready.ports.app}/api/posts`,
    bare: `http://127.0.0.1:${ready.ports.bare}/api/posts`,
  };

  try {
    await measure(urls.app, WARMUP_SECONDS);
    await measure(urls.bare, WARMUP_SECONDS);
    const best: Partial<Record<'app' | 'bare', Round>> = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of ['app', 'bare'] as const) {
        const result = await measure(urls[name], ROUND_SECONDS);
        if (result.non2xx || result.errors) {
          throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
        }
        if (!best[name] || result.requestsPerSecond > best[name].requestsPerSecond)
          best[name] = result;
      }
    }
    const app = best.app!;
    const bare = best.bare!;
    const line = (name: string, r: Round) =>
      `${name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${r.p99Ms
        .toFixed(1)
        .padStart(6)} ms   ${(r.bytesPerResponse / 1024).toFixed(1)} kB/response`;
    console.log(
      `GET /api/posts: ${ready.posts} published posts, ${CONNECTIONS} connections, best of ${ROUNDS} x ${ROUND_SECONDS} s`,
    );
    console.log(line('quillpost app (full middleware stack)', app));
    console.log(line('bare express + better-sqlite3', bare));
    const ratio = app.requestsPerSecond / bare.requestsPerSecond;
    console.log(
      `app / bare: ${(ratio * 100).toFixed(0)}% (target ≥ ${TARGET_RATIO * 100}%) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}`,
    );
  } finally {
    stop();
  }
}

if (process.argv.includes('--serve')) {
  await serve();
} else if (process.argv[1] && path.resolve(process.argv[1]) === here) {
  await run();
}
