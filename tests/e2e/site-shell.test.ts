import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, startStack, type Stack } from '../support/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('the production build served by the API', () => {
  it('renders the home page with the brand, the footer and the current year', async () => {
    const { page, pageErrors, close } = await openPage(stack.browser);
    await page.goto(stack.site.url + '/');
    await expect(
      page.getByRole('banner').getByRole('link', { name: 'Rowan Ellis' }).isVisible(),
    ).resolves.toBe(true);
    const footer = page.getByRole('contentinfo');
    await expect(footer.textContent()).resolves.toContain(String(new Date().getFullYear()));
    for (const name of ['Privacy', 'Terms', 'Contact']) {
      await expect(footer.getByRole('link', { name: new RegExp(name) }).count()).resolves.toBe(1);
    }
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('serves client routes on a direct visit and renders /links without header and footer', async () => {
    const { page, close } = await openPage(stack.browser);
    const response = await page.goto(stack.site.url + '/links');
    expect(response?.status()).toBe(200);
    await page.getByRole('main').waitFor();
    await expect(page.getByRole('banner').count()).resolves.toBe(0);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(0);
    await close();
  });

  it('shows a real 404 page for an unknown route', async () => {
    const { page, close } = await openPage(stack.browser);
    await page.goto(stack.site.url + '/no-such-page');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect(page.getByText('Error 404').isVisible()).resolves.toBe(true);
    await expect(page.title()).resolves.toMatch(/not found/i);
    await close();
  });
});
