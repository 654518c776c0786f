/**
 * How long the editor takes to open on a phone: Chromium at 390 px with its CPU slowed four
 * times (a mid-range phone), signed in as the owner. Two ways in: the editor's address loaded
 * cold, and a tap on a post in Console → Writing. For each, the milliseconds until the body's
 * editor can be typed in, and the scripts and API calls on the way (start and end, from the
 * navigation), so a waterfall shows.
 * Run after `pnpm build`:
 *   cd tests && npx tsx tools/editor-timing.ts
 */
import type { Page } from 'playwright-core';
import { openPage, signInByCode, startStack, uniqueEmail, visit } from '../support/stack.js';

const POST = 'posts/2025-05-18-a-folder-of-tiny-tools.md';
const owner = uniqueEmail('owner');
const stack = await startStack({ env: { ADMIN_EMAILS: owner } });

const signIn = await openPage(stack.browser);
await signInByCode(signIn.context, stack, owner);
const storageState = await signIn.context.storageState();
await signIn.close();

async function phone() {
  const opened = await openPage(stack.browser, {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    storageState,
  });
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(process.env.CPU_SLOWDOWN ?? 4) });
  return opened;
}

/** Scripts, styles and API calls after `since`, in the order they started. */
function recordRequests(page: Page) {
  const seen: Array<{ url: string; start: number; end?: number }> = [];
  const t0 = Date.now();
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/\.(js|css)$/.test(url.pathname) || url.pathname.startsWith('/api/')) {
      seen.push({ url: url.pathname + url.search, start: Date.now() - t0 });
    }
  });
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    const entry = seen.find((item) => item.url === url.pathname + url.search && !item.end);
    if (entry) entry.end = Date.now() - t0;
  });
  return seen;
}

const editorUrl = `${stack.site.url}/members/admin/writing?edit=${encodeURIComponent(POST)}`;
try {
  for (let run = 1; run <= 3; run += 1) {
    const { page, close } = await phone();
    // Warm the HTTP cache as a returning owner's phone has it.
    await visit(page, `${stack.site.url}/members/admin/writing`);
    await page.locator('.writing-list__title').first().waitFor();

    const seen = recordRequests(page);
    // Timed inside the page, from the tap to the editor's first frame: no driver in between.
    // (A string: tsx would wrap a function's inner names in a helper the page does not have.)
    const tap = await page.evaluate<Record<string, number>>(`new Promise((resolve) => {
      const link = [...document.querySelectorAll('.writing-list__title')].find((element) =>
        element.textContent.toLowerCase().includes('folder of tiny tools'));
      const start = performance.now();
      const marks = {};
      new MutationObserver((changes, observer) => {
        for (const [name, selector] of [['view', '.writing-focus'], ['form', '.writing-editor']]) {
          if (!marks[name] && document.querySelector(selector)) marks[name] = Math.round(performance.now() - start);
        }
        if (!document.querySelector('.cm-content')) return;
        observer.disconnect();
        requestAnimationFrame(() => {
          const file = performance.getEntriesByType('resource').findLast((entry) => entry.name.includes('/api/admin/writing/file'));
          marks.fileAsked = Math.round(file.startTime - start);
          marks.fileCame = Math.round(file.responseEnd - start);
          resolve({ total: Math.round(performance.now() - start), ...marks });
        });
      }).observe(document.body, { childList: true, subtree: true });
      link.click();
    })`);

    const cold = await phone();
    const coldSeen = recordRequests(cold.page);
    const started = Date.now();
    await cold.page.goto(editorUrl);
    await cold.page.locator('.cm-content').waitFor({ timeout: 30_000 });
    const fromLoad = Date.now() - started;
    console.log(
      `run ${run}: tap in the list → editor ${tap.total} ms (${JSON.stringify(tap)}); address loaded → editor ${fromLoad} ms`,
    );
    if (run === 3) {
      console.log('after the tap:');
      for (const item of seen) console.log(`  ${item.start}–${item.end ?? '?'} ms  ${item.url}`);
      console.log('loading the address:');
      for (const item of coldSeen)
        console.log(`  ${item.start}–${item.end ?? '?'} ms  ${item.url}`);
    }
    await cold.close();
    await close();
  }
} finally {
  await stack.stop();
}
