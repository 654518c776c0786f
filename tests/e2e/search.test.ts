/**
 * Search (issue 26) in Chromium on the production build: the header's field with results as the
 * reader types, keyboard all the way, and /search?q= as plain HTML for a reader without
 * JavaScript.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKING_IMPACTS, scanPage } from '../support/axe.js';
import { openPage, startStack, visit, type Stack } from '../support/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('search', () => {
  it('finds a journal entry as the reader types, and opens it with the arrow keys and Enter', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, pageErrors, close } = await openPage(stack.browser, {
        viewport: { width: 390, height: 844 },
        colorScheme,
      });
      await visit(page, stack.site.url + '/blog');
      const field = page.getByRole('combobox', { name: 'Search the site' });
      // `/` works once the page's script has taken over (a moment after it is readable; on a busy
      // 2-core machine, more than the poll's default second).
      await expect
        .poll(
          async () => {
            await page.keyboard.press('/');
            return field.isVisible();
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      await field.fill('lopsided');
      const result = page.getByRole('option', { name: /First warm Saturday/ });
      await result.waitFor();
      expect(await result.locator('mark').first().textContent()).toMatch(/lopsided/i);
      const violations = (await scanPage(page)).filter((v) => BLOCKING_IMPACTS.includes(v.impact!));
      expect(violations, colorScheme).toEqual([]);
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.pathname === '/journal/first-warm-saturday');
      expect(pageErrors).toEqual([]);
      await close();
    }
  });

  it('answers /search?q= in HTML without JavaScript, not for search engines', async () => {
    const response = await fetch(`${stack.site.url}/search?q=${encodeURIComponent('bread')}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toMatch(/<meta data-page-head name="robots" content="noindex"/);
    expect(html).toContain('First warm Saturday');
    expect(html).toMatch(/<form[^>]*action="\/search"/);

    const { page, close } = await openPage(stack.browser, { javaScriptEnabled: false });
    await page.goto(`${stack.site.url}/search`);
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('lopsided');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('q') === 'lopsided');
    await page.getByRole('link', { name: 'First warm Saturday' }).waitFor();
    await close();
  });
});
