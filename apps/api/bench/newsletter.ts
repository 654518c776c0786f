/**
 * Newsletter send: one issue to 10,000 subscribers into an SMTP sink on loopback, while GET
 * /api/posts is measured against the same process, at rest and during the send.
 *
 * Three processes, so each measures what it should: the API in a child, built as server.ts
 * builds it (the app, and the newsletter sender on one event loop with its SMTP pool on a worker
 * thread); the SMTP sink in another, at a lower priority and without MIME parsing, standing in for
 * a relay on another machine (newsletter-sink.ts); the page load from this one, at a steady rate
 * of requests (an open loop: a slow answer does not slow the arrivals, so waiting shows in p99).
 * At-rest samples are taken before and after the send and pooled.
 *
 * `pnpm bench` runs it through bench/run.ts; `tsx bench/newsletter.ts` runs it alone.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { createApp, createNewsletterSender } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { openDatabase } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { loadEnv } from '../src/env.js';
import { createLogger } from '../src/logger.js';
import { ThreadedMailer } from '../src/mail/threaded-mailer.js';
import { syncContent } from '../src/modules/content/index.js';
import {
  createIssue,
  findIssue,
  progressOf,
  publishedItems,
  send,
} from '../src/modules/newsletter/index.js';
import { readers, seedSubscribers } from '../src/test-support/newsletter.js';
import { benchEntry } from './child-server.js';
import { startCountingSink } from './newsletter-sink.js';
import { pageLoad, pooled, sleep } from './open-loop.js';

const SUBSCRIBERS = 10_000;
/** The sender's settings for the run (production reads them from NEWSLETTER_* variables). */
const SENDER = { concurrency: 10, ratePerSecond: 300, batchSize: 100 };
/** Page requests per second while measuring, and how long the at-rest sample lasts. */
const PAGE_RATE = 200;
const REST_MS = 6_000;
const TARGETS = { seconds: 60, latencyRatio: 2 };

const here = fileURLToPath(import.meta.url);
const contentDir = path.resolve(path.dirname(here), '../../../tests/fixtures/content');

type ToChild = { type: 'send' };
type FromChild =
  | { type: 'ready'; port: number; subscribers: number }
  | {
      type: 'sent';
      status: string;
      seconds: number;
      sent: number;
      total: number;
      eventLoopP99Ms: number;
      restEventLoopP99Ms: number;
    };

/** Child side: the app and the sender on one event loop, over a temp SQLite file. */
async function serve(smtpUrl: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-bench-newsletter-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_PATH: path.join(dir, 'site.db'),
    CONTENT_DIR: contentDir,
    MAIL_FROM: 'newsletter@example.test',
  });
  const logger = createLogger(env.LOG_LEVEL);
  const db = openDatabase(env.DATABASE_PATH);
  migrate(db);
  syncContent(db, env.CONTENT_DIR, systemClock, logger);
  seedSubscribers(db, readers(SUBSCRIBERS));
  // As server.ts builds it: the bulk pool on a worker thread.
  const mailer = new ThreadedMailer({
    url: smtpUrl,
    from: env.MAIL_FROM,
    maxConnections: SENDER.concurrency,
  });
  const deps = { env, db, clock: systemClock, logger, mailer };
  const app = createApp(deps);
  // Event-loop delay at rest (from now until the send starts), then during the send.
  const restDelay = monitorEventLoopDelay({ resolution: 10 });
  restDelay.enable();
  const server = app.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.send!({ type: 'ready', port, subscribers: SUBSCRIBERS } satisfies FromChild);
  });

  process.on('message', (message: ToChild) => {
    if (message.type !== 'send') return;
    void (async () => {
      const slug = publishedItems(db, 'post', new Date().toISOString()).find(
        (row) => row.category === 'build',
      )!.slug;
      const newsletter = { db, clock: systemClock, logger, mailer, env };
      const issue = createIssue(newsletter, { kind: 'post', slug }, null);
      restDelay.disable();
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const started = performance.now();
      send(newsletter, issue.id, null);
      const sender = createNewsletterSender(deps, SENDER);
      const result = await sender.runIssue(issue.id);
      const seconds = (performance.now() - started) / 1000;
      delay.disable();
      const progress = progressOf(db, findIssue(db, issue.id)!);
      process.send!({
        type: 'sent',
        status: result.status,
        seconds,
        sent: progress.sent,
        total: progress.total,
        eventLoopP99Ms: delay.percentile(99) / 1e6,
        restEventLoopP99Ms: restDelay.percentile(99) / 1e6,
      } satisfies FromChild);
    })();
  });
  process.on('disconnect', () => {
    server.closeAllConnections();
    server.close();
    void mailer.close().then(() => {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
}

export async function run(): Promise<void> {
  const sink = await startCountingSink();
  const child: ChildProcess = fork(here, ['--serve', sink.url], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await new Promise<Extract<FromChild, { type: 'ready' }>>((resolve, reject) => {
      child.once('message', (message: FromChild) => {
        if (message.type === 'ready') resolve(message);
      });
      child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
    });
    const url = `http://127.0.0.1:${ready.port}/api/posts`;

    await pageLoad(url, PAGE_RATE, sleep(1_000)); // warm-up
    // At rest before and after the send, pooled: the machine's own load drifts over a minute.
    const restBefore = await pageLoad(url, PAGE_RATE, sleep(REST_MS));

    const sent = new Promise<Extract<FromChild, { type: 'sent' }>>((resolve) => {
      child.on('message', (message: FromChild) => {
        if (message.type === 'sent') resolve(message);
      });
    });
    child.send({ type: 'send' } satisfies ToChild);
    const during = await pageLoad(url, PAGE_RATE, sent);
    const result = await sent;
    const restAfter = await pageLoad(url, PAGE_RATE, sleep(REST_MS));
    const rest = pooled(restBefore, restAfter);

    const received = await sink.waitFor(SUBSCRIBERS, 10_000);
    const complete =
      received.messages === SUBSCRIBERS &&
      received.uniqueRecipients === SUBSCRIBERS &&
      received.uniqueMessageIds === SUBSCRIBERS;
    const ms = (value: number) => `${value.toFixed(2)} ms`;
    const ratio = during.p99 / rest.p99;
    console.log(
      `Newsletter: 1 issue to ${ready.subscribers.toLocaleString('en')} subscribers, concurrency ${SENDER.concurrency}, ${SENDER.ratePerSecond} messages/s cap, batches of ${SENDER.batchSize}`,
    );
    console.log(
      `  delivered ${result.sent.toLocaleString('en')}/${result.total.toLocaleString('en')} (${result.status}) in ${result.seconds.toFixed(1)} s = ${(result.sent / result.seconds).toFixed(0)} messages/s; the sink got ${received.messages.toLocaleString('en')} mails for ${received.uniqueRecipients.toLocaleString('en')} addresses with ${received.uniqueMessageIds.toLocaleString('en')} Message-IDs (target < ${TARGETS.seconds} s, each once) ${result.seconds < TARGETS.seconds && complete ? 'OK' : 'MISSED'}`,
    );
    console.log(
      `  GET /api/posts at ${PAGE_RATE} req/s: at rest p50 ${ms(rest.p50)} p99 ${ms(rest.p99)} (${rest.requests} requests); during the send p50 ${ms(during.p50)} p99 ${ms(during.p99)} (${during.requests} requests, ${during.failures} failed)`,
    );
    console.log(
      `  p99 during / at rest: ${ratio.toFixed(2)}x (target ≤ ${TARGETS.latencyRatio}x) ${ratio <= TARGETS.latencyRatio ? 'OK' : 'OVER'}; API event-loop delay p99 at rest ${ms(result.restEventLoopP99Ms)}, during the send ${ms(result.eventLoopP99Ms)}`,
    );
  } finally {
    child.disconnect();
    await sink.close();
  }
}

await benchEntry(import.meta.url, { run, serve });
