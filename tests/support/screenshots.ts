import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { openPage, signInByCode, visit, type Stack } from './stack.js';

/** The windows every screenshot tool shoots: a phone and a desktop, each light and dark. */
export const SCREENSHOT_VIEWS = [390, 1280].flatMap((width) =>
  (['light', 'dark'] as const).map((colorScheme) => ({
    width,
    colorScheme,
    viewport: { width, height: width === 390 ? 844 : 900 },
  })),
);

/**
 * A screenshot tool's `shoot(name, url, act?)`: the page as the signed-in `email` sees it, in
 * every view, written to `out` as `<name>-<width>-<scheme>.png`. `fullPage` says, per width,
 * whether the whole page is shot or only the window.
 */
export function signedInShooter(
  stack: Stack,
  email: string,
  out: string,
  fullPage: (width: number) => boolean = () => true,
) {
  let state: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
  return async function shoot(name: string, url: string, act?: (page: Page) => Promise<void>) {
    if (!state) {
      const { context, close } = await openPage(stack.browser);
      await signInByCode(context, stack, email);
      state = await context.storageState();
      await close();
    }
    for (const view of SCREENSHOT_VIEWS) {
      const { page, close } = await openPage(stack.browser, {
        viewport: view.viewport,
        colorScheme: view.colorScheme,
        storageState: state,
      });
      await visit(page, stack.site.url + url);
      await page.waitForLoadState('networkidle');
      await act?.(page);
      await page.screenshot({
        path: path.join(out, `${name}-${view.width}-${view.colorScheme}.png`),
        fullPage: fullPage(view.width),
      });
      await close();
    }
  };
}
