import { MESSAGES } from '@quillpost/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../support/mail.js';
import { openPage, startStack, uniqueEmail, type Stack, visit } from '../support/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('subscribing from the header', () => {
  it('subscribes, receives the confirmation mail, and its link verifies the subscription', async () => {
    const { page, pageErrors, close } = await openPage(stack.browser);
    const email = uniqueEmail('reader');
    const header = page.getByRole('banner');

    await visit(page, stack.site.url + '/');
    await header.getByText(MESSAGES.NEXT_STEP_ANONYMOUS, { exact: true }).waitFor();

    // Popup -> email step; an invalid address is refused with the spec's words.
    await header.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true }).click();
    const popup = page.getByRole('dialog');
    await popup.waitFor();
    const emailField = popup.getByLabel('Email address');
    await emailField.fill('not-an-address');
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.getByText(MESSAGES.EMAIL_INVALID, { exact: true }).waitFor();
    await emailField.fill(email);
    await popup.getByRole('button', { name: 'Continue' }).click();

    // Details step: name, consent, and the local test widget passes the security check.
    await popup.getByLabel(/Your name/).fill('Ada Reader');
    await expect(popup.getByText(MESSAGES.CONSENT_TEXT).count()).resolves.toBe(1);
    await popup.getByText('✓ Security check passed').waitFor();
    const submit = popup.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true });
    await expect(submit.isEnabled()).resolves.toBe(true);
    await submit.click();

    // Success, then (after 1500 ms) the popup closes and the app is on /signedup.
    await popup.getByText(MESSAGES.SUBSCRIBE_ACCEPTED, { exact: true }).waitFor();
    await page.waitForURL((url) => url.pathname === '/signedup');
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);

    // Subscribed but not verified yet.
    const subscribed = header.getByRole('link', { name: MESSAGES.SUBSCRIBED, exact: true });
    await subscribed.waitFor();
    await expect(subscribed.getAttribute('href')).resolves.toBe('/manage');
    await expect(
      header.getByRole('button', { name: MESSAGES.SIGN_UP, exact: true }).isVisible(),
    ).resolves.toBe(true);
    await header.getByText(MESSAGES.NEXT_STEP_VERIFY_SUBSCRIPTION).waitFor();

    // The confirmation mail reached the SMTP server and links to the web app's /?verify=TOKEN.
    const confirmation = await waitForMail(stack.sink, email, /Confirm your subscription/);
    const verifyLink = new URL(linkIn(confirmation, 'verify='));
    expect(verifyLink.origin).toBe(stack.site.url);
    expect(verifyLink.pathname).toBe('/');
    expect(verifyLink.searchParams.get('verify')).toMatch(/\S{16,}/);

    // Opening it in the same browser verifies the subscription, then drops the token.
    await page.goto(verifyLink.href);
    await header.getByText(MESSAGES.NEXT_STEP_CREATE_ACCOUNT).waitFor();
    await header.getByText(MESSAGES.VERIFIED).waitFor();
    await expect(subscribed.isVisible()).resolves.toBe(true);
    await expect.poll(() => new URL(page.url()).search).not.toContain('verify=');
    expect(new URL(page.url()).pathname).toBe('/');

    // The stored subscription (spec section 3) is now active and verified, and survives a reload.
    const stored = await page.evaluate(() => localStorage.getItem('subscription'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({
      email,
      name: 'Ada Reader',
      verified: true,
      status: 'active',
    });
    await page.reload();
    await header.getByText(MESSAGES.NEXT_STEP_CREATE_ACCOUNT).waitFor();
    await expect(subscribed.isVisible()).resolves.toBe(true);

    // Confirming sends the welcome mail.
    await waitForMail(stack.sink, email, /^Welcome to /);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('confirmed on another device, the subscribing browser learns it; a stranger learns nothing', async () => {
    const { page, pageErrors, close } = await openPage(stack.browser);
    const email = uniqueEmail('phone');
    const header = page.getByRole('banner');
    await visit(page, stack.site.url + '/');
    await header.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true }).click();
    const popup = page.getByRole('dialog');
    await popup.getByLabel('Email address').fill(email);
    await popup.getByRole('button', { name: 'Continue' }).click();
    await popup.getByText('✓ Security check passed').waitFor();
    await popup.getByRole('button', { name: MESSAGES.SUBSCRIBE, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/signedup');
    await header.getByText(MESSAGES.NEXT_STEP_VERIFY_SUBSCRIPTION).waitFor();

    const stats = async () =>
      (await (
        await fetch(`${stack.site.url}/api/auth/stats?email=${encodeURIComponent(email)}`)
      ).json()) as unknown;
    const nothing = { success: true, data: { subscription: null } };
    expect(await stats()).toEqual(nothing);

    // The link opened in the mail app of another device: JSON, no browser state involved.
    const confirmation = await waitForMail(stack.sink, email, /Confirm your subscription/);
    const token = new URL(linkIn(confirmation, 'verify=')).searchParams.get('verify')!;
    const verified = await fetch(`${stack.site.url}/verify?token=${token}`, {
      headers: { Accept: 'application/json' },
    });
    expect(verified.status).toBe(200);

    // The subscribing browser asks with its status token and moves on; a stranger still cannot.
    await page.reload();
    await header.getByText(MESSAGES.NEXT_STEP_CREATE_ACCOUNT).waitFor();
    expect(await stats()).toEqual(nothing);
    expect(pageErrors).toEqual([]);
    await close();
  });
});
