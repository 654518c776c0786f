/**
 * The social web under load (issue 38): posts delivered to 10,000 followers on 500 servers,
 * and signed activities taken in by the site's inbox.
 *
 * Three processes, as in the newsletter bench. The site in a child, built as server.ts builds it
 * (the app and its fediverse account, the delivery queue on its own thread as the server's is,
 * over a temp SQLite file), its followers inserted straight into its table. A peer farm in
 * another, in Linux's idle class (nice 10 where chrt is missing), standing in for 500 servers
 * elsewhere, which take none of the site's time slices: 500 loopback addresses
 * (127.0.1.1 to 127.0.2.250), each a server with a shared inbox that verifies every delivery's
 * HTTP signature as a Fedify peer does (the site's key fetched once from its actor, then cached)
 * and counts it, and with 20 accounts each (their actors carry one key, shared by all, 2048-bit
 * RSA as Mastodon's are). Readers' GET / (the home page from the web build; GET /api/posts
 * without one) from this process at a steady rate, at rest before and after the fan-outs
 * (pooled) and during the fan-outs of six posts published one after another (pooled).
 * Publishing itself (the post's file synced, the new home page made for its first reader) comes
 * before each window and is printed apart: it costs the same with no follower.
 *
 * Then inbox ingest: Likes signed draft-cavage by the farm's accounts (as Mastodon signs), sent
 * to the site's shared inbox and, the same requests, to a bare Express handler in the site's
 * process that only verifies the signature with Fedify (keys cached in memory) and answers 202.
 * The site answers once the activity is queued; it is taken in when its like is stored. The
 * inbox limits are lifted for the run: from one address, 3,000 per 5 minutes would refuse most.
 *
 * `pnpm bench` runs it through bench/run.ts; `tsx bench/fediverse-fanout.ts` runs it alone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import express from 'express';
import {
  exportJwk,
  getDocumentLoader,
  importJwk,
  signRequest,
  verifyRequest,
  type KeyCache,
} from '@fedify/fedify';
import { CryptographicKey } from '@fedify/vocab';
import { ITEM_BASE_PATHS } from '@quillpost/domain';
import { createApp } from '../src/app.js';
import { systemClock } from '../src/clock.js';
import { inTransaction, statement } from '../src/db/statements.js';
import { syncContent } from '../src/modules/content/index.js';
import { createFediverse, reactionCounts } from '../src/modules/fediverse/index.js';
import { publishedItems } from '../src/modules/newsletter/index.js';
import { inIdleClass } from '../src/modules/images/worker-process.js';
import { loadBuiltPages } from '../src/modules/pages/index.js';
import { freePort } from '../src/test-support/free-port.js';
import { benchEntry, benchSite } from './child-server.js';
import { runLoad } from './load.js';
import { pageLoad, pooled, sleep } from './open-loop.js';

const SERVERS = 500;
const ACCOUNTS_PER_SERVER = 20;
/** Readers' page requests per second while measuring, and how long each at-rest sample lasts. */
const PAGE_RATE = 100;
const REST_MS = 6_000;
/**
 * Posts published one after another, each to every follower; their windows are pooled. On a fast
 * machine one fan-out is over in under 2 s, some 150 requests: their p99 is their second worst.
 */
const FAN_OUTS = 6;
/** A fan-out not done by then is reported as it stands. */
const FAN_OUT_LIMIT_MS = 180_000;
/** Likes per ingest round (from as many accounts), and requests in flight at once. */
const INGEST = { activities: 2_000, connections: 16 };
const TARGETS = { latencyRatio: 1.5 };
const LIFTED = { max: 1_000_000, windowMs: 60_000 };

const here = fileURLToPath(import.meta.url);
const fixtures = path.resolve(path.dirname(here), '../../../tests/fixtures/content');

interface DeliveryStats {
  deliveries: number;
  verified: number;
  /** Distinct inboxes delivered to. */
  inboxes: number;
  firstAt: number | null;
  lastAt: number | null;
  /** The farm's own time on its deliveries, arrival to answer, summed (its verifying included). */
  answeringMs: number;
}

/** `reset`: the next fan-out is counted from nothing. */
type ToFarm = { type: 'stats' } | { type: 'reset' };
type FromFarm =
  | { type: 'ready'; origins: string[]; accountKey: JsonWebKey }
  | ({ type: 'stats' } & DeliveryStats)
  | { type: 'reset' };
type ToSite =
  | { type: 'follow'; origins: string[] }
  | { type: 'write'; round: number }
  | { type: 'publish' }
  | { type: 'loop' }
  | { type: 'likes'; slug: string };
type FromSite =
  | {
      type: 'ready';
      url: string;
      barePort: number;
      page: string;
      /** The posts liked in the warm-up and the measured round. */
      slugs: [string, string];
    }
  | { type: 'follow'; followers: number }
  | { type: 'write'; syncMs: number }
  | { type: 'publish'; at: number; queuedMs: number }
  | { type: 'loop'; eventLoopP99Ms: number; cpuMs: number }
  | { type: 'likes'; likes: number };

/** A farm account's actor, with the public key every farm account shares. */
async function farmActor(id: string, publicKey: CryptoKey) {
  const key = new CryptographicKey({
    id: new URL(`${id}#main-key`),
    owner: new URL(id),
    publicKey,
  });
  return {
    '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
    id,
    type: 'Person',
    preferredUsername: id.split('/').at(-1),
    inbox: `${id}/inbox`,
    endpoints: { sharedInbox: `${new URL(id).origin}/inbox` },
    publicKey: await key.toJsonLd({ format: 'compact' }),
  };
}

/** Keys fetched once and kept in memory, as a peer's key cache does. */
function memoryKeyCache(): KeyCache {
  const keys = new Map<string, Awaited<ReturnType<KeyCache['get']>>>();
  return {
    get: (keyId) => Promise.resolve(keys.get(keyId.href)),
    set: (keyId, key) => {
      keys.set(keyId.href, key);
      return Promise.resolve();
    },
  };
}

/** A node request as a fetch Request for Fedify, at `url`. */
function fetchRequest(req: http.IncomingMessage, url: string, body: Buffer): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  return new Request(url, { method: req.method, headers, body: new Uint8Array(body) });
}

const readBody = async (req: http.IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** Farm side: 500 servers on loopback addresses, each verifying and counting what it gets. */
async function serveFarm() {
  os.setPriority(process.pid, 10);
  const accountKeys = await crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  );
  const documentLoader = getDocumentLoader({ allowPrivateAddress: true });
  const keyCache = memoryKeyCache();
  const nothingYet = (): DeliveryStats => ({
    deliveries: 0,
    verified: 0,
    inboxes: 0,
    firstAt: null,
    lastAt: null,
    answeringMs: 0,
  });
  let stats = nothingYet();
  const inboxes = new Set<string>();

  const origins = await Promise.all(
    Array.from({ length: SERVERS }, async (_, i) => {
      const address = `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;
      const server = http.createServer((req, res) => void answer(req, res));
      await new Promise<void>((resolve) => server.listen(0, address, resolve));
      const origin = `http://${address}:${(server.address() as AddressInfo).port}`;
      async function answer(req: http.IncomingMessage, res: http.ServerResponse) {
        const arrived = performance.now();
        const body = await readBody(req);
        if (req.method === 'GET' && /^\/users\/u\d+$/.test(req.url ?? '')) {
          const actor = await farmActor(`${origin}${req.url}`, accountKeys.publicKey);
          res.writeHead(200, { 'Content-Type': 'application/activity+json' });
          return res.end(JSON.stringify(actor));
        }
        if (req.method !== 'POST' || req.url !== '/inbox') return res.writeHead(404).end();
        const signer = await verifyRequest(fetchRequest(req, `${origin}${req.url}`, body), {
          documentLoader,
          keyCache,
        });
        stats.deliveries += 1;
        if (signer) stats.verified += 1;
        inboxes.add(`${origin}${req.url}`);
        stats.inboxes = inboxes.size;
        stats.firstAt ??= Date.now();
        stats.lastAt = Date.now();
        res.writeHead(signer ? 202 : 401).end();
        stats.answeringMs += performance.now() - arrived;
      }
      return origin;
    }),
  );

  process.on('message', (message: ToFarm) => {
    if (message.type === 'reset') {
      stats = nothingYet();
      inboxes.clear();
    }
    // The bench may have ended between the question and the answer.
    if (!process.connected) return;
    process.send!(
      (message.type === 'stats' ? { type: 'stats', ...stats } : message) satisfies FromFarm,
    );
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({
    type: 'ready',
    origins,
    accountKey: await exportJwk(accountKeys.privateKey),
  } satisfies FromFarm);
}

/**
 * Site side: the app and its fediverse account (deliveries on their own thread), and the bare
 * verifier.
 */
async function serveSite() {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-bench-fanout-content-'));
  fs.cpSync(fixtures, contentDir, { recursive: true });
  const { env, db, logger, deps } = benchSite('fediverse', contentDir, {
    PUBLIC_URL: url,
    WEB_ORIGIN: url,
    FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
  });
  const pages = await loadBuiltPages(env.WEB_DIST_DIR, { publicUrl: url });
  const fediverse = createFediverse(deps, {
    inboxLimits: { perClient: LIFTED, perServer: LIFTED },
    deliveryThread: true,
  });
  const app = createApp({ ...deps, pages: pages ?? undefined, fediverse });
  app.listen(port, '127.0.0.1');
  fediverse.start();
  await fediverse.federation();
  // The sample's posts are recorded as sent, with nobody yet to send them to.
  await fediverse.published();

  const documentLoader = getDocumentLoader({ allowPrivateAddress: true });
  const keyCache = memoryKeyCache();
  const bare = express();
  bare.post('/ap/inbox', express.raw({ type: () => true, limit: '1mb' }), (req, res, next) => {
    verifyRequest(fetchRequest(req, `${url}${req.originalUrl}`, req.body as Buffer), {
      documentLoader,
      keyCache,
    }).then((signer) => res.status(signer ? 202 : 401).end(), next);
  });
  const bareServer = bare.listen(0, '127.0.0.1');
  await new Promise((resolve) => bareServer.once('listening', resolve));

  const posts = publishedItems(db, 'post', new Date().toISOString());
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  let cpuSince = process.cpuUsage();
  const send = (message: FromSite) => process.connected && process.send!(message);

  process.on('message', (message: ToSite) => {
    void (async () => {
      switch (message.type) {
        case 'follow': {
          const insert = statement(
            db,
            `INSERT INTO fediverse_followers (actor_id, inbox, shared_inbox, host, follow_id, followed_at)
             VALUES (?, ?, ?, ?, NULL, ?)`,
          );
          const now = new Date().toISOString();
          inTransaction(db, () => {
            for (const origin of message.origins) {
              for (let account = 0; account < ACCOUNTS_PER_SERVER; account += 1) {
                const actor = `${origin}/users/u${account}`;
                insert.run(actor, `${actor}/inbox`, `${origin}/inbox`, new URL(origin).host, now);
              }
            }
          });
          const followers = statement(db, 'SELECT count(*) FROM fediverse_followers')
            .pluck()
            .get() as number;
          return send({ type: 'follow', followers });
        }
        case 'write': {
          // Publishing itself, the same with no follower: the post's file, and the sync.
          const started = performance.now();
          fs.writeFileSync(
            path.join(contentDir, 'posts', `to-ten-thousand-followers-${message.round}.md`),
            `---\ntitle: To ten thousand followers, ${message.round}\ndate: ${new Date().toISOString()}\ncategory: build\ntags: [fediverse]\n---\n\nOne post, five hundred servers.\n`,
          );
          syncContent(db, contentDir, systemClock, logger);
          return send({ type: 'write', syncMs: performance.now() - started });
        }
        case 'publish': {
          const at = Date.now();
          delay.reset();
          cpuSince = process.cpuUsage();
          await fediverse.published();
          return send({ type: 'publish', at, queuedMs: Date.now() - at });
        }
        case 'loop': {
          const eventLoopP99Ms = delay.percentile(99) / 1e6;
          const cpu = process.cpuUsage(cpuSince);
          delay.reset();
          cpuSince = process.cpuUsage();
          return send({ type: 'loop', eventLoopP99Ms, cpuMs: (cpu.user + cpu.system) / 1000 });
        }
        case 'likes': {
          const post = posts.find((row) => row.slug === message.slug)!;
          return send({ type: 'likes', likes: reactionCounts(db, post.id).likes });
        }
      }
    })();
  });
  // benchSite's own disconnect handler closes the database and exits, at once.
  process.on('exit', () => fs.rmSync(contentDir, { recursive: true, force: true }));
  send({
    type: 'ready',
    url,
    barePort: (bareServer.address() as AddressInfo).port,
    page: pages ? '/' : '/api/posts',
    slugs: [posts[0]!.slug, posts[1]!.slug],
  });
}

/**
 * A child process of this bench, asked one thing at a time; with `elsewhere`, in Linux's idle
 * class, where it takes only the time the site leaves.
 */
function child<To extends { type: string }, From extends { type: string }>(
  role: string,
  { elsewhere = false } = {},
) {
  const node = [process.execPath, '--import', 'tsx', here, '--serve', role];
  const [command, ...args] = elsewhere ? inIdleClass(node) : node;
  const worker: ChildProcess = spawn(command!, args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const waiting = new Set<(error: Error) => void>();
  worker.once('exit', (code) => {
    for (const fail of waiting) fail(new Error(`bench ${role} exited with ${code}`));
  });
  const next = <Type extends From['type']>(type: Type) =>
    new Promise<Extract<From, { type: Type }>>((resolve, reject) => {
      const onMessage = (message: From) => {
        if (message.type !== type) return;
        worker.off('message', onMessage);
        waiting.delete(reject);
        resolve(message as Extract<From, { type: Type }>);
      };
      worker.on('message', onMessage);
      waiting.add(reject);
    });
  return {
    next,
    /** Sends `message`; resolves with the child's answer of the same type. */
    ask<Message extends To & { type: From['type'] }>(message: Message) {
      const answer = next<Message['type']>(message.type);
      worker.send(message as object);
      return answer;
    },
    stop: () => worker.disconnect(),
  };
}

/** Likes of `post` from the farm's first `count` accounts, signed draft-cavage for `inbox`. */
async function signedLikes(
  origins: string[],
  accountKey: CryptoKey,
  inbox: string,
  post: string,
  round: string,
) {
  return Promise.all(
    Array.from({ length: INGEST.activities }, async (_, i) => {
      const origin = origins[i % origins.length]!;
      const actor = `${origin}/users/u${Math.floor(i / origins.length)}`;
      const json = {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${actor}#likes/${round}`,
        type: 'Like',
        actor,
        object: post,
      };
      const signed = await signRequest(
        new Request(inbox, {
          method: 'POST',
          headers: { 'Content-Type': 'application/activity+json' },
          body: JSON.stringify(json),
        }),
        accountKey,
        new URL(`${actor}#main-key`),
        { spec: 'draft-cavage-http-signatures-12' },
      );
      const headers: Record<string, string> = {};
      signed.headers.forEach((value, name) => {
        headers[name === 'content-type' ? 'Content-Type' : name] = value;
      });
      return { json, headers };
    }),
  );
}

/** Sends every signed request once to `base`'s shared inbox; answers the rate and refusals. */
async function ingest(base: string, requests: Awaited<ReturnType<typeof signedLikes>>) {
  const result = await runLoad({
    url: `${base}/ap/inbox`,
    connections: INGEST.connections,
    durationMs: 10 * 60_000,
    maxRequests: requests.length,
    body: (i) => requests[i]!.json,
    headers: (i) => requests[i]!.headers,
  });
  const refused = result.requests - (result.statuses[202] ?? 0) + result.errors;
  return { ...result, refused };
}

export async function run(): Promise<void> {
  const farm = child<ToFarm, FromFarm>('farm', { elsewhere: true });
  const farmReady = await farm.next('ready');
  const site = child<ToSite, FromSite>('site');
  try {
    const ready = await site.next('ready');
    const { followers } = await site.ask({ type: 'follow', origins: farmReady.origins });
    // A server that follows reads the actor then (its inbox, its key): the followers here are
    // written straight into the table, so the actor is asked for once, as their Follows would.
    await fetch(`${ready.url}/ap/users/site`, { headers: { accept: 'application/activity+json' } });
    const page = `${ready.url}${ready.page}`;
    const accept = { accept: ready.page === '/' ? 'text/html' : 'application/json' };

    await pageLoad(page, PAGE_RATE, sleep(1_000), accept); // warm-up
    await site.ask({ type: 'loop' }); // from here
    const restBefore = await pageLoad(page, PAGE_RATE, sleep(REST_MS), accept);
    const restLoop = await site.ask({ type: 'loop' });

    /**
     * One post published, and its new home page made for a first reader: what publishing costs
     * with no follower, outside the window, which measures what the followers add. Then its
     * fan-out, with readers' requests throughout.
     */
    const fanOut = async (round: number) => {
      await farm.ask({ type: 'reset' });
      const { syncMs } = await site.ask({ type: 'write', round });
      // At once: the publisher also looks for new posts every 2 s by itself, and a fan-out it
      // starts before the window opens would be measured in part.
      const began = performance.now();
      await (await fetch(page, { headers: accept })).arrayBuffer();
      const firstRenderMs = performance.now() - began;
      const published = site.ask({ type: 'publish' });
      const fannedOut = (async () => {
        const deadline = Date.now() + FAN_OUT_LIMIT_MS;
        for (;;) {
          const stats = await farm.ask({ type: 'stats' });
          if (stats.inboxes >= SERVERS || Date.now() > deadline) return stats;
          await sleep(50);
        }
      })();
      const during = await pageLoad(page, PAGE_RATE, fannedOut, accept);
      const loop = await site.ask({ type: 'loop' });
      const delivered = await fannedOut;
      const { at, queuedMs } = await published;
      const seconds = ((delivered.lastAt ?? at) - Math.min(at, delivered.firstAt ?? at)) / 1000;
      return { syncMs, firstRenderMs, during, loop, delivered, queuedMs, seconds };
    };
    const fanOuts: Array<Awaited<ReturnType<typeof fanOut>>> = [];
    for (let round = 1; round <= FAN_OUTS; round += 1) {
      fanOuts.push(await fanOut(round));
      // The next post comes after a pause, as the owner's do.
      await pageLoad(page, PAGE_RATE, sleep(1_000), accept);
      await site.ask({ type: 'loop' });
    }
    const restAfter = await pageLoad(page, PAGE_RATE, sleep(REST_MS), accept);
    const rest = pooled(restBefore, restAfter);
    const during = pooled(...fanOuts.map((one) => one.during));

    const ms = (value: number) => `${value.toFixed(2)} ms`;
    const ratio = during.p99 / rest.p99;
    const sum = (value: (one: (typeof fanOuts)[number]) => number) =>
      fanOuts.reduce((total, one) => total + value(one), 0);
    const deliveries = sum((one) => one.delivered.deliveries);
    const seconds = sum((one) => one.seconds);
    const cpuMs = sum((one) => one.loop.cpuMs);
    const restCpuMs = (restLoop.cpuMs / REST_MS) * seconds * 1000;
    console.log(
      `Fediverse fan-out: ${FAN_OUTS} posts one after another, each to ${followers.toLocaleString('en')} followers on ${SERVERS} servers (shared inboxes); load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores`,
    );
    const first = fanOuts[0]!;
    console.log(
      `  publishing itself, before the fan-out and the same with no follower: the sync ${ms(first.syncMs)}, the first GET / after it ${ms(first.firstRenderMs)}`,
    );
    for (const [index, one] of fanOuts.entries()) {
      const { inboxes, deliveries: sent, verified } = one.delivered;
      console.log(
        `  post ${index + 1}: ${inboxes}/${SERVERS} inboxes got it (${sent} deliveries, ${verified} with a signature that verified); queued in ${one.queuedMs} ms, the last delivery ${one.seconds.toFixed(1)} s after publishing = ${(sent / one.seconds).toFixed(0)} deliveries/s; GET ${ready.page} meanwhile p99 ${ms(one.during.p99)} (${one.during.requests} requests); event-loop delay p99 ${ms(one.loop.eventLoopP99Ms)}`,
      );
    }
    console.log(
      `  the site's CPU during the fan-outs (pages included) ${(cpuMs / 1000).toFixed(1)} s, at rest ${(restCpuMs / 1000).toFixed(1)} s for as long: ${((cpuMs - restCpuMs) / Math.max(1, deliveries)).toFixed(1)} ms a delivery; the farm took ${(sum((one) => one.delivered.answeringMs) / Math.max(1, deliveries)).toFixed(1)} ms to answer one`,
    );
    console.log(
      `  GET ${ready.page} at ${PAGE_RATE} req/s: at rest p50 ${ms(rest.p50)} p99 ${ms(rest.p99)} (${rest.requests} requests); during the fan-outs, pooled, p50 ${ms(during.p50)} p99 ${ms(during.p99)} (${during.requests} requests, ${during.failures} failed)`,
    );
    console.log(
      `  p99 during / at rest: ${ratio.toFixed(2)}x (target ≤ ${TARGETS.latencyRatio}x) ${ratio <= TARGETS.latencyRatio ? 'OK' : 'OVER'}; the site's event-loop delay p99 at rest ${ms(restLoop.eventLoopP99Ms)}`,
    );

    const accountKey = await importJwk(farmReady.accountKey, 'private');
    const inbox = `${ready.url}/ap/inbox`;
    const postUrl = (slug: string) => `${ready.url}${ITEM_BASE_PATHS.post}/${slug}`;
    const [warmSlug, measuredSlug] = ready.slugs;
    const bareBase = `http://127.0.0.1:${ready.barePort}`;
    // Each account's key fetched and cached by both before the round that counts.
    const warm = await signedLikes(farmReady.origins, accountKey, inbox, postUrl(warmSlug), 'warm');
    await ingest(bareBase, warm);
    await ingest(ready.url, warm);
    const measured = await signedLikes(
      farmReady.origins,
      accountKey,
      inbox,
      postUrl(measuredSlug),
      'measured',
    );
    const bareRound = await ingest(bareBase, measured);
    const started = performance.now();
    const ours = await ingest(ready.url, measured);
    let likes = 0;
    while (performance.now() - started < FAN_OUT_LIMIT_MS) {
      ({ likes } = await site.ask({ type: 'likes', slug: measuredSlug }));
      if (likes >= INGEST.activities) break;
      await sleep(20);
    }
    const takenIn = (likes / (performance.now() - started)) * 1000;
    console.log(
      `Inbox ingest: ${INGEST.activities.toLocaleString('en')} Likes signed draft-cavage by as many accounts (keys cached), ${INGEST.connections} connections`,
    );
    console.log(
      `  the site's shared inbox: ${ours.requestsPerSecond.toFixed(0)} activities/s answered (p99 ${ms(ours.p99Ms)}, ${ours.refused} refused), ${takenIn.toFixed(0)}/s taken in (${likes} likes stored)`,
    );
    console.log(
      `  a bare Express handler verifying the same signatures: ${bareRound.requestsPerSecond.toFixed(0)} activities/s (p99 ${ms(bareRound.p99Ms)}, ${bareRound.refused} refused); the site takes in ${((takenIn / bareRound.requestsPerSecond) * 100).toFixed(0)}% of that`,
    );
  } finally {
    site.stop();
    farm.stop();
  }
}

await benchEntry(import.meta.url, {
  run,
  serve: (role) => (role === 'farm' ? serveFarm() : serveSite()),
});
