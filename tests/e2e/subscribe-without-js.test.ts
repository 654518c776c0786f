/**
 * Subscribing with JavaScript off (issue 39 item 3): /subscribe is a plain form the server
 * answers, a refusal comes back in the spec's words, and the confirmation mail goes out. Needs
 * `pnpm build`.
 */
import { MESSAGES } from '@quillpost/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../support/mail.js';
import { openPage, startStack, uniqueEmail, type Stack } from '../support/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('subscribing without JavaScript', () => {
  it('subscribes from /subscribe, lands on check your inbox, and the mail arrives', async () => {
    const { page, pageErrors, close } = await openPage(stack.browser, {
      javaScriptEnabled: false,
    });
    try {
      const email = uniqueEmail('no-script');
      const opened = await page.goto(`${stack.site.url}/subscribe?source=post`);
      expect(opened?.status()).toBe(200);
      const form = page.locator('main form');
      const subscribe = form.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true });
      await expect(form.getByText(MESSAGES.CONSENT_TEXT).count()).resolves.toBe(1);

      // A refused address comes back with the spec's words beside it, as typed, for this reader
      // alone.
      await form.getByLabel('Email address').fill('not-an-address');
      const [refused] = await Promise.all([
        page.waitForResponse((response) => new URL(response.url()).searchParams.has('error')),
        subscribe.click(),
      ]);
      expect(refused.status()).toBe(400);
      expect(refused.headers()['cache-control']).toContain('no-store');
      await form.getByText(MESSAGES.EMAIL_INVALID, { exact: true }).waitFor();
      await expect(form.getByLabel('Email address').inputValue()).resolves.toBe('not-an-address');

      await form.getByLabel('Email address').fill(email);
      await form.getByLabel(/Your name/).fill('Nora Plain');
      await subscribe.click();
      await page.waitForURL((url) => url.pathname === '/signedup');
      await expect(page.title()).resolves.toMatch(/^Check your inbox/);
      await page.getByRole('heading', { level: 1, name: 'Thanks for subscribing' }).waitFor();

      const confirmation = await waitForMail(stack.sink, email, /Confirm your subscription/);
      expect(linkIn(confirmation, 'verify=')).toMatch(
        new RegExp(`^${stack.site.url}/\\?verify=\\S{16,}`),
      );
      expect(pageErrors).toEqual([]);
    } finally {
      await close();
    }
  });

  it('refuses the same form posted from a page that is not the site', async () => {
    const { page, close } = await openPage(stack.browser, { javaScriptEnabled: false });
    try {
      await page.setContent(
        `<form method="post" action="${stack.site.url}/subscribe">
           <input name="email" value="${uniqueEmail('forged')}"><button>Go</button>
         </form>`,
      );
      const [answer] = await Promise.all([
        page.waitForResponse(`${stack.site.url}/subscribe`),
        page.getByRole('button', { name: 'Go' }).click(),
      ]);
      expect(answer.status()).toBe(403);
    } finally {
      await close();
    }
  });
});
