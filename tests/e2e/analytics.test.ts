/**
 * Cookieless page views (issue 25) as a reader's browser sends them: the first page once it has
 * loaded, each page reached inside the app after it; no cookie, nothing in local storage.
 */
import path from 'node:path';
import { readRows } from '@quillpost/api/test-support/database-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKING_IMPACTS, scanPage } from '../support/axe.js';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';
import {
  openPage,
  signInByCode,
  startStack,
  uniqueEmail,
  visit,
  type Stack,
} from '../support/stack.js';

let stack: Stack;
const owner = uniqueEmail('owner');

beforeAll(async () => {
  stack = await startStack({ env: { ADMIN_EMAILS: owner } });
});

afterAll(async () => {
  await stack?.stop();
});

async function hits() {
  // Written in batches, a second apart.
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  return readRows<{ path: string; source: string; utm_source: string | null; device: string }>(
    path.join(stack.site.dataDir, 'site.db'),
    'SELECT path, source, utm_source, device FROM analytics_hits ORDER BY id',
  );
}

describe('page views', () => {
  it('are sent by the page after it loads and on each page reached inside the app, with no cookie', async () => {
    const { context, page, pageErrors, close } = await openPage(stack.browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    });
    try {
      await visit(page, `${stack.site.url}/?utm_source=newsletter&utm_medium=email`);
      await page.getByRole('link', { name: 'Why I write in public' }).first().click();
      await page.waitForURL('**/posts/why-i-write-in-public');
      expect(await hits()).toEqual([
        // The newsletter's own tags (its click redirect adds them): credited to the newsletter.
        { path: '/', source: 'newsletter', utm_source: 'newsletter', device: 'phone' },
        { path: '/posts/why-i-write-in-public', source: '', utm_source: null, device: 'phone' },
      ]);
      expect(await context.cookies()).toEqual([]);
      expect(
        await page.evaluate(() =>
          Object.keys(localStorage).filter((key) => /analytic|visit/i.test(key)),
        ),
      ).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe("the owner's dashboard", () => {
  it('shows the readers counted, a chart drawn in the page, its figures as a table, and passes axe at 390 and 1280, light and dark', async () => {
    // A reader first, on a computer this time, from a link elsewhere.
    // A headless browser says so in its user agent, and is not counted: this one reads as Chrome.
    const reader = await openPage(stack.browser, {
      viewport: { width: 1280, height: 900 },
      userAgent:
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
    });
    // The page tells its view once the browser is idle after loading it.
    const counted = reader.page.waitForRequest('**/api/analytics/hit');
    await reader.page.goto(`${stack.site.url}/posts/why-i-write-in-public`, {
      referer: 'https://news.ycombinator.com/item?id=1',
    });
    await counted;
    await reader.close();
    await hits();

    const signIn = await openPage(stack.browser);
    await signInByCode(signIn.context, stack, owner);
    const storageState = await signIn.context.storageState();
    await signIn.close();

    for (const view of SCREENSHOT_VIEWS) {
      const { page, pageErrors, close } = await openPage(stack.browser, {
        viewport: view.viewport,
        colorScheme: view.colorScheme,
        storageState,
      });
      try {
        await visit(page, `${stack.site.url}/members/admin/analytics?range=7d`);
        const pages = page.getByRole('region', { name: 'Pages' });
        // Each page by its title, its address beneath.
        await expect
          .poll(() => pages.getByRole('link', { name: 'Why I write in public' }).count())
          .toBe(1);
        expect(await pages.textContent()).toContain('/posts/why-i-write-in-public');
        await expect
          .poll(() => page.getByRole('region', { name: 'Sources' }).textContent())
          .toContain('news.ycombinator.com');
        // uPlot drew its canvas in the card, with the site's CSP intact.
        await page.locator('.traffic-chart__canvas canvas').first().waitFor();
        const violations = (await scanPage(page)).filter((v) =>
          BLOCKING_IMPACTS.includes(v.impact!),
        );
        expect(violations, `${view.width} ${view.colorScheme}`).toEqual([]);
        expect(pageErrors).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
