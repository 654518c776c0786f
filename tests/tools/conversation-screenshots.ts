/**
 * Screenshots of the conversation under a post at 390 px and 1280 px, light and dark: as a
 * visitor reads it, and as a member replying; a journal entry's conversation and the journal's
 * count; the blog with its comment counts, and the owner's console at a phone's width. Run after
 * `pnpm build`:
 *   cd tests && npx tsx tools/conversation-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';
import { openPage, signInByCode, startStack, uniqueEmail, visit } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/conversation-shots');
fs.mkdirSync(out, { recursive: true });
const owner = uniqueEmail('owner');
const stack = await startStack({ env: { ADMIN_EMAILS: owner } });
const SLUG = 'why-i-write-in-public';

const ENTRY = 'first-warm-saturday';

/** A signed-in browser's state, after it said something under the post (or another item). */
async function says(
  email: string,
  lines: Array<{ body: string; replyTo?: string }>,
  item = `/api/posts/${SLUG}`,
) {
  const { context, close } = await openPage(stack.browser);
  await signInByCode(context, stack, email);
  const post = (await (await fetch(stack.site.url + item)).json()) as { id: string };
  for (const line of lines) {
    let parentId: number | undefined;
    if (line.replyTo) {
      const thread = await context.request.get(
        `${stack.site.url}/api/discussions/posts/${post.id}`,
      );
      const comments = ((await thread.json()) as { comments: Array<{ id: number; body: string }> })
        .comments;
      parentId = comments.find((comment) => comment.body.startsWith(line.replyTo!))?.id;
    }
    await context.request.post(`${stack.site.url}/api/discussions/posts/${post.id}/comments`, {
      headers: { origin: stack.site.url },
      data: { body: line.body, parentId },
    });
  }
  const state = await context.storageState();
  await close();
  return state;
}

const member = await says(uniqueEmail('ada'), [
  {
    body: 'This is the push I needed. I have had a folder of drafts for two years; publishing the first one tonight.',
  },
]);
const ownerState = await says(owner, [
  {
    body: 'Do it! The first one is the hardest. Tell me when it is up: https://example.com/ideas',
    replyTo: 'This is the push',
  },
]);
await says(uniqueEmail('bo'), [{ body: 'Same here. Learning in public keeps me honest.' }]);
await says(
  uniqueEmail('grace'),
  [{ body: 'The first warm Saturday is a holiday nobody declared.' }],
  `/api/journal/${ENTRY}`,
);

async function shoot(
  name: string,
  storageState: Awaited<ReturnType<BrowserContext['storageState']>> | undefined,
  act?: (page: Page) => Promise<void>,
) {
  for (const view of SCREENSHOT_VIEWS) {
    const { page, close } = await openPage(stack.browser, {
      viewport: view.viewport,
      colorScheme: view.colorScheme,
      ...(storageState ? { storageState } : {}),
    });
    await visit(page, `${stack.site.url}/posts/${SLUG}#conversation`);
    await page.waitForLoadState('networkidle');
    await act?.(page);
    await page.locator('#conversation').screenshot({
      path: path.join(out, `${name}-${view.width}-${view.colorScheme}.png`),
    });
    await close();
  }
}

try {
  await shoot('visitor', undefined);
  await shoot('member', member, async (page) => {
    await page.getByRole('button', { name: 'Reply' }).first().click();
  });
  for (const view of SCREENSHOT_VIEWS) {
    const { page, close } = await openPage(stack.browser, {
      viewport: view.viewport,
      colorScheme: view.colorScheme,
    });
    await visit(page, `${stack.site.url}/blog`);
    await page.screenshot({ path: path.join(out, `blog-${view.width}-${view.colorScheme}.png`) });
    await visit(page, `${stack.site.url}/journal/${ENTRY}`);
    await page.screenshot({
      path: path.join(out, `journal-entry-${view.width}-${view.colorScheme}.png`),
      fullPage: true,
    });
    await visit(page, `${stack.site.url}/journal`);
    await page.locator(`#${ENTRY}`).screenshot({
      path: path.join(out, `journal-${view.width}-${view.colorScheme}.png`),
    });
    await close();
    const console = await openPage(stack.browser, {
      viewport: view.viewport,
      colorScheme: view.colorScheme,
      storageState: ownerState,
    });
    await visit(console.page, `${stack.site.url}/members/admin/analytics`);
    await console.page.waitForLoadState('networkidle');
    await console.page.screenshot({
      path: path.join(out, `console-${view.width}-${view.colorScheme}.png`),
    });
    await console.close();
  }
  console.log(`Screenshots in ${out}`);
} finally {
  await stack.stop();
}
