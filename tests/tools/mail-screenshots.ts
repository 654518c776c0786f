/**
 * Screenshots of the sign-in confirmation page, its result page and the emails a reader gets
 * (sign-in link, subscription confirmation), at 390 px and 1280 px, light and dark, against the
 * production build. Run after `pnpm build`:
 *   cd tests && npx tsx tools/mail-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { linkIn, waitForMail } from '../support/mail.js';
import { openPage, startStack } from '../support/stack.js';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';

const out = path.resolve(process.argv[2] ?? '/tmp/mail-shots');
fs.mkdirSync(out, { recursive: true });
const stack = await startStack();
const email = 'ada.lovelace@example.test';
const origin = { origin: stack.site.url };

try {
  await fetch(`${stack.site.url}/api/auth/magic-link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...origin },
    body: JSON.stringify({ email, returnUrl: '/' }),
  });
  const signIn = await waitForMail(stack.sink, email, /sign-in link/);
  await fetch(`${stack.site.url}/api/auth/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...origin },
    body: JSON.stringify({ email: 'grace@example.test', name: 'Grace', wantsAccount: false }),
  });
  const confirm = await waitForMail(stack.sink, 'grace@example.test', /onfirm/);
  const confirmUrl = linkIn(signIn, '/api/auth/magic-link/verify');

  for (const { width, colorScheme, viewport } of SCREENSHOT_VIEWS) {
    const { page, close } = await openPage(stack.browser, {
      viewport,
      colorScheme,
    });
    const shot = (name: string) =>
      page.screenshot({
        path: path.join(out, `${name}-${width}-${colorScheme}.png`),
        fullPage: true,
      });
    await page.goto(confirmUrl);
    await shot('confirm-page');
    await page.goto(`${stack.site.url}/api/auth/magic-link/verify?token=not-a-token`);
    await shot('confirm-invalid');
    // A fresh document: written into the last one, the mail would inherit that page's CSP.
    await page.goto('about:blank');
    await page.setContent(signIn.html ?? '');
    await shot('mail-sign-in');
    await page.setContent(confirm.html ?? '');
    await shot('mail-confirm-subscription');
    await close();
  }
  console.log(`screenshots in ${out}`);
} finally {
  await stack.stop();
}
