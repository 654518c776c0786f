/**
 * A post as a server-rendered page beside the same post as JSON: the production app (the web
 * build's renderer, every middleware, the repository's sample content in a temp SQLite file)
 * serving GET /posts/{slug} to a browser and GET /api/posts/{slug} to the app, measured the same
 * way in the same run. Anonymous pages are rendered once per content version and then served
 * from memory, so the page should cost about what the JSON does.
 *
 * The server runs in a child process and autocannon drives it from this one; rounds alternate
 * and the best of each counts. Needs the web build (`pnpm build`).
 * `pnpm bench` runs it through bench/run.ts; `tsx bench/pages.ts` runs it alone.
 */
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchSite, startChildServer } from './child-server.js';
import { createApp } from '../src/app.js';
import { loadBuiltPages } from '../src/modules/pages/index.js';

const CONNECTIONS = 50;
const ROUND_SECONDS = 4;
const WARMUP_SECONDS = 1;
const ROUNDS = 2;
const TARGET_RATIO = 0.8;
const SLUG = 'why-i-write-in-public';

const here = fileURLToPath(import.meta.url);

/** Child side: boots the app with the web build on loopback and reports its port. */
async function serve() {
  const { env, deps } = benchSite('pages');
  const pages = await loadBuiltPages(env.WEB_DIST_DIR, {
    publicUrl: env.PUBLIC_URL,
  });
  if (!pages) {
    process.stdout.write(`${JSON.stringify({ missing: env.WEB_DIST_DIR })}\n`);
    process.exit(0);
  }
  const app = createApp({ ...deps, pages });
  const server = app.listen(0, '127.0.0.1', () => {
    const { port } = server.address() as AddressInfo;
    process.stdout.write(`${JSON.stringify({ port })}\n`);
  });
}

interface Round {
  requestsPerSecond: number;
  p99Ms: number;
  kBPerResponse: number;
}

async function measure(
  url: string,
  headers: Record<string, string>,
  seconds: number,
): Promise<Round> {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: seconds });
  if (result.non2xx || result.errors) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  return {
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    kBPerResponse: result.throughput.total / (result.requests.total || 1) / 1024,
  };
}

/** Parent side: starts the child, loads page and JSON in alternating rounds, prints the figures. */
export async function run(): Promise<void> {
  const { ready, stop } = await startChildServer<{ port?: number; missing?: string }>(here);

  if (!ready.port) {
    console.log(`GET /posts/${SLUG}: skipped, no web build in ${ready.missing} (pnpm build)`);
    return;
  }
  const base = `http://127.0.0.1:${ready.port}`;
  const targets = {
    page: { url: `${base}/posts/${SLUG}`, headers: { accept: 'text/html' } },
    json: { url: `${base}/api/posts/${SLUG}`, headers: { accept: 'application/json' } },
  };

  try {
    for (const { url, headers } of Object.values(targets)) {
      await measure(url, headers, WARMUP_SECONDS);
    }
    const best: Partial<Record<keyof typeof targets, Round>> = {};
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const name of ['page', 'json'] as const) {
        const result = await measure(targets[name].url, targets[name].headers, ROUND_SECONDS);
        if (!best[name] || result.requestsPerSecond > best[name].requestsPerSecond)
          best[name] = result;
      }
    }
    const line = (name: string, r: Round) =>
      `${name.padEnd(40)} ${r.requestsPerSecond.toFixed(0).padStart(7)} req/s   p99 ${r.p99Ms
        .toFixed(1)
        .padStart(6)} ms   ${r.kBPerResponse.toFixed(1)} kB/response`;
    console.log(
      `A post, ${CONNECTIONS} connections, best of ${ROUNDS} x ${ROUND_SECONDS} s, uncompressed`,
    );
    console.log(line(`GET /posts/${SLUG} (HTML)`, best.page!));
    console.log(line(`GET /api/posts/${SLUG} (JSON)`, best.json!));
    const ratio = best.page!.requestsPerSecond / best.json!.requestsPerSecond;
    console.log(
      `page / JSON: ${(ratio * 100).toFixed(0)}% (target ≥ ${TARGET_RATIO * 100}%) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}`,
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
