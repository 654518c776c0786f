import { MEMBERS_DASHBOARD_PATH, MESSAGES } from '@quillpost/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXED_PAGES,
  SLUG_PAGES,
  slugPagesOf,
  type SlugPageKind,
} from '../support/public-pages.js';
import {
  openPage,
  signInByCode,
  startStack,
  uniqueEmail,
  visit,
  type Stack,
} from '../support/stack.js';

/**
 * The site keeps its own Content-Security-Policy: every public page, the dialogs a visitor opens
 * and the screens that check answers with zod (which probes for `new Function` unless told not
 * to) run in Chromium until the network is idle, and anything the browser refuses fails: each
 * refusal fires a `securitypolicyviolation` event and logs an error to the console.
 */

declare global {
  interface Window {
    cspViolations: string[];
  }
}

let stack: Stack;
let slugPages: Map<SlugPageKind, string>;

beforeAll(async () => {
  stack = await startStack();
  slugPages = await slugPagesOf(stack.site.url);
});

afterAll(async () => {
  await stack?.stop();
});

/** A context whose every document records the policy violations it sees, and its console's. */
async function watchedPage() {
  const opened = await openPage(stack.browser);
  await opened.context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(
        `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`,
      );
    });
  });
  const consoleReports: string[] = [];
  opened.page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
      consoleReports.push(message.text());
    }
  });
  return { ...opened, consoleReports };
}

/** What the page on screen was refused, once every request it started has finished. */
async function violationsOf(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => window.cspViolations);
}

describe('the violation check', () => {
  it('catches what the policy refuses: an inline script', async () => {
    const { page, consoleReports, close } = await watchedPage();
    await visit(page, stack.site.url + '/');
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'document.title = "injected"';
      document.head.append(inline);
    });
    await expect.poll(() => violationsOf(page)).toEqual([expect.stringMatching(/^script-src/)]);
    expect(consoleReports).toEqual([expect.stringMatching(/Content Security Policy/)]);
    expect(await page.title()).not.toBe('injected');
    await close();
  });
});

describe('no page breaks the Content-Security-Policy', () => {
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let consoleReports: string[];

  beforeAll(async () => {
    ({ context, page, pageErrors, consoleReports } = await watchedPage());
  });

  afterAll(async () => {
    await context?.close();
  });

  it.each(FIXED_PAGES)('%s', async (path) => {
    await visit(page, stack.site.url + path);
    expect(await violationsOf(page)).toEqual([]);
  });

  it.each(Object.keys(SLUG_PAGES) as SlugPageKind[])('%s', async (kind) => {
    const path = slugPages.get(kind);
    expect(path, `the sitemap lists ${kind}`).toBeDefined();
    await visit(page, stack.site.url + path);
    expect(await violationsOf(page)).toEqual([]);
  });

  it('logged no policy error and threw nothing on any of these pages', () => {
    expect(consoleReports).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});

describe('screens that check answers with zod keep the policy too', () => {
  it('the sign-in dialog, which reads the sign-in providers', async () => {
    const { page, pageErrors, consoleReports, close } = await watchedPage();
    await visit(page, stack.site.url + '/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: MESSAGES.SIGN_IN, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.SIGN_IN_TITLE });
    await dialog.getByRole('button', { name: 'Email me a sign-in link' }).waitFor();
    expect(await violationsOf(page)).toEqual([]);
    expect([...consoleReports, ...pageErrors]).toEqual([]);
    await close();
  });

  it('subscribing from the popup, then /manage reading the subscription', async () => {
    const { page, pageErrors, consoleReports, close } = await watchedPage();
    await visit(page, stack.site.url + '/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true })
      .click();
    const popup = page.getByRole('dialog');
    await popup.getByLabel('Email address').fill(uniqueEmail('policy'));
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.getByText('✓ Security check passed').waitFor();
    await popup.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true }).click();
    await popup.getByText(MESSAGES.SUBSCRIBE_ACCEPTED, { exact: true }).waitFor();
    expect(await violationsOf(page)).toEqual([]);

    await visit(page, stack.site.url + '/manage');
    await page.getByRole('heading', { name: 'What you receive' }).waitFor();
    expect(await violationsOf(page)).toEqual([]);
    expect([...consoleReports, ...pageErrors]).toEqual([]);
    await close();
  });

  it("a member's dashboard and account", async () => {
    const { context, page, pageErrors, consoleReports, close } = await watchedPage();
    await signInByCode(context, stack, uniqueEmail('member'));
    for (const path of [MEMBERS_DASHBOARD_PATH, '/members/account']) {
      await visit(page, stack.site.url + path);
      await page.getByRole('main').getByRole('heading').first().waitFor();
      expect(await violationsOf(page), path).toEqual([]);
    }
    expect([...consoleReports, ...pageErrors]).toEqual([]);
    await close();
  });
});
