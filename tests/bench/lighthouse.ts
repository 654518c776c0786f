/**
 * Lighthouse (mobile: a mid-range phone on a slow 4G link, simulated) on the home page and a post
 * of the production build, beside a script-free snapshot of the very same response served by a
 * bare node:http server (the page's headers, its styles and images passed through from the site),
 * measured in the same run; then again on a busier phone (twice the CPU slowdown). A first visitor
 * gets any one run, so the worst run of each page is its figure (a median of three once hid a bad
 * one), and main-thread blocking (TBT) is held against the snapshot's.
 * The snapshot is the floor: what the page would cost as plain HTML. Prints each category's
 * score, LCP, LCP against the snapshot's, and the JavaScript the page transferred as the server
 * sent it, and the bytes of image it downloaded. One post carries a phone's photo: 4000 × 3000,
 * over 3 MB as the camera wrote it; besides Lighthouse's phone (412 px at device pixel ratio 1.75),
 * a 390 px phone at ratio 3 loads that post too, its image bytes held to the same aim.
 * Needs `pnpm build` and Debian's Chromium.
 *   pnpm bench (all benches), or: cd tests && npx tsx bench/lighthouse.ts
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, constants } from 'node:zlib';
import { phonePhoto } from '@quillpost/api/test-support/photos';
import { startSmtpSink } from '@quillpost/api/test-support/smtp-sink';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import {
  CHROMIUM,
  CHROMIUM_FLAGS,
  launchBrowser,
  totalBytes,
  watchTransfers,
} from '../support/browser.js';
import { startSite } from '../support/site.js';

const PHOTO_POST = '/posts/the-harbour-at-dawn';
const PAGES = ['/', '/posts/why-i-write-in-public', PHOTO_POST];
const RUNS = 3;
const TARGETS = { performance: 100, accessibility: 100, 'best-practices': 100, seo: 100 };
/** Lighthouse's phone (4× slower CPU than this machine), then a busier one (twice that). */
const PHONE_CPU = throttling.mobileSlow4G.cpuSlowdownMultiplier;
const BUSY_PHONE_CPU = 2 * PHONE_CPU;
/** The busier phone's performance aim. */
const BUSY_PHONE_PERFORMANCE = 98;
/** How much main-thread blocking a page may add to its script-free snapshot's. */
const TBT_MARGIN_MS = 30;
const LCP_MARGIN = 1.15;
/** What a phone may download of a photo post's images. */
const PHOTO_BYTES_TARGET = 150_000;

/** Headers that describe one encoding of a body or one connection, not the page. */
const BODY_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'etag',
  'date',
  'connection',
  'keep-alive',
]);

/**
 * The page as the server answered it, minus every script and module preload: its own headers
 * (the opener policy, CSP, Speculation-Rules…), its body brotli-compressed as the site sends it.
 */
async function snapshotOf(url: string): Promise<Snapshot> {
  const response = await fetch(url);
  const headers: http.OutgoingHttpHeaders = {};
  for (const [name, value] of response.headers) {
    if (!BODY_HEADERS.has(name)) headers[name] = value;
  }
  const html = (await response.text())
    .replace(/<script\b[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="modulepreload"[^>]*>/g, '');
  const body = brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  return { headers: { ...headers, 'content-encoding': 'br' }, body };
}

interface Snapshot {
  headers: http.OutgoingHttpHeaders;
  body: Buffer;
}

/**
 * Serves the snapshots at their own paths and passes everything else (styles, images) through
 * from the site, bytes and headers as the site sent them.
 */
async function startSnapshotServer(site: string, snapshots: Map<string, Snapshot>) {
  const server = http.createServer((req, res) => {
    const snapshot = snapshots.get(req.url ?? '');
    if (snapshot) {
      res.writeHead(200, snapshot.headers).end(snapshot.body);
      return;
    }
    const upstream = http.get(
      site + req.url,
      { headers: { 'accept-encoding': req.headers['accept-encoding'] ?? '' } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Audit {
  scores: Record<keyof typeof TARGETS, number>;
  lcpMs: number;
  tbtMs: number;
  /** Bytes of JavaScript on the wire until the network was idle, headers included. */
  scriptBytes: number;
  /** Bytes of images on the wire until the network was idle, headers included. */
  imageBytes: number;
}

interface NetworkRequest {
  resourceType?: string;
  transferSize?: number;
}

async function audit(url: string, port: number, cpuSlowdown = PHONE_CPU): Promise<Audit> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(TARGETS),
    throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { categories, audits } = result.lhr;
  const scores = Object.fromEntries(
    Object.keys(TARGETS).map((id) => [id, Math.round((categories[id]?.score ?? 0) * 100)]),
  ) as Audit['scores'];
  const requests = (audits['network-requests']?.details as { items?: NetworkRequest[] } | undefined)
    ?.items;
  const bytesOf = (type: string) =>
    (requests ?? [])
      .filter((request) => request.resourceType === type)
      .reduce((sum, request) => sum + (request.transferSize ?? 0), 0);
  return {
    scores,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
    tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
    scriptBytes: bytesOf('Script'),
    imageBytes: bytesOf('Image'),
  };
}

/**
 * The bytes of image a 390 px phone at device pixel ratio 3 (a recent iPhone) downloads for `url`
 * until the network is idle, headers included: sharp screens pick the widest variants.
 */
async function sharpPhoneImageBytes(url: string): Promise<number> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const images = watchTransfers(page, 'image');
    await page.goto(url, { waitUntil: 'networkidle' });
    return totalBytes(await images());
  } finally {
    await browser.close();
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const sink = await startSmtpSink();
const photo = await phonePhoto({ width: 4000, height: 3000, quality: 95 });
const site = await startSite({
  smtpUrl: sink.url,
  content: {
    'images/harbour.jpg': photo,
    'posts/2026-11-01-the-harbour-at-dawn.md': `---
title: The harbour at dawn
date: 2026-11-01
category: write
featured_image: images/harbour.jpg
excerpt: Six o'clock, before the boats.
---

The light comes up behind the hill before it reaches the water. By the time the first boat
leaves, the wall is warm and the gulls have given up waiting.

I took the picture from the end of the pier, with the phone I always carry.
`,
  },
});
// A reader comes long after the owner published: the pipeline has made the variants by then.
const photoPage = await (await fetch(site.url + PHOTO_POST)).text();
for (const [variant] of photoPage.matchAll(/\/images\/\w+\/\d+\.\w+/g))
  await fetch(site.url + variant);
const snapshots = new Map<string, Snapshot>();
for (const path of PAGES) snapshots.set(path, await snapshotOf(site.url + path));
const snapshot = await startSnapshotServer(site.url, snapshots);
const chrome = await launch({
  chromePath: CHROMIUM,
  chromeFlags: CHROMIUM_FLAGS,
});

let allMet = true;
try {
  console.log(
    `Lighthouse ${RUNS} runs per page and CPU, mobile, simulated throttling; every run counts: worst (median)`,
  );
  for (const path of PAGES) {
    for (const cpu of [PHONE_CPU, BUSY_PHONE_CPU]) {
      const runs: Audit[] = [];
      const plain: Audit[] = [];
      // Alternate the page and its snapshot, so both see the machine in the same state.
      for (let run = 0; run < RUNS; run += 1) {
        runs.push(await audit(site.url + path, chrome.port, cpu));
        plain.push(await audit(snapshot.url + path, chrome.port, cpu));
      }
      const scores = Object.fromEntries(
        Object.keys(TARGETS).map((id) => [
          id,
          Math.min(...runs.map((r) => r.scores[id as keyof typeof TARGETS])),
        ]),
      ) as Audit['scores'];
      const medianPerformance = median(runs.map((r) => r.scores.performance));
      const plainPerformance = Math.min(...plain.map((r) => r.scores.performance));
      const lcp = median(runs.map((r) => r.lcpMs));
      const tbt = Math.max(...runs.map((r) => r.tbtMs));
      const plainTbt = Math.max(...plain.map((r) => r.tbtMs));
      const scriptKb = median(runs.map((r) => r.scriptBytes)) / 1000;
      const imageBytes = median(runs.map((r) => r.imageBytes));
      const plainLcp = median(plain.map((r) => r.lcpMs));
      const ratio = lcp / plainLcp;
      const imagesMet = path !== PHOTO_POST || imageBytes <= PHOTO_BYTES_TARGET;
      const performanceAim = cpu === PHONE_CPU ? TARGETS.performance : BUSY_PHONE_PERFORMANCE;
      const met =
        Object.entries(TARGETS).every(([id, target]) =>
          id === 'performance'
            ? scores.performance >= performanceAim
            : scores[id as keyof typeof TARGETS] >= target,
        ) &&
        tbt - plainTbt <= TBT_MARGIN_MS &&
        ratio <= LCP_MARGIN &&
        imagesMet;
      allMet &&= met;
      console.log(
        `${path.padEnd(32)} ${cpu}× CPU: performance ${scores.performance} (${medianPerformance}), script-free snapshot ${plainPerformance} (aim ≥ ${performanceAim})  accessibility ${scores.accessibility}  best practices ${scores['best-practices']}  SEO ${scores.seo}`,
      );
      const eachRun = (audits: Audit[]) =>
        audits.map((r) => `${r.scores.performance}/${Math.round(r.tbtMs)}`).join(' ');
      console.log(
        `${''.padEnd(32)} each run, performance/TBT ms: page ${eachRun(runs)}, snapshot ${eachRun(plain)}`,
      );
      console.log(
        `${''.padEnd(32)} TBT ${Math.round(tbt)} ms, snapshot ${Math.round(plainTbt)} ms (aim: within ${TBT_MARGIN_MS} ms); LCP ${(lcp / 1000).toFixed(2)} s, snapshot ${(plainLcp / 1000).toFixed(2)} s: ${(ratio * 100).toFixed(0)}% (aim ≤ ${Math.round(LCP_MARGIN * 100)}%) ${met ? 'OK' : 'BELOW AIM'}`,
      );
      if (cpu !== PHONE_CPU) continue;
      console.log(
        `${''.padEnd(32)} JavaScript transferred until the network was idle: ${scriptKb.toFixed(1)} kB (as the server sent it, headers included)`,
      );
      console.log(
        `${''.padEnd(32)} images transferred: ${(imageBytes / 1000).toFixed(1)} kB${path === PHOTO_POST ? ` of a ${(photo.length / 1e6).toFixed(1)} MB photo (target ≤ ${PHOTO_BYTES_TARGET / 1000} kB) ${imagesMet ? 'OK' : 'ABOVE TARGET'}` : ''}`,
      );
    }
  }
  const sharpPhoneBytes = await sharpPhoneImageBytes(site.url + PHOTO_POST);
  const sharpPhoneMet = sharpPhoneBytes <= PHOTO_BYTES_TARGET;
  allMet &&= sharpPhoneMet;
  console.log(
    `${PHOTO_POST} on a 390 px phone at device pixel ratio 3: images transferred ${(sharpPhoneBytes / 1000).toFixed(1)} kB (target ≤ ${PHOTO_BYTES_TARGET / 1000} kB) ${sharpPhoneMet ? 'OK' : 'ABOVE TARGET'}`,
  );
  console.log(
    `targets: performance ≥ ${TARGETS.performance} (${BUSY_PHONE_PERFORMANCE} at ${BUSY_PHONE_CPU}× CPU) in every run, accessibility, best practices and SEO ${TARGETS.seo}, TBT within ${TBT_MARGIN_MS} ms and LCP within ${Math.round((LCP_MARGIN - 1) * 100)}% of the snapshot, a phone's photo bytes ≤ ${PHOTO_BYTES_TARGET / 1000} kB: ${allMet ? 'all met' : 'NOT ALL MET'}`,
  );
} finally {
  chrome.kill();
  snapshot.server.close();
  await site.stop();
  await sink.close();
}
