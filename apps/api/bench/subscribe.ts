/**
 * Subscribe throughput: POST /api/auth/subscribe on the real app (temp SQLite file, the outbox
 * worker running and delivering to an SMTP sink on loopback) beside a bare Express +
 * better-sqlite3 insert handler, measured the same way in the same run. Then checks that every
 * accepted request left exactly one row, one outbox entry and one delivered mail.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import express from 'express';
import { createApp, createMailWorker } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { loadEnv } from '../src/env.js';
import { createLogger } from '../src/logger.js';
import { SmtpMailer } from '../src/mail/smtp-mailer.js';
import { benchEntry } from './child-server.js';
import { runLoad, type LoadResult } from './load.js';
import { formatRatio } from './rounds.js';
import { startSinkProcess } from './smtp-sink-process.js';

const CONNECTIONS = 32;
const DURATION_MS = 4_000;
const WARMUP_MS = 500;
/** Each side runs this often, alternating, and keeps its best run: the cores are shared. */
const ROUNDS = 2;

function listen(app: express.Express) {
  return new Promise<{ url: string; close: () => Promise<void> }>((resolve) => {
    const server = app.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

function row(name: string, result: LoadResult) {
  const ok = result.statuses[200] ?? 0;
  const ms = (value: number) => value.toFixed(2).padStart(7);
  return `${name.padEnd(38)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s   p50 ${ms(result.p50Ms)} ms   p99 ${ms(result.p99Ms)} ms   ${result.cpuMicrosPerRequest.toFixed(0).padStart(5)} µs CPU/req   ${ok}/${result.requests} ok`;
}

/** The yardstick: the least an HTTP subscribe can do, one insert into an indexed table. */
async function startBareBaseline(dir: string) {
  const db = openDatabase(path.join(dir, 'bare.db'));
  db.exec(
    'CREATE TABLE subscribers (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE, name TEXT, created_at TEXT NOT NULL)',
  );
  const insert = db.prepare('INSERT INTO subscribers (email, name, created_at) VALUES (?, ?, ?)');
  const app = express();
  app.use(express.json());
  app.post('/subscribe', (req, res) => {
    const body = req.body as { email: string; name?: string };
    insert.run(body.email, body.name ?? null, new Date().toISOString());
    res.json({ success: true });
  });
  const server = await listen(app);
  return {
    url: `${server.url}/subscribe`,
    async close() {
      await server.close();
      db.close();
    },
  };
}

const better = (a: LoadResult | undefined, b: LoadResult) =>
  !a || b.requestsPerSecond > a.requestsPerSecond ? b : a;

export async function run(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-bench-'));
  const sink = await startSinkProcess();
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_PATH: path.join(dir, 'site.db'),
    SMTP_URL: sink.url,
    // Every request comes from 127.0.0.1 to distinct addresses: lift the abuse limit per IP.
    RATE_LIMIT_IP_MAX: '100000000',
  });
  const db = openDatabase(env.DATABASE_PATH);
  migrate(db);
  const logger = createLogger(env.LOG_LEVEL);
  const mailer = new SmtpMailer({ url: sink.url, from: env.MAIL_FROM });
  const deps = { env, db, clock: systemClock, logger, mailer };
  const worker = createMailWorker(deps);
  worker.start();
  const server = await listen(createApp(deps));
  const bare = await startBareBaseline(dir);

  try {
    const load = (url: string, prefix: string, durationMs: number) =>
      runLoad({
        url,
        connections: CONNECTIONS,
        durationMs,
        body: (i) => ({
          email: `${prefix}-${i}@example.com`,
          name: 'Bench',
          turnstileToken: TURNSTILE_DUMMY_TOKEN,
        }),
      });
    const appUrl = `${server.url}/api/auth/subscribe`;
    await load(bare.url, 'warm', WARMUP_MS);
    const appRuns: LoadResult[] = [await load(appUrl, 'warm', WARMUP_MS)];
    let bareBest: LoadResult | undefined;
    let appBest: LoadResult | undefined;
    // The baseline only runs once the worker has delivered the app's previous mail, so that
    // work never lands on the bare handler's time.
    const undelivered = db.prepare(
      "SELECT COUNT(*) FROM mail_outbox WHERE status IN ('pending', 'sending')",
    );
    const outboxDrained = async () => {
      while ((undelivered.pluck().get() as number) > 0) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    };
    for (let round = 0; round < ROUNDS; round += 1) {
      await outboxDrained();
      bareBest = better(bareBest, await load(bare.url, `round${round}`, DURATION_MS));
      const appRun = await load(appUrl, `round${round}`, DURATION_MS);
      appRuns.push(appRun);
      appBest = better(appBest, appRun);
    }
    const baseline = bareBest!;
    const result = appBest!;

    // Every accepted request must have left one row and one outbox entry, and one mail arrives.
    const accepted = appRuns.reduce((sum, run) => sum + (run.statuses[200] ?? 0), 0);
    const failures = appRuns.reduce(
      (sum, run) => sum + run.requests - (run.statuses[200] ?? 0) + run.errors,
      0,
    );
    const rows = db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get() as number;
    const outbox = db.prepare('SELECT COUNT(*) FROM mail_outbox').pluck().get() as number;
    const deliveryStarted = performance.now();
    await sink.waitFor(accepted, 180_000);
    const deliveryMs = performance.now() - deliveryStarted;
    await new Promise((resolve) => setTimeout(resolve, 500)); // a duplicate would show up now
    const recipients = await sink.recipients();
    const distinct = new Set(recipients).size;
    const lost = accepted - distinct;
    const duplicated = recipients.length - distinct;

    console.log(
      `\nPOST /api/auth/subscribe: ${CONNECTIONS} connections, best of ${ROUNDS} x ${DURATION_MS / 1000} s, loopback, outbox worker delivering to an SMTP sink process`,
    );
    console.log(row('bare express + better-sqlite3 insert', baseline));
    console.log(row('quillpost subscribe (full stack)', result));
    console.log(
      formatRatio('app / bare', result.requestsPerSecond / baseline.requestsPerSecond, 0.5),
    );
    console.log(
      `accepted ${accepted}, rows ${rows}, outbox ${outbox}, mails delivered ${distinct} (${lost} lost, ${duplicated} duplicated, ${failures} failed requests); outbox drained ${deliveryMs.toFixed(0)} ms after the last run`,
    );
    if (rows !== accepted || outbox !== accepted || lost || duplicated || failures) {
      process.exitCode = 1;
      console.error('subscribe benchmark: rows, outbox or mail do not match the accepted requests');
    }
  } finally {
    await bare.close();
    await server.close();
    await worker.stop();
    await mailer.close();
    await sink.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await benchEntry(import.meta.url, { run });
