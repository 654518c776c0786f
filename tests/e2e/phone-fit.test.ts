/**
 * What the first-day walk found crowded on a phone, in Chromium against the production build and
 * a site made by `pnpm content init`: the header stays one row for every reader at 390 px and
 * runs off no 320 px screen; the members area's strip shows that it scrolls; the editor's bar
 * fits 320 to 390 px with every control whole and tappable; the alt-text dialog shows the photo
 * it asks about.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { phonePhoto } from '@quillpost/api/test-support/photos';
import { startSmtpSink, type SmtpSink } from '@quillpost/api/test-support/smtp-sink';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { startSite, type RunningSite } from '../support/site.js';
import { openPage, signInByCode, uniqueEmail, visit } from '../support/stack.js';

const owner = uniqueEmail('mara');
const reader = uniqueEmail('ada');
let sink: SmtpSink;
let site: RunningSite;
let browser: Browser;
let starterDir: string | undefined;
let ownerState: Awaited<ReturnType<BrowserContext['storageState']>>;
let readerState: Awaited<ReturnType<BrowserContext['storageState']>>;

const phone = (width: number) => ({
  viewport: { width, height: 844 },
  isMobile: true,
  hasTouch: true,
});

beforeAll(async () => {
  sink = await startSmtpSink();
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
  for (const [email, keep] of [
    [owner, (state: typeof ownerState) => (ownerState = state)],
    [reader, (state: typeof readerState) => (readerState = state)],
  ] as const) {
    const { context, close } = await openPage(browser);
    await signInByCode(context, { site, sink }, email);
    keep(await context.storageState());
    await close();
  }
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await sink?.close();
  if (starterDir) fs.rmSync(starterDir, { recursive: true, force: true });
});

type Box = { x: number; y: number; width: number; height: number };
const boxOf = async (locator: Locator): Promise<Box> => (await locator.boundingBox())!;
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element a tap at the middle of `box` lands on is `locator`'s own (nothing lies over it). */
async function tappable(page: Page, locator: Locator): Promise<boolean> {
  const box = await boxOf(locator);
  const handle = await locator.elementHandle();
  return page.evaluate(
    ([target, x, y]) => {
      const hit = document.elementFromPoint(x as number, y as number);
      return hit !== null && (target as Element).contains(hit);
    },
    [handle, box.x + box.width / 2, box.y + box.height / 2] as const,
  );
}

const SUBSCRIPTION = JSON.stringify({
  email: 'reader@example.test',
  name: 'Reader',
  subscribedAt: '2026-11-27T20:00:00.000Z',
  verified: true,
  status: 'active',
  wantsAccount: false,
});

describe('on a phone, nothing crowds', () => {
  const readers = [
    { who: 'a visitor', ready: /^Subscribe$/ },
    { who: 'a subscribed reader', ready: /Subscribed/ },
    { who: 'a signed-in reader', ready: /^Account menu$/ },
    { who: 'the owner', ready: /^Account menu$/ },
  ] as const;

  for (const { who, ready } of readers) {
    for (const width of [390, 320]) {
      it(`keeps the header for ${who} ${width === 390 ? 'one row at 390 px' : 'within 320 px'}`, async () => {
        const { context, page, pageErrors, close } = await openPage(browser, {
          ...phone(width),
          storageState:
            who === 'the owner'
              ? ownerState
              : who === 'a signed-in reader'
                ? readerState
                : undefined,
        });
        if (who === 'a subscribed reader') {
          await context.addInitScript((stored) => {
            localStorage.setItem('subscription', stored);
          }, SUBSCRIPTION);
          // Beside it, the cookie the reader's code keeps while it is stored (decision 0042).
          await context.addCookies([{ name: 'qp_known', value: '1', url: site.url }]);
        }
        await visit(page, site.url + '/');
        const header = page.locator('header.site-header');
        // The session known: a reader's own controls, none of which a visitor has.
        await header
          .getByRole('button', { name: ready })
          .or(header.getByRole('link', { name: ready }))
          .waitFor();
        const row = page.locator('.site-header__inner');
        const controls = row.locator('a:visible, button:visible');
        const boxes = await Promise.all((await controls.all()).map(boxOf));
        expect(boxes.length).toBeGreaterThanOrEqual(3);
        if (width === 390) {
          const tops = boxes.map((box) => box.y);
          const bottoms = boxes.map((box) => box.y + box.height);
          // One row: every control shares a line, and the row is the header's height.
          expect(Math.max(...tops), 'a control on a second row').toBeLessThan(Math.min(...bottoms));
          expect((await boxOf(row)).height).toBeLessThanOrEqual(65);
          const brand = header.getByRole('link', { name: 'Field Notes' });
          expect(await brand.evaluate((link) => link.scrollWidth > link.clientWidth)).toBe(false);
        }
        const menu = await boxOf(page.getByRole('button', { name: 'Menu', exact: true }));
        for (const box of boxes) {
          expect(box.x + box.width, 'past the screen').toBeLessThanOrEqual(width);
          expect(overlap(box, menu), 'under the menu button').toBe(false);
          expect(box.height, 'too small to tap').toBeGreaterThanOrEqual(44);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
        expect(pageErrors).toEqual([]);
        await close();
      });
    }
  }
});

describe("on a phone, the members area's strip", () => {
  it('fades where more of it lies, and every item is reached by Tab, clear of the fade', async () => {
    const { page, pageErrors, close } = await openPage(browser, {
      ...phone(390),
      storageState: ownerState,
    });
    await visit(page, site.url + '/members/dashboard');
    const strip = page.getByRole('navigation', { name: 'Members area' }).getByRole('list');
    await strip.waitFor();
    const fade = () => strip.evaluate((list) => getComputedStyle(list).maskImage);
    expect(await strip.evaluate((list) => list.scrollWidth > list.clientWidth)).toBe(true);
    // At the start the far end fades; scrolled to the end, the near end does instead.
    await expect.poll(fade).toMatch(/^linear-gradient\(to right, rgb\(0, 0, 0\)/);
    await strip.evaluate((list) => list.scrollTo({ left: list.scrollWidth, behavior: 'instant' }));
    await expect.poll(fade).toMatch(/^linear-gradient\(to left/);
    await strip.evaluate((list) => list.scrollTo({ left: 0, behavior: 'instant' }));

    const links = strip.getByRole('link');
    await links.first().focus();
    for (let index = 0; index < (await links.count()); index += 1) {
      const link = links.nth(index);
      if (index > 0) await page.keyboard.press('Tab');
      await expect
        .poll(() => link.evaluate((element) => element === document.activeElement))
        .toBe(true);
      // The browser scrolls the focused item into view, clear of the 48 px fade at either end.
      await expect
        .poll(async () => {
          const box = await boxOf(link);
          return box.x >= 0 && box.x + box.width <= 390;
        })
        .toBe(true);
    }
    expect(pageErrors).toEqual([]);
    await close();
  });
});

describe("on a phone, the editor's bar", () => {
  for (const width of [320, 360, 390]) {
    it(`fits ${width} px: every control whole, apart and tall enough to tap`, async () => {
      const { page, pageErrors, close } = await openPage(browser, {
        ...phone(width),
        storageState: ownerState,
      });
      await visit(page, `${site.url}/members/admin/writing`);
      await page.getByRole('button', { name: 'New Post' }).click();
      await page.getByLabel('Title', { exact: true }).fill(`A walk at ${width}`);
      await page.getByRole('button', { name: 'Start Writing' }).click();
      await page.locator('.cm-content').waitFor();
      const bar = page.locator('.writing-bar');
      const controls = [
        bar.getByRole('link', { name: 'Back to Writing' }),
        bar.getByRole('button', { name: 'Preview' }),
        bar.getByRole('button', { name: 'Publish', exact: true }),
        bar.getByRole('button', { name: 'More' }),
      ];
      const boxes = await Promise.all(controls.map(boxOf));
      for (const [index, box] of boxes.entries()) {
        expect(box.height, `control ${index} too small to tap`).toBeGreaterThanOrEqual(44);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `control ${index} past the screen`).toBeLessThanOrEqual(width);
        for (const other of boxes.slice(index + 1)) expect(overlap(box, other)).toBe(false);
        expect(await tappable(page, controls[index]!), `control ${index} covered`).toBe(true);
      }
      // Each control holds its own words: none runs out of its box under the next.
      for (const control of controls) {
        expect(
          await control.evaluate((element) => element.scrollWidth <= element.clientWidth),
        ).toBe(true);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
      expect(pageErrors).toEqual([]);
      await close();
    });
  }
});

describe('on a phone, the alt-text dialog', () => {
  it('shows the photo it asks about, named by the description as it is typed', async () => {
    const { page, pageErrors, close } = await openPage(browser, {
      ...phone(390),
      storageState: ownerState,
    });
    await visit(page, `${site.url}/members/admin/writing`);
    await page.getByRole('button', { name: 'New Post' }).click();
    await page.getByLabel('Title', { exact: true }).fill('Herons at Lock 14');
    await page.getByRole('button', { name: 'Start Writing' }).click();
    await page.locator('.cm-content').waitFor();
    await page.getByLabel('Upload image', { exact: true }).setInputFiles({
      name: 'IMG_0412.jpg',
      mimeType: 'image/jpeg',
      buffer: await phonePhoto({ width: 4000, height: 3000, seed: 7 }),
    });
    const describe = page.getByRole('dialog', { name: 'Describe the image' });
    // The photo's inspection takes the server a second or more when the machine is busy.
    await describe.waitFor({ timeout: 30_000 });
    const thumb = describe.locator('img');
    // On screen as the dialog opens: not a blank box while the server makes its copies.
    expect(
      await thumb.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0),
    ).toBe(true);
    const box = await boxOf(thumb);
    expect(box.height).toBeGreaterThan(100);
    await describe.getByLabel('What does it show?').fill('Three herons on the lock gates');
    await describe.getByRole('img', { name: 'Three herons on the lock gates' }).waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  }, 60_000);
});
