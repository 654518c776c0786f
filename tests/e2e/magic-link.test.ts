import { MEMBERS_DASHBOARD_PATH, MESSAGES, messageTemplates } from '@quillpost/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../support/mail.js';
import {
  isSignedIn,
  openPage,
  startStack,
  uniqueEmail,
  type Stack,
  visit,
} from '../support/stack.js';

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => {
  await stack?.stop();
});

describe('the sign-in dialog without providers', () => {
  it('shows no provider that is not set up, and opens on the email form with focus in it', async () => {
    const { page, close } = await openPage(stack.browser);
    await visit(page, stack.site.url + '/');
    await page
      .getByRole('banner')
      .getByRole('button', { name: MESSAGES.SIGN_IN, exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: MESSAGES.SIGN_IN_TITLE });
    await dialog.getByLabel('Email address').waitFor();
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.id))
      .toBe(await dialog.getByLabel('Email address').getAttribute('id'));
    expect(await dialog.getByRole('button', { name: /Continue with/ }).count()).toBe(0);
    expect(await dialog.getByText(MESSAGES.PROVIDER_UNAVAILABLE).count()).toBe(0);
    await close();
  });
});

/** Header "Sign In" -> dialog -> magic-link form -> sent. Returns the dialog. */
async function requestMagicLink(page: Page, email: string) {
  await visit(page, stack.site.url + '/');
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: MESSAGES.SIGN_IN, exact: true }).click();
  await page.getByRole('dialog', { name: MESSAGES.SIGN_IN_TITLE }).waitFor();
  // Not by name: after success the dialog is labelled by its welcome heading. No provider is
  // set up here, so the email form is open at once.
  const dialog = page.getByRole('dialog');
  const field = dialog.getByLabel('Email address');
  await expect(field.getAttribute('type')).resolves.toBe('email');
  await expect(field.evaluate((input: HTMLInputElement) => input.required)).resolves.toBe(true);
  // Trimmed and lower-cased before it is checked and sent (spec section 5).
  await field.fill(`  ${email.toUpperCase()} `);
  await dialog.getByRole('button', { name: 'Send Link' }).click();
  await dialog.getByText(messageTemplates.magicLinkSent(email), { exact: true }).waitFor();
  await expect(dialog.getByRole('button', { name: /Back/ }).isVisible()).resolves.toBe(true);
  return dialog;
}

async function expectSignedIn(page: Page) {
  const header = page.getByRole('banner');
  await header.getByRole('button', { name: 'Account menu' }).waitFor();
  await expect(
    header.getByRole('button', { name: MESSAGES.SIGN_IN, exact: true }).count(),
  ).resolves.toBe(0);
}

describe('signing in by email', () => {
  it('sends a magic link whose confirm page signs the browser in and lands on the dashboard', async () => {
    const { page, context, pageErrors, close } = await openPage(stack.browser);
    const email = uniqueEmail('magic');
    await requestMagicLink(page, email);

    const mail = await waitForMail(stack.sink, email, /sign-in link/);
    const link = new URL(linkIn(mail, '/api/auth/magic-link/verify'));
    expect(link.origin).toBe(stack.site.url);
    expect(link.searchParams.get('returnUrl')).toBe(MEMBERS_DASHBOARD_PATH);

    // Opening the link signs nobody in: only the confirm page's POST does.
    await page.goto(link.href);
    await page.getByRole('heading', { name: `Sign in as ${email}?` }).waitFor();
    await expect(isSignedIn(context, stack.site.url)).resolves.toBe(false);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.waitForURL((url) => url.pathname === MEMBERS_DASHBOARD_PATH);
    await expectSignedIn(page);
    await expect(isSignedIn(context, stack.site.url)).resolves.toBe(true);

    // The link works once.
    const again = await context.newPage();
    await again.goto(link.href);
    await again.getByRole('heading', { name: MESSAGES.AUTHENTICATION_FAILED }).waitFor();
    await expect(again.getByText(MESSAGES.TOKEN_INVALID).isVisible()).resolves.toBe(true);

    expect(pageErrors).toEqual([]);
    await close();
  });

  it('signs in with the 6-digit code from the mail, in the dialog', async () => {
    const { page, pageErrors, close } = await openPage(stack.browser);
    const email = uniqueEmail('code');
    const dialog = await requestMagicLink(page, email);

    const mail = await waitForMail(stack.sink, email, /sign-in link/);
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code, 'a 6-digit code in the mail text').toBeDefined();

    const codeField = dialog.getByLabel(/6-digit code/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await codeField.fill(wrong);
    await dialog.getByRole('button', { name: 'Sign In with Code' }).click();
    await dialog.getByText(MESSAGES.CODE_INVALID, { exact: true }).waitFor();

    await codeField.fill(code ?? '');
    await dialog.getByRole('button', { name: 'Sign In with Code' }).click();
    await dialog.getByRole('heading', { name: messageTemplates.welcome(null) }).waitFor();
    await expect(dialog.getByText(MESSAGES.ACCOUNT_SETUP_COMPLETE).isVisible()).resolves.toBe(true);

    await page.waitForURL((url) => url.pathname === MEMBERS_DASHBOARD_PATH);
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    await expectSignedIn(page);
    expect(pageErrors).toEqual([]);
    await close();
  });
});
