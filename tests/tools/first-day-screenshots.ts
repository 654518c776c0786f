/**
 * A new owner's first day (issue 34), at 390 px and 1280 px, light and dark, against the
 * production build with a site made by `pnpm content init`: its home page and menu, the header
 * of a subscribed reader, the subscribe popup's first step, the site after unsubscribing, and the
 * owner's dashboard and account menu. Run after `pnpm build`:
 *   cd tests && pnpm exec tsx tools/first-day-screenshots.ts [outDir]
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink } from '@quillpost/api/test-support/smtp-sink';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';
import { startSite } from '../support/site.js';
import { openPage, signInByCode, uniqueEmail, visit } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/first-day-shots');
fs.mkdirSync(out, { recursive: true });
const owner = uniqueEmail('mara');
const starterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-starter-'));
execFileSync(process.execPath, [
  path.resolve(import.meta.dirname, '../../apps/api/dist/cli/content.js'),
  'init',
  path.join(starterDir, 'content'),
  ...['--title', 'Field Notes', '--name', 'Mara Quist'],
  ...['--language', 'en-US', '--timezone', 'America/Chicago'],
]);
const sink = await startSmtpSink();
const site = await startSite({
  smtpUrl: sink.url,
  env: { ADMIN_EMAILS: owner },
  contentFrom: path.join(starterDir, 'content'),
});
const browser = await launchBrowser();

const subscribed = JSON.stringify({
  email: 'reader@example.test',
  name: 'Reader',
  subscribedAt: '2026-11-27T20:00:00.000Z',
  verified: true,
  status: 'active',
  wantsAccount: false,
});

interface Shot {
  name: string;
  url: string;
  as?: 'owner' | 'subscriber';
  /** The one width the screen exists at (the slide-in menu is a phone's). */
  width?: number;
  act?: (page: Page) => Promise<void>;
}

const shots: Shot[] = [
  { name: 'home', url: '/' },
  {
    name: 'menu',
    url: '/',
    width: 390,
    act: async (page) => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await page
        .getByRole('dialog', { name: 'Menu' })
        .getByRole('link', { name: 'Home' })
        .waitFor();
    },
  },
  {
    name: 'home-subscribed',
    url: '/',
    as: 'subscriber',
    act: async (page) => {
      await page.getByRole('link', { name: '✓ Subscribed' }).waitFor();
    },
  },
  {
    name: 'subscribe-step-1',
    url: '/',
    act: async (page) => {
      await page
        .locator('header.site-header')
        .getByRole('button', { name: 'Subscribe', exact: true })
        .click();
      await page.getByRole('dialog').getByLabel('Email address').waitFor();
    },
  },
  {
    name: 'unsubscribed',
    url: '/?unsubscribed=true&email=reader%40example.test',
    as: 'subscriber',
    act: async (page) => {
      await page.getByText('You have been unsubscribed.').waitFor();
    },
  },
  {
    name: 'owner-dashboard',
    url: '/members/dashboard',
    as: 'owner',
    act: async (page) => {
      await page.getByRole('region', { name: 'Next step' }).getByRole('link').waitFor();
    },
  },
  {
    name: 'owner-account-menu',
    url: '/members/dashboard',
    as: 'owner',
    act: async (page) => {
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('dialog', { name: 'Mara Quist' }).waitFor();
    },
  },
];

let ownerState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
try {
  const signIn = await openPage(browser);
  await signInByCode(signIn.context, { site, sink }, owner);
  ownerState = await signIn.context.storageState();
  await signIn.close();

  for (const view of SCREENSHOT_VIEWS) {
    for (const shot of shots.filter((shot) => (shot.width ?? view.width) === view.width)) {
      const { context, page, close } = await openPage(browser, {
        viewport: view.viewport,
        colorScheme: view.colorScheme,
        ...(shot.as === 'owner' ? { storageState: ownerState } : {}),
      });
      if (shot.as === 'subscriber') {
        await context.addInitScript((stored) => {
          localStorage.setItem('subscription', stored);
        }, subscribed);
        // Beside it, the cookie the reader's code keeps while it is stored (decision 0042).
        await context.addCookies([{ name: 'qp_known', value: '1', url: site.url }]);
      }
      await visit(page, site.url + shot.url);
      await page.waitForLoadState('networkidle');
      await shot.act?.(page);
      await page.screenshot({
        path: path.join(out, `${shot.name}-${view.width}-${view.colorScheme}.png`),
      });
      await close();
    }
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
  await site.stop();
  await sink.close();
  fs.rmSync(starterDir, { recursive: true, force: true });
}
