/**
 * The screens the first-day walk found crowded, at 320, 390 and 1280 px, light and dark, against
 * the production build and a site made by `pnpm content init`: the header of a subscribed reader
 * and of a signed-in one, the members area's strip at its start and scrolled, the editor's bar,
 * the alt-text dialog with a phone photo, and search results for a word beside a table. Run after
 * `pnpm build`:
 *   cd tests && pnpm exec tsx tools/phone-fit-screenshots.ts [outDir]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { phonePhoto } from '@quillpost/api/test-support/photos';
import { startSmtpSink } from '@quillpost/api/test-support/smtp-sink';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { startSite } from '../support/site.js';
import { openPage, signInByCode, uniqueEmail, visit } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/phone-fit-shots');
fs.mkdirSync(out, { recursive: true });
const owner = uniqueEmail('mara');
const reader = uniqueEmail('ada');
const starterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-starter-'));
const content = path.join(starterDir, 'content');
execFileSync(process.execPath, [
  path.resolve(import.meta.dirname, '../../apps/api/dist/cli/content.js'),
  'init',
  content,
  ...['--title', 'Field Notes', '--name', 'Mara Quist'],
  ...['--language', 'en-US', '--timezone', 'America/Chicago'],
]);
// The walk's post: a word in the prose, then a table, a footnote and more prose.
fs.writeFileSync(
  path.join(content, 'posts/2026-11-20-herons-at-lock-14.md'),
  [
    '---',
    'title: Herons at Lock 14',
    'date: 2026-11-20',
    'category: write',
    '---',
    '',
    'Three herons stood on the lock gates this morning as if they owned the river.[^1] A kingfisher went past low and blue before I had the camera out.',
    '',
    '| Time | Herons | Water |',
    '|------|--------|-------|',
    '| 6:40 | 1 | still |',
    '',
    '[^1]: They do, more or less.',
    '',
    'The light came up behind the mill.',
    '',
  ].join('\n'),
);
const sink = await startSmtpSink();
const site = await startSite({
  smtpUrl: sink.url,
  env: { ADMIN_EMAILS: owner },
  contentFrom: content,
});
const browser = await launchBrowser();

const VIEWS = [320, 390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).map((colorScheme) => ({ width, colorScheme })),
);
const SUBSCRIPTION = JSON.stringify({
  email: 'reader@example.test',
  name: 'Reader',
  subscribedAt: '2026-11-27T20:00:00.000Z',
  verified: true,
  status: 'active',
  wantsAccount: false,
});

async function stateOf(email: string) {
  const { context, close } = await openPage(browser);
  await signInByCode(context, { site, sink }, email);
  const state = await context.storageState();
  await close();
  return state;
}

type State = Awaited<ReturnType<BrowserContext['storageState']>>;

async function shoot(
  name: string,
  url: string,
  {
    state,
    subscribed = false,
    act,
    widths,
  }: {
    state?: State;
    subscribed?: boolean;
    act?: (page: Page) => Promise<void>;
    widths?: number[];
  } = {},
) {
  for (const view of VIEWS) {
    if (widths && !widths.includes(view.width)) continue;
    const { context, page, close } = await openPage(browser, {
      viewport: { width: view.width, height: view.width === 1280 ? 900 : 844 },
      isMobile: view.width < 800,
      hasTouch: view.width < 800,
      colorScheme: view.colorScheme,
      storageState: state,
    });
    if (subscribed) {
      await context.addInitScript(
        (stored) => localStorage.setItem('subscription', stored),
        SUBSCRIPTION,
      );
      // Beside it, the cookie the reader's code keeps while it is stored (decision 0042).
      await context.addCookies([{ name: 'qp_known', value: '1', url: site.url }]);
    }
    await visit(page, site.url + url);
    await page.waitForLoadState('networkidle');
    await act?.(page);
    await page.screenshot({
      path: path.join(out, `${name}-${view.width}-${view.colorScheme}.png`),
    });
    await close();
    console.log(`${name} ${view.width} ${view.colorScheme}`);
  }
}

let posts = 0;
/** A new post, each under a title of its own (a slug is taken once). */
async function newPost(page: Page) {
  posts += 1;
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByLabel('Title', { exact: true }).fill(`By the mill, ${posts}`);
  await page.getByRole('button', { name: 'Start Writing' }).click();
  await page.locator('.cm-content').waitFor();
}

try {
  const ownerState = await stateOf(owner);
  const readerState = await stateOf(reader);
  const photo = await phonePhoto({ width: 4000, height: 3000, seed: 7 });

  await shoot('header-subscribed', '/', {
    subscribed: true,
    act: (page) => page.getByRole('link', { name: '✓ Subscribed' }).waitFor(),
  });
  await shoot('header-signed-in', '/', {
    state: readerState,
    act: (page) => page.getByRole('button', { name: 'Account menu' }).waitFor(),
  });
  await shoot('members-strip', '/members/dashboard', { state: ownerState });
  await shoot('members-strip-scrolled', '/members/dashboard', {
    state: ownerState,
    widths: [320, 390],
    act: async (page) => {
      const strip = page.getByRole('navigation', { name: 'Members area' }).getByRole('list');
      await strip.evaluate((list) => list.scrollTo({ left: 120, behavior: 'instant' }));
    },
  });
  await shoot('editor-bar', '/members/admin/writing', { state: ownerState, act: newPost });
  await shoot('alt-dialog', '/members/admin/writing', {
    state: ownerState,
    act: async (page) => {
      await newPost(page);
      await page.getByLabel('Upload image', { exact: true }).setInputFiles({
        name: 'IMG_0412.jpg',
        mimeType: 'image/jpeg',
        buffer: photo,
      });
      const dialog = page.getByRole('dialog', { name: 'Describe the image' });
      await dialog.waitFor({ timeout: 30_000 });
      await dialog.getByLabel('What does it show?').fill('Three herons on the lock gates');
    },
  });
  await shoot('search-snippet', '/', {
    act: async (page) => {
      await page.getByRole('banner').getByRole('link', { name: 'Search' }).click();
      await page.getByRole('combobox', { name: 'Search the site' }).fill('kingfisher');
      await page.locator('mark', { hasText: 'kingfisher' }).first().waitFor();
    },
  });
} finally {
  await browser.close();
  await site.stop();
  await sink.close();
  fs.rmSync(starterDir, { recursive: true, force: true });
}
