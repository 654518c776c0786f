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
import { fileURLToPath } from 'node:url';
import { benchEntry, benchSite, startChildServer } from './child-server.js';
import { bestOfAlternatingRounds, formatRatio, formatRound } from './rounds.js';
import express from 'express';
import { createApp } from '../src/app.js';

const PLAN = { connections: 16, rounds: 2, roundSeconds: 4, warmupSeconds: 1 };
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

/** Parent side: starts the child, loads both servers in alternating rounds, prints the figures. */
export async function run(): Promise<void> {
  const { ready, stop } = await startChildServer<{
    ports: { app: number; bare: number };
    posts: number;
  }>(here);

  try {
    const best = await bestOfAlternatingRounds(
      {
        app: { url: `http://127.0.0.1:${ready.ports.app}/api/posts` },
        bare: { url: `http://127.0.0.1:${ready.ports.bare}/api/posts` },
      },
      PLAN,
    );
    console.log(
      `GET /api/posts: ${ready.posts} published posts, ${PLAN.connections} connections, best of ${PLAN.rounds} x ${PLAN.roundSeconds} s`,
    );
    console.log(formatRound('quillpost app (full middleware stack)', best.app));
    console.log(formatRound('bare express + better-sqlite3', best.bare));
    const ratio = best.app.requestsPerSecond / best.bare.requestsPerSecond;
    console.log(formatRatio('app / bare', ratio, TARGET_RATIO));
  } finally {
    stop();
  }
}

await benchEntry(import.meta.url, { run, serve });
