/**
 * Cookieless analytics (issue 25), three figures:
 *
 * 1. Page-view ingest: POST /api/analytics/hit as the server answers it (the beacon in front of
 *    Express: the same-site guard, the rate limit, validation, classification, the check that
 *    the path is a page of the site, the daily salt's hash, batched writes) against a bare
 *    Express handler that parses the same JSON and inserts the row per request, both in one child
 *    process and driven by autocannon from this one, in alternating rounds. Readers come from
 *    distinct addresses (through one trusted proxy) with a phone's and a computer's user agents,
 *    reading the site's real posts.
 * 2. What ingest costs readers: GET /api/posts p99 at a steady rate, at rest and while 2,000
 *    page views a second arrive.
 * 3. The dashboard's query over 30 days holding 1,000,000 views: all of them raw (no roll-up
 *    yet), and as production keeps them (29 days summed, today raw); and what a million views
 *    leave in the database once rolled up and past the retention.
 *
 * `pnpm bench` runs it through bench/run.ts; `tsx bench/analytics.ts` runs it alone.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import express from 'express';
import { pagePath } from '@quillpost/domain';
import { createApp, createPageViewBeacon } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { openDatabase, type Db } from '../src/db/connection.js';
import { migrate } from '../src/db/migrate.js';
import { createCollector } from '../src/modules/analytics/index.js';
import { createContentService } from '../src/modules/content/index.js';
import { trafficReport } from '../src/modules/analytics/admin-routes.js';
import { rollUp } from '../src/modules/analytics/store.js';
import { benchEntry, benchSite, startChildServer } from './child-server.js';
import { formatRatio } from './rounds.js';

const INGEST = { connections: 32, rounds: 2, seconds: 4, target: 1.5 };
const READERS = { connections: 8, overallRate: 200, seconds: 8, ingestRate: 2_000, target: 1.5 };
const DASHBOARD = { hits: 1_000_000, days: 30, targetMs: 200 };

interface Ready {
  ports: { app: number; bare: number };
  /** The posts of the bench's site, which readers read: a view of anything else is not counted. */
  pages: string[];
}

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
];

const here = fileURLToPath(import.meta.url);

/** Child side: the app (sample content, a collector) and the bare insert, on loopback. */
async function serve() {
  const { db, deps, logger } = benchSite('analytics', undefined, { TRUST_PROXY: '1' });
  const analytics = createCollector({ db, clock: systemClock, logger, retentionDays: 30 });
  // As boot.ts serves it: the beacon in front of Express.
  const beacon = createPageViewBeacon(deps, analytics);
  const app = createApp({ ...deps, analytics, beacon });
  const site = http.createServer((req, res) => beacon(req, res) || app(req, res));

  // The yardstick: the same row inserted by a hand-written handler, one write per request.
  const insert = db.prepare(
    `INSERT INTO analytics_hits (day, path, source, device, browser, os, visitor)
     VALUES (?, ?, '', 'desktop', 'Chrome', 'Windows', ?)`,
  );
  const bare = express();
  bare.use(express.json({ limit: '4kb' }));
  // The child's CPU time: both servers share it, and rounds take turns, so a round's share is
  // its server's cost.
  bare.get('/cpu', (_req, res) => {
    const { user, system } = process.cpuUsage();
    res.json({ micros: user + system });
  });
  bare.post('/hit', (req, res) => {
    const body = req.body as { path: string };
    insert.run(new Date().toISOString().slice(0, 10), body.path, null);
    res.status(204).end();
  });

  const listen = (server: http.Server) =>
    new Promise<number>((resolve) => {
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
    });
  const ports = { app: await listen(site), bare: await listen(http.createServer(bare)) };
  const pages = createContentService(deps)
    .rows('post')
    .map((post) => pagePath('post', { slug: post.slug }));
  process.stdout.write(`${JSON.stringify({ ports, pages } satisfies Ready)}\n`);
}

type ReaderRequests = ReturnType<typeof readerRequests>;

/**
 * Page views from many readers (address and agent) of the site's pages, prepared before the run:
 * a request built per send would make autocannon, not the server, the bottleneck.
 */
function readerRequests(pages: readonly string[]) {
  return Array.from({ length: 20_000 }, (_, i) => ({
    method: 'POST' as const,
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      'user-agent': AGENTS[i % AGENTS.length]!,
    },
    body: JSON.stringify({ path: pages[i % pages.length]!, referrer: 'https://news.example/' }),
  }));
}

function beacons(
  url: string,
  requests: ReaderRequests,
  options: { connections: number; seconds: number },
) {
  return autocannon({
    url,
    connections: options.connections,
    duration: options.seconds,
    requests,
  });
}

/** The same readers at a steady rate, each request taken in turn as it is sent. */
function pacedBeacons(
  url: string,
  requests: ReaderRequests,
  options: { seconds: number; rate: number },
) {
  let sent = 0;
  return autocannon({
    url,
    connections: 16,
    duration: options.seconds,
    overallRate: options.rate,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          ...requests[(sent += 1) % requests.length]!,
        }),
      },
    ],
  });
}

/**
 * A steady run with each answer's time kept to the microsecond: autocannon's own histogram counts
 * whole milliseconds, and a p99 at rest is often under one.
 */
function timedRun(
  options: autocannon.Options,
): Promise<{ result: autocannon.Result; p50: number; p99: number }> {
  return new Promise((resolve, reject) => {
    const times: number[] = [];
    const instance = autocannon(options, (error: unknown, result) => {
      if (error) return reject(error instanceof Error ? error : new Error(String(error)));
      times.sort((a, b) => a - b);
      const percentile = (p: number) =>
        times[Math.min(times.length - 1, Math.ceil(p * times.length) - 1)] ?? 0;
      resolve({ result, p50: percentile(0.5), p99: percentile(0.99) });
    });
    // The run's emitter passes the client first, which autocannon's typings leave out.
    (instance as NodeJS.EventEmitter).on('response', (_client, _status, _bytes, ms: number) => {
      times.push(ms);
    });
  });
}

function expectNoErrors(label: string, result: autocannon.Result) {
  if (result.non2xx || result.errors) {
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
}

/**
 * Requests a second and the server's CPU time per request. On two cores the load generator
 * takes one, and at full speed it is as busy as the server it drives: the requests a second both
 * servers reach say more about autocannon than about them. A server's own CPU time per request
 * says what one core of it can take (1 s / that time), which is the figure compared.
 */
async function ingest(ports: Ready['ports'], requests: ReaderRequests) {
  const urls = {
    app: `http://127.0.0.1:${ports.app}/api/analytics/hit`,
    bare: `http://127.0.0.1:${ports.bare}/hit`,
  };
  const cpu = async () =>
    ((await (await fetch(`http://127.0.0.1:${ports.bare}/cpu`)).json()) as { micros: number })
      .micros;
  for (const url of Object.values(urls)) {
    await beacons(url, requests, { connections: 8, seconds: 1 });
  }
  // Each server's best round by either measure: the least CPU a request, the most requests a second.
  const best = {
    app: { rate: 0, p99: 0, micros: Infinity },
    bare: { rate: 0, p99: 0, micros: Infinity },
  };
  for (let round = 0; round < INGEST.rounds; round += 1) {
    for (const name of ['app', 'bare'] as const) {
      const before = await cpu();
      const result = await beacons(urls[name], requests, INGEST);
      const micros = ((await cpu()) - before) / result.requests.total;
      expectNoErrors(name, result);
      best[name].micros = Math.min(best[name].micros, micros);
      if (result.requests.average > best[name].rate) {
        best[name] = { ...best[name], rate: result.requests.average, p99: result.latency.p99 };
      }
    }
  }
  const line = (label: string, name: 'app' | 'bare') =>
    `${label.padEnd(40)} ${best[name].rate.toFixed(0).padStart(6)} req/s   p99 ${best[name].p99.toFixed(1).padStart(5)} ms   ${best[name].micros.toFixed(0).padStart(4)} µs CPU/request = ${(1e6 / best[name].micros).toFixed(0)} req/s on one core`;
  console.log(
    `POST /api/analytics/hit: ${INGEST.connections} connections, best of ${INGEST.rounds} x ${INGEST.seconds} s`,
  );
  console.log(line('quillpost app (batched writes)', 'app'));
  console.log(line('bare express + better-sqlite3 insert', 'bare'));
  console.log(
    formatRatio('app / bare, per core', best.bare.micros / best.app.micros, INGEST.target),
  );
  // Here the load generator shares the machine, so this one says as much about autocannon.
  console.log(formatRatio('app / bare, requests/s', best.app.rate / best.bare.rate, INGEST.target));
}

async function readersWhileIngesting(port: number, requests: ReaderRequests) {
  const posts = `http://127.0.0.1:${port}/api/posts`;
  const steady = async () => {
    const run = await timedRun({
      url: posts,
      connections: READERS.connections,
      overallRate: READERS.overallRate,
      duration: READERS.seconds,
    });
    expectNoErrors('GET /api/posts', run.result);
    return run;
  };
  await autocannon({ url: posts, connections: READERS.connections, duration: 1 });
  const rest = await steady();
  const [busy, ingested] = await Promise.all([
    steady(),
    pacedBeacons(`http://127.0.0.1:${port}/api/analytics/hit`, requests, {
      seconds: READERS.seconds,
      rate: READERS.ingestRate,
    }),
  ]);
  expectNoErrors('beacons', ingested);
  const line = (label: string, run: { p50: number; p99: number }) =>
    `${label.padEnd(44)} p50 ${run.p50.toFixed(2).padStart(6)} ms   p99 ${run.p99.toFixed(2).padStart(6)} ms`;
  console.log(
    `GET /api/posts at ${READERS.overallRate} req/s, ${READERS.seconds} s each, at rest and while page views arrive:`,
  );
  console.log(line('at rest', rest));
  console.log(line('while page views are counted', busy));
  // Paced by autocannon on the same two cores: it may not reach the rate asked for. Pacing
  // itself loses a request or two a second, so within 2% is the rate.
  const achieved = ingested.requests.total / ingested.duration;
  const reached = achieved >= READERS.ingestRate * 0.98;
  console.log(
    `page views counted meanwhile: ${achieved.toFixed(0)}/s ${reached ? `(${READERS.ingestRate.toLocaleString('en')}/s within 2%) OK` : `FELL SHORT of ${READERS.ingestRate.toLocaleString('en')}/s: the ratio below is at a lower rate`}`,
  );
  const ratio = busy.p99 / rest.p99;
  console.log(
    `p99 ingesting / at rest: ${ratio.toFixed(2)}× (target ≤ ${READERS.target}×) ${ratio <= READERS.target ? 'OK' : 'ABOVE TARGET'}`,
  );
}

const DAY_MS = 86_400_000;
/** The dashboard's figures alone: subscriptions and accounts are other modules' rows. */
const NO_SIGNUPS = () => ({ subscribers: [], members: [] });
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A million views over 30 days: 400 pages read unevenly, 60 sources, a few device mixes. */
function fillHits(db: Db, today: string) {
  const insert = db.prepare(
    `INSERT INTO analytics_hits
       (day, hour, path, source, utm_source, device, browser, os, visitor, first_of_day,
        first_on_page)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const readers = [
    ['phone', 'Safari', 'iOS'],
    ['phone', 'Chrome', 'Android'],
    ['desktop', 'Chrome', 'Windows'],
    ['desktop', 'Firefox', 'Linux'],
    ['desktop', 'Safari', 'macOS'],
    ['tablet', 'Safari', 'iPadOS'],
  ] as const;
  const perDay = DASHBOARD.hits / DASHBOARD.days;
  let random = 42;
  const next = () => (random = (random * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
  db.transaction(() => {
    for (let d = DASHBOARD.days - 1; d >= 0; d -= 1) {
      const day = dayOf(Date.parse(today) - d * DAY_MS);
      // Marked as the collector marks them: a visitor's first view of the day, and of a page.
      const seen = new Set<string>();
      const seenOnPage = new Set<string>();
      for (let i = 0; i < perDay; i += 1) {
        // Squared: a few pages and sources get most of the views, as on any site.
        const page = Math.floor(next() ** 2 * 400);
        const source = Math.floor(next() ** 2 * 60);
        const [device, browser, os] = readers[Math.floor(next() * readers.length)]!;
        const visitor = Math.floor(next() * perDay * 0.4).toString(16);
        const path = `/posts/post-${page}`;
        const first = seen.has(visitor) ? 0 : 1;
        const firstOnPage = seenOnPage.has(`${visitor} ${path}`) ? 0 : 1;
        seen.add(visitor);
        seenOnPage.add(`${visitor} ${path}`);
        insert.run(
          day,
          Math.floor(next() * 24),
          path,
          source === 0 ? '' : `source-${source}.example`,
          source % 7 === 0 ? 'mastodon' : null,
          device,
          browser,
          os,
          visitor,
          first,
          firstOnPage,
        );
      }
    }
  })();
}

function dashboardQuery() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-bench-dashboard-'));
  const file = path.join(dir, 'site.db');
  const db = openDatabase(file);
  const size = () => {
    db.pragma('wal_checkpoint(TRUNCATE)');
    return fs.statSync(file).size;
  };
  try {
    migrate(db);
    db.exec('VACUUM');
    const empty = size();
    const today = dayOf(Date.now());
    const filled = performance.now();
    fillHits(db, today);
    const fillSeconds = (performance.now() - filled) / 1000;
    const raw = size();

    const range = { from: dayOf(Date.parse(today) - (DASHBOARD.days - 1) * DAY_MS), to: today };
    /** The median of `runs` reports. */
    const time = (query: Parameters<typeof trafficReport>[1], runs = 7) => {
      const times: number[] = [];
      for (let i = 0; i < runs; i += 1) {
        const begun = performance.now();
        trafficReport({ db, startPaths: NO_SIGNUPS, pageTitle: () => null }, query);
        times.push(performance.now() - begun);
      }
      return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
    };
    const onePage = { ...range, path: '/posts/post-3' };
    // Before any roll-up every day is read from its raw views: a site whose roll-up never ran.
    const rawSite = time(range, 3);
    const rawPage = time(onePage, 3);

    const rolled = performance.now();
    rollUp(db, today, dayOf(Date.parse(today) - DASHBOARD.days * DAY_MS));
    const rollSeconds = (performance.now() - rolled) / 1000;
    const site = time(range);
    const page = time(onePage);
    const hourly = time({
      from: `${dayOf(Date.parse(today) - DAY_MS)}T12`,
      to: `${today}T11`,
    });

    // Past the retention every raw view is gone and only the sums remain.
    db.prepare('DELETE FROM analytics_hits').run();
    db.exec('VACUUM');
    const summed = size();
    const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(
      `Dashboard: ${DASHBOARD.hits.toLocaleString('en')} views over ${DASHBOARD.days} days (written in ${fillSeconds.toFixed(1)} s, rolled up in ${rollSeconds.toFixed(1)} s):`,
    );
    const verdict = (ms: number) =>
      `(target ≤ ${DASHBOARD.targetMs} ms) ${ms <= DASHBOARD.targetMs ? 'OK' : 'ABOVE TARGET'}`;
    console.log(
      `  30 days all raw, no roll-up (median of 3): whole site ${rawSite.toFixed(1)} ms ${verdict(rawSite)}; one page ${rawPage.toFixed(1)} ms`,
    );
    console.log(
      `  as kept, 29 days summed + today raw (median of 7): whole site ${site.toFixed(1)} ms ${verdict(site)}; one page ${page.toFixed(1)} ms; last 24 hours by hour ${hourly.toFixed(1)} ms`,
    );
    console.log(
      `  database: ${mb(empty)} empty, ${mb(raw)} with the raw views, ${mb(summed)} once they are only sums: ${mb(summed - empty)} per million views`,
    );
  } finally {
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  const { ready, stop } = await startChildServer<Ready>(here);
  try {
    const requests = readerRequests(ready.pages);
    await ingest(ready.ports, requests);
    await readersWhileIngesting(ready.ports.app, requests);
  } finally {
    stop();
  }
  dashboardQuery();
}

await benchEntry(import.meta.url, { run, serve });
