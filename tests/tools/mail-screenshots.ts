/**
 * Screenshots of the sign-in confirmation page, its result page and the emails a reader gets
 * (sign-in link, subscription confirmation, a newsletter with a drawing), at 390 px and 1280 px, light and dark, against the
 * production build. Run after `pnpm build`:
 *   cd tests && npx tsx tools/mail-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { linkIn, waitForMail } from '../support/mail.js';
import { openPage, signInByCode, startStack } from '../support/stack.js';
import { SCREENSHOT_VIEWS } from '../support/screenshots.js';

/** One HTML document on a loopback port. */
async function serve(html: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

const out = path.resolve(process.argv[2] ?? '/tmp/mail-shots');
fs.mkdirSync(out, { recursive: true });
const owner = 'owner@example.test';
const stack = await startStack({ env: { ADMIN_EMAILS: owner, NEWSLETTER_RATE_PER_SECOND: '0' } });
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
  // Grace confirms; the owner sends her a post whose featured image is a drawing (an SVG, which
  // goes out as its PNG rendition).
  const token = new URL(linkIn(confirm, 'verify=')).searchParams.get('verify')!;
  await fetch(`${stack.site.url}/verify?token=${encodeURIComponent(token)}`, {
    headers: { Accept: 'application/json' },
  });
  const ownerPage = await openPage(stack.browser);
  await signInByCode(ownerPage.context, stack, owner);
  const created = await ownerPage.context.request.post(
    `${stack.site.url}/api/admin/newsletter/issues`,
    { headers: origin, data: { kind: 'post', slug: 'a-folder-of-tiny-tools' } },
  );
  const { issue: made } = (await created.json()) as { issue: { id: number } };
  await ownerPage.context.request.post(
    `${stack.site.url}/api/admin/newsletter/issues/${made.id}/send`,
    { headers: origin, data: {} },
  );
  await ownerPage.close();
  const issue = await waitForMail(stack.sink, 'grace@example.test', /tiny tools/i);
  const mailServer = await serve(issue.html ?? '');

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
    // Served from loopback as a mail client's view would be: Chromium refuses a blank page's
    // request into the loopback address space, where the test site (and its images) live.
    await page.goto(mailServer.url, { waitUntil: 'networkidle' });
    await shot('mail-newsletter');
    await close();
  }
  mailServer.close();
  console.log(`screenshots in ${out}`);
} finally {
  await stack.stop();
}
