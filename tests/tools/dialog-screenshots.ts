/**
 * Screenshots of the dialogs and drawers a reader opens on a page: the subscribe popup (email
 * and details steps, an error shown), the sign-in dialog (email form with an error, link sent)
 * and the menu's social drawer, at 390 px and 1280 px, light and dark, against the production
 * build. Run after `pnpm build`:
 *   cd tests && npx tsx tools/dialog-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { MESSAGES } from '@quillpost/domain';
import { openPage, startStack, uniqueEmail, visit } from '../support/stack.js';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';

const out = path.resolve(process.argv[2] ?? '/tmp/dialog-shots');
fs.mkdirSync(out, { recursive: true });
const stack = await startStack();

try {
  for (const { width, colorScheme, viewport } of SCREENSHOT_VIEWS) {
    const { page, close } = await openPage(stack.browser, {
      viewport,
      colorScheme,
    });
    const shot = (name: string) =>
      page.screenshot({ path: path.join(out, `${name}-${width}-${colorScheme}.png`) });
    const header = page.getByRole('banner');

    await visit(page, stack.site.url + '/');
    await header.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true }).click();
    const popup = page.getByRole('dialog');
    await popup.getByLabel('Email address').fill('not an address');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await shot('subscribe-email-error');
    await popup.getByLabel('Email address').fill('ada@example.test');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.getByLabel(/Your name/).waitFor();
    await shot('subscribe-details');

    await visit(page, stack.site.url + '/');
    await header.getByRole('button', { name: MESSAGES.SIGN_IN, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email address').fill('nope');
    await dialog.getByRole('button', { name: 'Send Link' }).click();
    await shot('sign-in-email-error');
    // A new address each time: one mailbox gets three links an hour.
    await dialog.getByLabel('Email address').fill(uniqueEmail('ada'));
    await dialog.getByRole('button', { name: 'Send Link' }).click();
    await dialog.getByRole('button', { name: /Back/ }).waitFor();
    await shot('sign-in-sent');

    if (width === 390) {
      await visit(page, stack.site.url + '/blog');
      await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: /Elsewhere/ }).click();
      await shot('menu-drawer');
    }
    await close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await stack.stop();
}
