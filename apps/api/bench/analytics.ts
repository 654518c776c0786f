/**
 * Page-view ingest: POST /api/analytics/hit through the whole app (every middleware, the
 * classification, the daily salt's hash, batched writes) against a bare Express handler that
 * inserts the same row per request into SQLite, in the same process and run. Readers come from
 * distinct addresses (through one trusted proxy) with a phone's and a computer's user agents.
 * `pnpm bench` runs it through bench/run.ts; `tsx bench/analytics.ts` runs it alone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { loadEnv } from '../src/env.js';
import { createLogger } from '../src/logger.js';
import { DevMailbox } from '../src/mail/dev-mailbox.js';
import { createCollector } from '../src/modules/analytics/index.js';
import { benchEntry } from './child-server.js';
import { runLoad, type LoadResult } from './load.js';
import { formatRatio } from './rounds.js';

const CONNECTIONS = 32;
const DURATION_MS = 4_000;
const ROUNDS = 2;
const TARGET_RATIO = 1.5;

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];

function listen(app: express.Express) {
  return new Promise<{ url: string; close(): void }>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => {
          server.closeAllConnections();
          server.close();
        },
      }),
    );
  });
}

/** The yardstick: the same row inserted by a hand-written handler, one write per request. */
function bareInsert(dir: string) {
  const db = openDatabase(path.join(dir, 'bare.db'));
  migrate(db);
  const insert = db.prepare(
    `INSERT INTO analytics_hits (day, path, source, device, browser, os, visitor)
     VALUES (?, ?, '', 'desktop', 'Chrome', 'Windows', ?)`,
  );
  const app = express();
  app.use(express.json({ limit: '4kb' }));
  app.post('/hit', (req, res) => {
    const body = req.body as { path: string };
    insert.run(new Date().toISOString().slice(0, 10), body.path, null);
    res.status(204).end();
  });
  return { app, db };
}

function row(name: string, result: LoadResult) {
  const counted = result.statuses[204] ?? 0;
  return `${name.padEnd(40)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s   p99 ${result.p99Ms.toFixed(2).padStart(6)} ms   ${counted}/${result.requests} answered 204`;
}

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-bench-analytics-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_PATH: path.join(dir, 'site.db'),
    TRUST_PROXY: '1',
  });
  const db = openDatabase(env.DATABASE_PATH);
  migrate(db);
  const logger = createLogger(env.LOG_LEVEL);
  const analytics = createCollector({ db, clock: systemClock, logger, retentionDays: 30 });
  const app = await listen(
    createApp({ env, db, clock: systemClock, logger, mailer: new DevMailbox(logger), analytics }),
  );
  const bare = bareInsert(dir);
  const bareServer = await listen(bare.app);

  const load = (url: string, durationMs: number) =>
    runLoad({
      url,
      connections: CONNECTIONS,
      durationMs,
      body: (i) => ({ path: `/posts/post-${i % 40}`, referrer: 'https://news.example/' }),
      // A new reader every request: the per-client limit is theirs, not the load generator's.
      headers: (i) => ({
        'X-Forwarded-For': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
        'User-Agent': AGENTS[i % AGENTS.length]!,
      }),
    });
  try {
    await load(`${app.url}/api/analytics/hit`, 500);
    await load(`${bareServer.url}/hit`, 500);
    let best: { app?: LoadResult; bare?: LoadResult } = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      const appRun = await load(`${app.url}/api/analytics/hit`, DURATION_MS);
      const bareRun = await load(`${bareServer.url}/hit`, DURATION_MS);
      if (!best.app || appRun.requestsPerSecond > best.app.requestsPerSecond) best.app = appRun;
      if (!best.bare || bareRun.requestsPerSecond > best.bare.requestsPerSecond)
        best = { ...best, bare: bareRun };
    }
    analytics.flush();
    const stored = db.prepare('SELECT COUNT(*) FROM analytics_hits').pluck().get() as number;
    console.log(
      `POST /api/analytics/hit: ${CONNECTIONS} connections, best of ${ROUNDS} x ${DURATION_MS / 1000} s; ${stored} views stored in all`,
    );
    console.log(row('quillpost app (batched writes)', best.app!));
    console.log(row('bare express + better-sqlite3 insert', best.bare!));
    console.log(
      formatRatio(
        'app / bare',
        best.app!.requestsPerSecond / best.bare!.requestsPerSecond,
        TARGET_RATIO,
      ),
    );
  } finally {
    app.close();
    bareServer.close();
    analytics.stop();
    db.close();
    bare.db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await benchEntry(import.meta.url, { run });
