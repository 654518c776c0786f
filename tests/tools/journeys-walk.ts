/**
 * The three journeys, walked in Chromium on a 390 px phone as their users would, with a
 * screenshot after each step: a new owner making the site theirs (Console → Site), the owner
 * writing and publishing a post with a phone photo, and a reader replying under it. Run after
 * `pnpm build`:
 *   cd tests && npx tsx tools/journeys-walk.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { phonePhoto } from '@quillpost/api/test-support/photos';
import { MESSAGES } from '@quillpost/domain';
import type { Page } from 'playwright-core';
import { openPage, signInByCode, startStack, uniqueEmail, visit } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/journeys');
fs.mkdirSync(out, { recursive: true });
const owner = uniqueEmail('owner');
const stack = await startStack({ env: { ADMIN_EMAILS: owner } });
const phone = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
let step = 0;
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(out, `${String(++step).padStart(2, '0')}-${name}.png`) });

try {
  const desk = await openPage(stack.browser, phone);
  await signInByCode(desk.context, stack, owner);
  const { page } = desk;

  // A new owner makes the site theirs.
  await visit(page, `${stack.site.url}/members/admin/site`);
  await page.getByLabel('Site title').fill('Ada Palmer');
  await page.getByLabel('Your name').fill('Ada Palmer');
  await shot(page, 'site-form');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText(MESSAGES.SITE_UPDATED).waitFor();
  await visit(page, `${stack.site.url}/`);
  await shot(page, 'home-as-ada');

  // The owner writes a post with a phone photo and publishes it.
  await visit(page, `${stack.site.url}/members/admin/writing`);
  await page.getByRole('button', { name: 'New Post' }).click();
  await page.getByLabel('Title', { exact: true }).fill('The harbour at dawn');
  await page.getByRole('button', { name: 'Start Writing' }).click();
  await page.getByRole('heading', { name: 'The harbour at dawn' }).waitFor();
  await page.getByLabel('Excerpt').fill('Six o’clock, before the boats.');
  await page.getByLabel('Upload featured image').setInputFiles({
    name: 'IMG_2041.JPG',
    mimeType: 'image/jpeg',
    buffer: await phonePhoto({ width: 4000, height: 3000, orientation: 6 }),
  });
  // The writer sees the photo's address fill in once it is up.
  const featured = page.getByLabel('Featured image', { exact: true });
  for (let tries = 0; !(await featured.inputValue()).startsWith('/content/images/'); tries += 1) {
    if (tries > 100) throw new Error('the photo did not upload');
    await page.waitForTimeout(200);
  }
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.insertText('The light comes up behind the hill first, then the water.\n');
  await shot(page, 'editor');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByText('Published. Your post is live.').waitFor();
  await shot(page, 'published');
  await visit(page, `${stack.site.url}/posts/the-harbour-at-dawn`);
  await page.locator('.post img').first().waitFor();
  await shot(page, 'post');

  // A reader comments; another replies under it.
  for (const [name, text, reply] of [
    ['grace', 'What a light. Which harbour is it?', false],
    ['bo', 'Looks like the one at Whitby.', true],
  ] as const) {
    const reader = await openPage(stack.browser, phone);
    await signInByCode(reader.context, stack, uniqueEmail(name));
    await visit(reader.page, `${stack.site.url}/posts/the-harbour-at-dawn#conversation`);
    const section = reader.page.getByRole('region', { name: /Conversation|comment/ });
    if (reply) {
      await section.getByRole('button', { name: 'Reply' }).first().click();
      await section.getByLabel(/Reply to/).fill(text);
      await shot(reader.page, 'reply-typed');
      await section.locator('form').getByRole('button', { name: 'Reply' }).click();
    } else {
      await section.getByLabel('Add to the conversation').fill(text);
      await section.getByRole('button', { name: 'Post Comment' }).click();
    }
    await section.getByText(text).waitFor();
    await reader.page.locator('#conversation').screenshot({
      path: path.join(out, `${String(++step).padStart(2, '0')}-conversation-${name}.png`),
    });
    await reader.close();
  }
  await desk.close();
  console.log(`Walked; screenshots in ${out}`);
} finally {
  await stack.stop();
}
