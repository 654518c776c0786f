/**
 * Reading pages as islands (issue 39), against the production build: home, a post, /blog and
 * /books-array as a visitor's browser shows them before any interaction, the same pages with
 * JavaScript off, and a post as a known reader sees it once their islands are live; at 390 px
 * and 1280 px, light and dark. Run after `pnpm build`:
 *   cd tests && npx tsx tools/islands-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { openPage, signInByCode, startStack, visit } from '../support/stack.js';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';

const out = path.resolve(process.argv[2] ?? '/tmp/islands-shots');
fs.mkdirSync(out, { recursive: true });
const stack = await startStack();
const PAGES = {
  home: '/',
  post: '/posts/why-i-write-in-public',
  blog: '/blog',
  books: '/books-array',
};

// One sign-in for every view (sign-in links are rate-limited per address).
const signIn = await openPage(stack.browser);
await signInByCode(signIn.context, stack, 'ada.islands@example.test');
const storageState = await signIn.context.storageState();
await signIn.close();

try {
  for (const { width, colorScheme, viewport } of SCREENSHOT_VIEWS) {
    for (const [name, url] of Object.entries(PAGES)) {
      for (const javaScriptEnabled of [true, false]) {
        const { page, close } = await openPage(stack.browser, {
          viewport,
          colorScheme,
          javaScriptEnabled,
        });
        if (javaScriptEnabled) await visit(page, stack.site.url + url);
        else await page.goto(stack.site.url + url);
        await page.waitForLoadState('networkidle');
        const file = `${name}${javaScriptEnabled ? '' : '-nojs'}-${width}-${colorScheme}.png`;
        await page.screenshot({ path: path.join(out, file) });
        await close();
      }
    }
    const member = await openPage(stack.browser, { viewport, colorScheme, storageState });
    await visit(member.page, stack.site.url + PAGES.post);
    await member.page.locator('#conversation').scrollIntoViewIfNeeded();
    await member.page.getByLabel('Add to the conversation').waitFor();
    await member.page.screenshot({
      path: path.join(out, `post-member-${width}-${colorScheme}.png`),
    });
    await member.close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await stack.stop();
}
