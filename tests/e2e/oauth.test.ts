import {
  startMockOAuthProvider,
  type MockOAuthProvider,
} from '@quillpost/api/test-support/oauth-provider';
import {
  MEMBERS_DASHBOARD_PATH,
  MESSAGES,
  OAUTH_POPUP,
  OAUTH_PROVIDER_LABELS,
  messageTemplates,
} from '@quillpost/domain';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSignedIn, openPage, startStack, type Stack, visit } from '../support/stack.js';

let provider: MockOAuthProvider;
let stack: Stack;

beforeAll(async () => {
  provider = await startMockOAuthProvider();
  stack = await startStack({ env: provider.env() });
});

afterAll(async () => {
  await stack?.stop();
  await provider?.close();
});

/** Resolves when the popup closes, even if it closed before anyone asked. */
function closedOf(popup: Page): Promise<void> {
  if (popup.isClosed()) return Promise.resolve();
  return new Promise((resolve) => popup.once('close', () => resolve()));
}

async function openSignInDialog(page: Page) {
  await visit(page, stack.site.url + '/');
  await page
    .getByRole('banner')
    .getByRole('button', { name: MESSAGES.SIGN_IN, exact: true })
    .click();
  await page.getByRole('dialog', { name: MESSAGES.SIGN_IN_TITLE }).waitFor();
  // Not by name: after success the dialog is labelled by its welcome heading.
  return page.getByRole('dialog');
}

describe('the sign-in dialog', () => {
  it('takes focus when it opens: the first provider a keyboard can use', async () => {
    const { page, close } = await openPage(stack.browser);
    const dialog = await openSignInDialog(page);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''))
      .toMatch(/GitHub/);
    await expect(
      dialog.evaluate((element) => element.contains(document.activeElement)),
    ).resolves.toBe(true);
    await close();
  });
});

describe('signing in with a provider, popup mode', () => {
  it('opens the provider in a popup that reports back to the dialog and closes', async () => {
    provider.setIdentity('github', {
      id: '583231',
      email: 'octo.reader@example.test',
      emailVerified: true,
      name: 'Octo Reader',
    });
    const { page, context, pageErrors, close } = await openPage(stack.browser);
    // Records what the app asks window.open for; the popup itself is the browser's own.
    await context.addInitScript(() => {
      const open = window.open.bind(window);
      const calls: string[] = [];
      Object.assign(window, { __popupFeatures: calls });
      window.open = (url, target, features) => {
        calls.push(String(features));
        return open(url, target, features);
      };
    });
    const authorizeRequests: URL[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname === '/api/oauth/authorize') authorizeRequests.push(url);
    });
    // The provider's consent screen is held until the dialog's loading state has been seen.
    const { promise: consentShown, resolve: showConsent } = Promise.withResolvers<void>();
    await context.route(`${provider.url}/github/authorize**`, async (route) => {
      await consentShown;
      await route.continue();
    });
    const dialog = await openSignInDialog(page);

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: `Continue with ${OAUTH_PROVIDER_LABELS.github}` }).click(),
    ]);
    const popupClosed = closedOf(popup);
    await dialog.getByText(MESSAGES.SIGNING_IN).waitFor();
    const features = await page.evaluate(
      () => (window as unknown as { __popupFeatures: string[] }).__popupFeatures,
    );
    expect(features).toHaveLength(1);
    expect(features[0]).toContain(`width=${OAUTH_POPUP.width}`);
    expect(features[0]).toContain(`height=${OAUTH_POPUP.height}`);
    expect(authorizeRequests).toHaveLength(1);
    expect(Object.fromEntries(authorizeRequests[0]?.searchParams ?? [])).toMatchObject({
      provider: 'github',
      mode: 'popup',
      return_url: MEMBERS_DASHBOARD_PATH,
    });
    showConsent();

    await popupClosed;
    await dialog.getByRole('heading', { name: messageTemplates.welcome('Octo Reader') }).waitFor();
    await expect(dialog.getByText(MESSAGES.ACCOUNT_SETUP_COMPLETE).isVisible()).resolves.toBe(true);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();

    // The provider saw the whole code flow with PKCE.
    const exchange = provider.tokenRequests.find((request) => request.provider === 'github');
    expect(exchange).toMatchObject({ status: 200 });
    expect(exchange?.params.code_verifier).toMatch(/^[\w-]{43,128}$/);

    // Then on to the members dashboard, still signed in: from a reading page that is a new
    // document (decision 0035), whose header shows the account once the app has read the session.
    await page.waitForURL((url) => url.pathname === MEMBERS_DASHBOARD_PATH);
    await page.getByRole('banner').getByRole('button', { name: 'Account menu' }).waitFor();
    await expect(isSignedIn(context, stack.site.url)).resolves.toBe(true);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('shows the error in the dialog when the person declines at the provider', async () => {
    provider.setIdentity('google', {
      id: '110248495921238986420',
      email: 'declines@example.test',
      emailVerified: true,
      name: 'Dee Clines',
    });
    provider.denyNextConsent('google');
    const { page, pageErrors, close } = await openPage(stack.browser);
    const dialog = await openSignInDialog(page);

    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      dialog.getByRole('button', { name: `Continue with ${OAUTH_PROVIDER_LABELS.google}` }).click(),
    ]);
    const popupClosed = closedOf(popup);
    await popupClosed;
    await dialog.getByRole('alert').getByText(MESSAGES.AUTHENTICATION_FAILED).waitFor();
    await expect(
      dialog
        .getByRole('button', { name: `Continue with ${OAUTH_PROVIDER_LABELS.google}` })
        .isEnabled(),
    ).resolves.toBe(true);
    await expect(
      page
        .getByRole('banner')
        .getByRole('button', { name: MESSAGES.SIGN_IN, exact: true })
        .isVisible(),
    ).resolves.toBe(true);

    // Closing the dialog clears the error.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByRole('dialog').count()).resolves.toBe(0);
    const reopened = await openSignInDialog(page);
    await expect(reopened.getByRole('alert').count()).resolves.toBe(0);
    expect(pageErrors).toEqual([]);
    await close();
  });
});
