import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXED_PAGES,
  SLUG_PAGES,
  slugPagesOf,
  type SlugPageKind,
} from '../support/public-pages.js';
import { openPage, startStack, visit, type Stack } from '../support/stack.js';

/**
 * The site keeps its own Content-Security-Policy: every public page runs in Chromium until the
 * network is idle, and anything the browser refuses fails (each refusal fires a
 * `securitypolicyviolation` event and logs a console error). The dialogs and the screens that
 * check answers with zod (which probes for `new Function` unless told not to) are covered by
 * their own journeys: openPage counts every refusal among their page errors.
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

/**
 * A context whose every document records the policy violations it sees; openPage already counts
 * the console's reports of them among the page errors, in this journey and every other.
 */
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
  return opened;
}

/** What the page on screen was refused, once every request it started has finished. */
async function violationsOf(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => window.cspViolations);
}

describe('the violation check', () => {
  it('catches what the policy refuses: an inline script', async () => {
    const { page, pageErrors, close } = await watchedPage();
    await visit(page, stack.site.url + '/');
    await page.evaluate(() => {
      const inline = document.createElement('script');
      inline.textContent = 'document.title = "injected"';
      document.head.append(inline);
    });
    await expect.poll(() => violationsOf(page)).toEqual([expect.stringMatching(/^script-src/)]);
    expect(pageErrors).toEqual([expect.stringMatching(/Content Security Policy/)]);
    expect(await page.title()).not.toBe('injected');
    await close();
  });
});

describe('no page breaks the Content-Security-Policy', () => {
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    ({ context, page, pageErrors } = await watchedPage());
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
    expect(pageErrors).toEqual([]);
  });
});

describe('reading pages load no zod and no editor', () => {
  /** A string every build of zod keeps: the name its schemas' base class is registered under. */
  const ZOD_SIGNATURE = '$ZodType';
  /** CodeMirror's editor view registers this class name: the console's editor, never a reader's. */
  const CODEMIRROR_SIGNATURE = 'cm-editor';

  it.each(['/', 'a post'])('%s', async (which) => {
    const path = which === 'a post' ? slugPages.get('a post') : which;
    expect(path, 'the sitemap lists a post').toBeDefined();
    const { page, close } = await openPage(stack.browser);
    const scripts: Array<Promise<{ url: string; body: string }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.text().then((body) => ({ url: response.url(), body })));
      }
    });
    await visit(page, stack.site.url + path);
    await page.waitForLoadState('networkidle');
    const loaded = await Promise.all(scripts);
    expect(loaded.length).toBeGreaterThan(0);
    const carrying = (signature: string) =>
      loaded.filter(({ body }) => body.includes(signature)).map(({ url }) => url);
    expect(carrying(ZOD_SIGNATURE), 'scripts with zod').toEqual([]);
    expect(carrying(CODEMIRROR_SIGNATURE), 'scripts with the editor (CodeMirror)').toEqual([]);
    await close();
  });
});
