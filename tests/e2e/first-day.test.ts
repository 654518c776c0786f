/**
 * A new owner's first day on a 390 px phone (issue 34): the header keeps the site's whole name
 * for a subscribed reader, and the owner signed in is treated as the owner.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from '@quillpost/api/test-support/smtp-sink';
import { MOBILE_MENU_LINKS } from '@quillpost/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { startSite, type RunningSite } from '../support/site.js';
import { openPage, signInByCode, uniqueEmail, visit } from '../support/stack.js';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const owner = uniqueEmail('mara');
let sink: SmtpSink;
let site: RunningSite;
let browser: Browser;
let starterDir: string | undefined;

beforeAll(async () => {
  sink = await startSmtpSink();
  // What `pnpm content init` writes for Mara Quist: site.yml, the fixed pages and a welcome post.
  starterDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-starter-'));
  const cli = path.resolve(import.meta.dirname, '../../apps/api/dist/cli/content.js');
  execFileSync(process.execPath, [
    cli,
    'init',
    path.join(starterDir, 'content'),
    ...['--title', 'Field Notes', '--name', 'Mara Quist'],
    ...['--language', 'en-US', '--timezone', 'America/Chicago'],
  ]);
  site = await startSite({
    smtpUrl: sink.url,
    env: { ADMIN_EMAILS: owner },
    contentFrom: path.join(starterDir, 'content'),
  });
  browser = await launchBrowser();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await sink?.close();
  if (starterDir) fs.rmSync(starterDir, { recursive: true, force: true });
});

describe('the first day on a phone', () => {
  it('links only to what a new site has: no Now, Build or Learn, and no sample hub cards', async () => {
    const { page, pageErrors, close } = await openPage(browser, PHONE);
    await visit(page, site.url + '/');
    await expect(page.getByText('Three ways in').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Menu' }).click();
    const sections = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation');
    await sections.getByRole('link', { name: 'Home' }).waitFor();
    await expect(sections.getByRole('link').allInnerTexts()).resolves.toEqual([
      'Home',
      'Write',
      'Start Here',
    ]);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('keeps every link on the sample site, which has something in each section', async () => {
    const sample = await startSite({ smtpUrl: sink.url });
    try {
      const { page, close } = await openPage(browser, PHONE);
      await visit(page, sample.url + '/');
      await page.getByText('Three ways in').waitFor();
      await page.getByRole('button', { name: 'Menu' }).click();
      const sections = page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation');
      await sections.getByRole('link', { name: 'Home' }).waitFor();
      await expect(sections.getByRole('link').allInnerTexts()).resolves.toEqual(
        MOBILE_MENU_LINKS.map((link) => link.label),
      );
      await close();
    } finally {
      await sample.stop();
    }
  });

  it("keeps the site's whole name in the header of a subscribed, signed-out reader", async () => {
    const { context, page, pageErrors, close } = await openPage(browser, PHONE);
    const subscription = {
      email: 'reader@example.test',
      name: 'Reader',
      subscribedAt: '2026-11-27T20:00:00.000Z',
      verified: true,
      status: 'active',
      wantsAccount: false,
    };
    await context.addInitScript((stored) => {
      localStorage.setItem('subscription', stored);
    }, JSON.stringify(subscription));
    // Beside it, the cookie the reader's code keeps while it is stored (decision 0042).
    await context.addCookies([{ name: 'qp_known', value: '1', url: site.url }]);
    await visit(page, site.url + '/');
    const header = page.locator('header.site-header');
    const subscribed = header.getByRole('link', { name: '✓ Subscribed' });
    await subscribed.waitFor();
    const brand = header.getByRole('link', { name: 'Field Notes' });
    const cut = await brand.evaluate((link) => link.scrollWidth > link.clientWidth);
    expect(cut, 'the name is cut short').toBe(false);
    // Every button is on the screen, clear of the floating menu button.
    const menu = await page.getByRole('button', { name: 'Menu' }).boundingBox();
    for (const button of [subscribed, header.getByRole('button', { name: /Sign (Up|In)/ })]) {
      const box = (await button.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      const clear = box.x + box.width <= menu!.x || box.y >= menu!.y + menu!.height;
      expect(clear, 'a button under the menu button').toBe(true);
    }
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('treats the owner as the owner: no reader prompt, the Console in the account menu', async () => {
    const { context, page, close } = await openPage(browser, PHONE);
    await signInByCode(context, { site, sink }, owner);
    await visit(page, site.url + '/members/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByText(/, Mara Quist\.$/).waitFor();
    await expect(page.getByText(/Subscribe to our newsletter/).count()).resolves.toBe(0);
    await expect(page.locator('.next-step').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Mara Quist' });
    await menu.getByRole('link', { name: 'Console' }).click();
    await page.waitForURL(/\/members\/admin/);
    await page.getByRole('heading', { level: 1, name: 'Console' }).waitFor();
    await close();
  });
});
