import { MESSAGES } from '@quillpost/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKING_IMPACTS, formatViolations, scanPage, type Violation } from '../support/axe.js';
import {
  FIXED_PAGES,
  SLUG_PAGES,
  slugPagesOf,
  type SlugPageKind,
} from '../support/public-pages.js';
import { openPage, startStack, type Stack, visit } from '../support/stack.js';

/**
 * Every public screen of spec section 2 (plus the 404 page and the dialogs a visitor opens),
 * scanned with axe-core in the light and the dark color scheme. Serious and critical violations
 * fail; moderate and minor ones are listed at the end of the run.
 */

/** Screens that are a page plus something the visitor opened. */
const OPENED = ['subscribe popup', 'sign-in dialog (magic link)'] as const;

const SCHEMES = ['light', 'dark'] as const;

let stack: Stack;
let resolved: Map<SlugPageKind, string>;
const advisory: string[] = [];

beforeAll(async () => {
  stack = await startStack();
  resolved = await slugPagesOf(stack.site.url);
});

afterAll(async () => {
  if (advisory.length) {
    console.info(`Moderate and minor findings (not failing):\n${advisory.join('\n')}`);
  }
  await stack?.stop();
});

/** Content is in: no splash, no page or resource loader, and the main region has text. */
async function settled(page: Page) {
  const pending = () => {
    const loaders = [...document.querySelectorAll('.splash, .page-loading, .resource-loading')];
    const main = document.querySelector('main');
    const reasons = loaders.map((element) => `loader .${element.className.split(' ').join('.')}`);
    if (!main) reasons.push('no <main>');
    else if (!(main.textContent ?? '').trim()) reasons.push('empty <main>');
    return reasons;
  };
  await expect.poll(() => page.evaluate(pending), { timeout: 10_000, interval: 50 }).toEqual([]);
}

async function expectNoBlockingViolations(page: Page, where: string) {
  const violations = await scanPage(page);
  const blocking = violations.filter((v) => v.impact && BLOCKING_IMPACTS.includes(v.impact));
  const other: Violation[] = violations.filter((v) => !blocking.includes(v));
  if (other.length) advisory.push(formatViolations(where, other));
  expect(blocking, formatViolations(where, blocking)).toEqual([]);
}

describe('the scanner', () => {
  it('reports what it should: an unlabelled button and unreadable text are blocking', async () => {
    const { page, close } = await openPage(stack.browser);
    await visit(page, stack.site.url + '/');
    await settled(page);
    await page.evaluate(() => {
      const probe = document.createElement('div');
      probe.innerHTML =
        '<button type="button"><svg width="10" height="10"></svg></button>' +
        '<p style="color:#eee;background:#fff">barely there</p>';
      document.querySelector('main')?.append(probe);
    });
    const violations = await scanPage(page);
    const rules = violations
      .filter((v) => v.impact && BLOCKING_IMPACTS.includes(v.impact))
      .map((v) => v.rule);
    expect(rules).toEqual(expect.arrayContaining(['button-name', 'color-contrast']));
    expect(formatViolations('probe', violations)).toContain('button-name');
    await close();
  });
});

describe.each(SCHEMES)('accessibility in the %s color scheme', (scheme) => {
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    const opened = await openPage(stack.browser, {
      colorScheme: scheme,
      viewport: { width: 1280, height: 800 },
    });
    ({ context, page, pageErrors } = opened);
  });

  afterAll(async () => {
    await context?.close();
  });

  it.each(FIXED_PAGES)(`%s has no serious or critical violations (${scheme})`, async (path) => {
    await visit(page, stack.site.url + path);
    await settled(page);
    await expectNoBlockingViolations(page, `${path} (${scheme})`);
  });

  it.each(Object.keys(SLUG_PAGES) as SlugPageKind[])(
    `%s has no serious or critical violations (${scheme})`,
    async (kind) => {
      const path = resolved.get(kind);
      expect(path, `the sitemap lists ${kind}`).toBeDefined();
      await visit(page, stack.site.url + path);
      await settled(page);
      await expectNoBlockingViolations(page, `${path} (${scheme})`);
    },
  );

  it.each(OPENED)(`the %s has no serious or critical violations (${scheme})`, async (what) => {
    await visit(page, stack.site.url + '/');
    await settled(page);
    const header = page.getByRole('banner');
    if (what === 'subscribe popup') {
      await header.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Email address').fill('reader@example.test');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await dialog.getByText('✓ Security check passed').waitFor();
    } else {
      await header.getByRole('button', { name: MESSAGES.SIGN_IN, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: MESSAGES.SIGN_IN_TITLE });
      await dialog.getByLabel('Email address').waitFor();
    }
    await expectNoBlockingViolations(page, `/ with the ${what} (${scheme})`);
  });

  it(`the mobile menu panel at 390 px has no serious or critical violations (${scheme})`, async () => {
    const phone = await openPage(stack.browser, {
      colorScheme: scheme,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await visit(phone.page, stack.site.url + '/blog');
    await settled(phone.page);
    await phone.page.getByRole('button', { name: 'Menu', exact: true }).click();
    const panel = phone.page.getByRole('dialog', { name: 'Menu' });
    await panel.getByRole('button', { name: /Elsewhere/ }).click();
    await panel.getByRole('link', { name: /^GitHub/ }).waitFor();
    await expectNoBlockingViolations(
      phone.page,
      `/blog with the mobile menu at 390 px (${scheme})`,
    );
    expect(phone.pageErrors).toEqual([]);
    await phone.close();
  });

  it('threw no uncaught errors on any of these pages', () => {
    expect(pageErrors).toEqual([]);
  });
});
