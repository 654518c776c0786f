import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser.js';
import { startSite, type RunningSite } from '../support/site.js';
import { startSmtpSink } from '../support/smtp-sink.js';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let site: RunningSite;
let browser: Browser;

beforeAll(async () => {
  sink = await startSmtpSink();
  site = await startSite({ smtpUrl: sink.url });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await site?.stop();
  await sink?.close();
});

describe('the production build served by the API', () => {
  it('renders the home page with the brand, the footer and the current year', async () => {
    const page = await browser.newPage();
    await page.goto(site.url + '/');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Rowan Ellis' }).isVisible()).resolves.toBe(true);
    const footer = page.getByRole('contentinfo');
    await expect(footer.textContent()).resolves.toContain(String(new Date().getFullYear()));
    for (const name of ['Privacy', 'Terms', 'Contact']) {
      await expect(footer.getByRole('link', { name: new RegExp(name) }).count()).resolves.toBe(1);
    }
    await page.close();
  });

  it('serves client routes on a direct visit and renders /links without header and footer', async () => {
    const page = await browser.newPage();
    const response = await page.goto(site.url + '/links');
    expect(response?.status()).toBe(200);
    await page.getByRole('main').waitFor();
    await expect(page.getByRole('banner').count()).resolves.toBe(0);
    await expect(page.getByRole('contentinfo').count()).resolves.toBe(0);
    await page.close();
  });

  it('shows a real 404 page for an unknown route', async () => {
    const page = await browser.newPage();
    await page.goto(site.url + '/no-such-page');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toMatch(/not found/i);
    await page.close();
  });
});
