/**
 * Cookieless page views (issue 25) as a reader's browser sends them: the first page once it has
 * loaded, each page reached inside the app after it; no cookie, nothing in local storage.
 */
import path from 'node:path';
import { readRows } from '@quillpost/api/test-support/database-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startStack, visit, type Stack } from '../support/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
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
        { path: '/', source: '', utm_source: 'newsletter', device: 'phone' },
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
