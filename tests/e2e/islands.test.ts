/**
 * Reading pages as islands (issue 39, decision 0035), in Chromium on the production build: what a
 * phone downloads before its reader acts, what the first tap brings, a known reader's header
 * without a visitor's flash, and every reader's action with JavaScript off.
 */
import { MESSAGES } from '@quillpost/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totalBytes, watchTransfers } from '../support/browser.js';
import { openPage, startStack, visit, type Stack } from '../support/stack.js';

/** The budget of issue 39: JavaScript as transferred before any interaction. */
const BEFORE_INTERACTION_BYTES = 15_000;

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('a reading page before its reader acts', () => {
  it.each(['/', '/posts/why-i-write-in-public', '/blog', '/search?q=bread'])(
    '%s loads at most 15 KB of JavaScript, and no React',
    async (path) => {
      const { page, pageErrors, close } = await openPage(stack.browser, {
        viewport: { width: 390, height: 844 },
      });
      const watched = watchTransfers(page, 'script');
      await visit(page, stack.site.url + path);
      await page.waitForLoadState('networkidle');
      const scripts = await watched();
      expect(totalBytes(scripts)).toBeLessThanOrEqual(BEFORE_INTERACTION_BYTES);
      expect(scripts.map((script) => script.path)).toEqual([
        expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/),
      ]);
      expect(pageErrors).toEqual([]);
      await close();
    },
  );
});

describe('the first tap', () => {
  it('on Subscribe brings the popup; on Sign In to Join the Conversation, the dialog that comes back to it', async () => {
    const { page, pageErrors, close } = await openPage(stack.browser, {
      viewport: { width: 390, height: 844 },
    });
    await visit(page, stack.site.url + '/posts/why-i-write-in-public');
    const call = page.getByRole('complementary', { name: 'Newsletter' });
    await call.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true }).click();
    const popup = page.getByRole('dialog');
    await popup.getByLabel('Email address').waitFor();
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);

    await page.getByRole('button', { name: 'Sign In to Join the Conversation' }).click();
    await page.getByRole('dialog', { name: 'Sign in to join the conversation' }).waitFor();
    expect(pageErrors).toEqual([]);
    await close();
  });
});

describe('a reader this browser knows', () => {
  it('never sees the visitor’s buttons: hidden until their own arrive', async () => {
    const { page, pageErrors, close } = await openPage(stack.browser);
    await page.goto(stack.site.url + '/tos');
    await page.evaluate((email) => {
      localStorage.setItem(
        'subscription',
        JSON.stringify({
          email,
          name: 'Ada',
          subscribedAt: new Date().toISOString(),
          verified: false,
          status: 'pending',
          wantsAccount: false,
        }),
      );
    }, 'ada.known@example.test');
    // The cookie that tells the server (decision 0042) comes once the reader's code runs: here,
    // on the intent to press Subscribe, as for a browser that subscribed before it existed.
    await page.reload();
    expect(await page.locator('html').getAttribute('data-member')).toBeNull();
    await page
      .getByRole('banner')
      .getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true })
      .hover();
    await expect
      .poll(async () => (await page.context().cookies()).map((cookie) => cookie.name))
      .toContain('qp_known');

    // Holding the islands' code back shows the page as it is before they arrive.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/runtime-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(stack.site.url + '/');
    await expect(page.locator('html').getAttribute('data-member')).resolves.toBe('');
    const presumed = page.locator('.header-actions--presumed');
    await expect(
      presumed.evaluate((element) => getComputedStyle(element).visibility),
    ).resolves.toBe('hidden');

    release();
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: MESSAGES.SUBSCRIBED, exact: true }).waitFor();
    await expect(presumed.count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
    await close();
  });
});

describe('with JavaScript off', () => {
  it('reads a post and its conversation, and Subscribe, Sign In, Follow and Search lead to pages that work', async () => {
    const { page, close } = await openPage(stack.browser, { javaScriptEnabled: false });
    await page.goto(stack.site.url + '/posts/why-i-write-in-public');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Why I write in public',
    );
    await page.locator('#conversation').getByRole('heading', { level: 2 }).waitFor();

    const header = page.getByRole('banner');
    await expect(
      header.getByRole('link', { name: MESSAGES.SUBSCRIBE, exact: true }).getAttribute('href'),
    ).resolves.toBe('/subscribe?source=header');
    await expect(
      header.getByRole('link', { name: MESSAGES.SIGN_IN, exact: true }).getAttribute('href'),
    ).resolves.toBe('/members');

    // Follow from your own server: a plain form, on to that server's page for following.
    await page.route('https://fosstodon.org/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Fosstodon</title>' }),
    );
    const follow = page.getByRole('complementary', { name: 'Follow on the fediverse' });
    const account = await follow.getByRole('link', { name: /^@\w+@/ }).textContent();
    await follow.getByLabel('Your server').fill('fosstodon.org');
    await follow.getByRole('button', { name: 'Follow' }).click();
    await page.waitForURL(/^https:\/\/fosstodon\.org\//);
    expect(page.url()).toBe(
      `https://fosstodon.org/authorize_interaction?uri=${encodeURIComponent(account!)}`,
    );
    await page.goto(stack.site.url + '/posts/why-i-write-in-public');

    await header.getByRole('link', { name: 'Search' }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    await page.getByRole('searchbox', { name: 'Search the site' }).fill('lopsided');
    await page.getByRole('searchbox', { name: 'Search the site' }).press('Enter');
    await page.getByRole('link', { name: /First warm Saturday/ }).waitFor();
    await close();
  });

  it("keeps the Follow box's server field and button inside the card, on a phone and a desk", async () => {
    for (const width of [390, 1280]) {
      const { page, close } = await openPage(stack.browser, { viewport: { width, height: 900 } });
      await page.goto(stack.site.url + '/posts/why-i-write-in-public');
      const card = await page
        .getByRole('complementary', { name: 'Follow on the fediverse' })
        .boundingBox();
      const button = await page
        .getByRole('complementary', { name: 'Follow on the fediverse' })
        .getByRole('button', { name: 'Follow' })
        .boundingBox();
      expect(button!.x + button!.width, `${width} px`).toBeLessThan(card!.x + card!.width);
      // The words read as a paragraph, not a narrow column beside the form.
      const text = await page.locator('.follow-box__text').boundingBox();
      expect(text!.width, `${width} px`).toBeGreaterThan(card!.width * 0.75);
      await close();
    }
  });

  it('shows a phone the sections in the header, as the menu button has no panel to open', async () => {
    const { page, close } = await openPage(stack.browser, {
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    await page.goto(stack.site.url + '/blog');
    const sections = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect(sections.getByRole('link', { name: 'Write' }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('button', { name: 'Menu', exact: true }).isVisible()).resolves.toBe(
      false,
    );
    await close();
  });
});
