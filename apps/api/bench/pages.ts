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
import { fileURLToPath } from 'node:url';
import { benchEntry, benchSite, startChildServer } from './child-server.js';
import { bestOfAlternatingRounds, formatRatio, formatRound } from './rounds.js';
import { createApp } from '../src/app.js';
import { loadBuiltPages } from '../src/modules/pages/index.js';

const PLAN = { connections: 50, rounds: 2, roundSeconds: 4, warmupSeconds: 1 };
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

/** Parent side: starts the child, loads page and JSON in alternating rounds, prints the figures. */
export async function run(): Promise<void> {
  const { ready, stop } = await startChildServer<{ port?: number; missing?: string }>(here);

  if (!ready.port) {
    console.log(`GET /posts/${SLUG}: skipped, no web build in ${ready.missing} (pnpm build)`);
    return;
  }
  const base = `http://127.0.0.1:${ready.port}`;
  try {
    const best = await bestOfAlternatingRounds(
      {
        page: { url: `${base}/posts/${SLUG}`, headers: { accept: 'text/html' } },
        json: { url: `${base}/api/posts/${SLUG}`, headers: { accept: 'application/json' } },
      },
      PLAN,
    );
    console.log(
      `A post, ${PLAN.connections} connections, best of ${PLAN.rounds} x ${PLAN.roundSeconds} s, uncompressed`,
    );
    console.log(formatRound(`GET /posts/${SLUG} (HTML)`, best.page));
    console.log(formatRound(`GET /api/posts/${SLUG} (JSON)`, best.json));
    const ratio = best.page.requestsPerSecond / best.json.requestsPerSecond;
    console.log(formatRatio('page / JSON', ratio, TARGET_RATIO));
  } finally {
    stop();
  }
}

await benchEntry(import.meta.url, { run, serve });
