import { MENU_SCROLL_THRESHOLD_PX, MOBILE_MENU_LINKS, siteSchema } from '@quillpost/domain';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPage,
  signInByCode,
  startStack,
  uniqueEmail,
  type Stack,
  visit,
} from '../support/stack.js';

const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

/** What "looks different" means for the button: its painted background, border and shadow. */
function lookOf(button: Locator) {
  return button.evaluate((element) => {
    const style = getComputedStyle(element);
    return [style.backgroundColor, style.borderColor, style.boxShadow].join(' | ');
  });
}

async function scrollTo(page: Page, y: number) {
  await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), y);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(y);
}

describe('the mobile menu at 390 × 844', () => {
  it('floats top right, changes look past 130 px, and lists the sections with the current one marked', async () => {
    const { page, context, pageErrors, close } = await openPage(stack.browser, PHONE);
    await visit(page, stack.site.url + '/blog');
    await page.getByRole('main').getByRole('heading', { level: 1 }).waitFor();

    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await button.waitFor();
    const box = await button.boundingBox();
    expect(box).not.toBeNull();
    if (!box) return;
    expect(box.x + box.width).toBeGreaterThan(390 - 32);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y).toBeLessThan(48);
    await expect(button.evaluate((el) => getComputedStyle(el).position)).resolves.toBe('fixed');

    // Its look: the same up to the threshold, different beyond it, and back again.
    const resting = await lookOf(button);
    const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
    expect(pageHeight, '/blog must be long enough to scroll past the threshold').toBeGreaterThan(
      844 + MENU_SCROLL_THRESHOLD_PX + 100,
    );
    await scrollTo(page, MENU_SCROLL_THRESHOLD_PX - 30);
    await page.waitForTimeout(400); // any transition would have finished
    await expect(lookOf(button)).resolves.toBe(resting);
    await scrollTo(page, MENU_SCROLL_THRESHOLD_PX + 100);
    await expect.poll(() => lookOf(button), { timeout: 3_000 }).not.toBe(resting);
    const raised = await button.boundingBox();
    expect(raised?.y).toBe(box.y); // still floating in the same place
    await scrollTo(page, 0);
    await expect.poll(() => lookOf(button), { timeout: 3_000 }).toBe(resting);

    // The slide-in panel.
    await button.click();
    const panel = page.getByRole('dialog', { name: 'Menu' });
    await panel.waitFor();
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('true');
    const sections = panel.getByRole('navigation').getByRole('link');
    await expect(sections.allInnerTexts()).resolves.toEqual(MOBILE_MENU_LINKS.map((l) => l.label));
    await expect(
      sections.evaluateAll((links) => links.map((a) => a.getAttribute('href'))),
    ).resolves.toEqual(MOBILE_MENU_LINKS.map((l) => l.path));
    // On /blog, Write is the current section, and only Write.
    const current = panel.getByRole('navigation').locator('[aria-current="page"]');
    await expect(current.allInnerTexts()).resolves.toEqual(['Write']);
    // Slid in from the right edge (poll: it may still be sliding).
    await expect
      .poll(async () => {
        const panelBox = await panel.boundingBox();
        return Math.round((panelBox?.x ?? 0) + (panelBox?.width ?? 0));
      })
      .toBe(390);

    // The social drawer: the four profiles site.yml names, new tabs, no opener.
    const { socialProfiles } = siteSchema.parse(
      await (await fetch(`${stack.site.url}/api/site`)).json(),
    );
    expect(socialProfiles.map((profile) => profile.label)).toEqual([
      'X (Twitter)',
      'GitHub',
      'LinkedIn',
      'Instagram',
    ]);
    const drawerToggle = panel.getByRole('button', { name: /Elsewhere/ });
    await expect(drawerToggle.getAttribute('aria-expanded')).resolves.toBe('false');
    await drawerToggle.click();
    await expect(drawerToggle.getAttribute('aria-expanded')).resolves.toBe('true');
    for (const social of socialProfiles) {
      const link = panel.getByRole('link', { name: new RegExp(`^${escape(social.label)}`) });
      await expect(link.isVisible()).resolves.toBe(true);
      await expect(link.getAttribute('href')).resolves.toBe(social.url);
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      await expect(link.getAttribute('rel')).resolves.toMatch(/\bnoopener\b/);
    }
    // Following one opens a new tab without a handle on this one (stubbed: no real network).
    const github = socialProfiles.find((link) => link.network === 'github');
    if (!github) throw new Error('no GitHub profile');
    await context.route(github.url, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>profile</title><p>profile</p>' }),
    );
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      panel.getByRole('link', { name: new RegExp(`^${escape(github.label)}`) }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(github.url);
    await expect(tab.evaluate(() => window.opener)).resolves.toBeNull();
    await tab.close();
    expect(new URL(page.url()).pathname).toBe('/blog');

    // Escape closes the panel and hands focus back to the button.
    await page.keyboard.press('Escape');
    await expect(panel.count()).resolves.toBe(0);
    await expect(button.getAttribute('aria-expanded')).resolves.toBe('false');
    await expect(button.evaluate((el) => el === document.activeElement)).resolves.toBe(true);

    // A section link navigates and closes the panel; the new section is the current one.
    await button.click();
    await panel.getByRole('link', { name: 'Learn', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/learn');
    await expect(panel.count()).resolves.toBe(0);
    await visit(page, stack.site.url + '/bookshelf');
    await button.click();
    await panel.waitFor();
    await expect(
      panel.getByRole('navigation').locator('[aria-current="page"]').allInnerTexts(),
    ).resolves.toEqual(['Learn']);

    expect(pageErrors).toEqual([]);
    await close();
  });

  it('steps aside while the user menu is open', async () => {
    const { page, context, pageErrors, close } = await openPage(stack.browser, PHONE);
    await signInByCode(context, stack, uniqueEmail('phone'));
    await visit(page, stack.site.url + '/');
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await button.waitFor();

    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).waitFor();
    await expect(button.isVisible()).resolves.toBe(false);
    await page.keyboard.press('Escape');
    await expect.poll(() => button.isVisible()).toBe(true);
    expect(pageErrors).toEqual([]);
    await close();
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
