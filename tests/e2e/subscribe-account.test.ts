/**
 * "Also create a member account" (issue 26), in Chromium on the production build: a reader who
 * ticks it and confirms from the mail in the same browser is signed in, the header in the member
 * state; a mail scanner that opened the link first signed nobody in.
 */
import { TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
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

describe('subscribing with a member account', () => {
  it('signs the confirming browser in, and a scanner that opened the link first nobody', async () => {
    const { page, context, pageErrors, close } = await openPage(stack.browser, {
      viewport: { width: 390, height: 844 },
    });
    const email = uniqueEmail('joiner');
    const subscribed = await context.request.post(`${stack.site.url}/api/auth/subscribe`, {
      headers: { origin: stack.site.url },
      data: { email, turnstileToken: TURNSTILE_DUMMY_TOKEN, wantsAccount: true },
    });
    expect(subscribed.ok()).toBe(true);
    const mail = await waitForMail(stack.sink, email, /Confirm your subscription/);
    const link = linkIn(mail, 'verify=');

    // A mail scanner opens the link first: it gets no session.
    const token = new URL(link).searchParams.get('verify')!;
    const scanned = await fetch(`${stack.site.url}/verify?token=${encodeURIComponent(token)}`, {
      headers: { Accept: 'application/json' },
    });
    expect(scanned.headers.get('set-cookie')).toBeNull();

    await page.goto(link);
    await page.getByText('your member account is ready: you are signed in').waitFor();
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
    const me = await context.request.get(`${stack.site.url}/api/auth/me`);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(email);
    expect(pageErrors).toEqual([]);
    await close();
  });
});
