import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedIn, SIGNED_OUT } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const details = {
  email: 'reader@example.com',
  name: 'Ada',
  subscribedAt: '2025-01-01T00:00:00.000Z',
  wantsAccount: false,
};
/** What the subscribe form stored a moment before navigating here. */
const pending = { ...details, verified: false, status: 'pending' };

function renderSignedUp(
  state: unknown,
  options: Omit<Parameters<typeof renderApp>[0] & object, 'path' | 'state'> = {},
) {
  return renderApp({
    path: '/signedup',
    state,
    stored: { subscription: pending },
    ...options,
    routes: {
      ...SIGNED_OUT,
      'GET /api/auth/stats': { body: { success: true, data: { subscription: pending } } },
      ...options.routes,
    },
  });
}

async function main() {
  await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
  return within(await screen.findByRole('main'));
}

describe('/signedup', () => {
  it('thanks the reader by name and says where the confirmation went', async () => {
    await renderSignedUp(details);
    const page = await main();
    expect(await page.findByRole('heading', { level: 1 })).toHaveTextContent('Thank you, Ada!');
    expect(page.getByText('reader@example.com')).toBeInTheDocument();
    expect(
      page.getByText(/click the link inside to confirm your subscription/),
    ).toBeInTheDocument();
    expect(page.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Check your inbox/);
  });

  it('resends the confirmation through the shared resend flow, and the header says Sent!', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const { calls } = await renderSignedUp(details, {
        routes: {
          'POST /api/auth/resend-verification': { body: { success: true, message: 'ok' } },
        },
      });
      const page = await main();
      await user.click(await page.findByRole('button', { name: 'Resend the Confirmation Email' }));
      expect(
        await page.findByText('Confirmation email sent successfully. Please check your inbox.'),
      ).toBeInTheDocument();
      expect(calls.filter((call) => call.path === '/api/auth/resend-verification')).toEqual([
        expect.objectContaining({ method: 'POST', body: { email: 'reader@example.com' } }),
      ]);
      const header = within(document.querySelector<HTMLElement>('header.site-header')!);
      expect(header.getByText('Sent!')).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(10_000);
      });
      expect(header.queryByText('Sent!')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the resend failure in the spec's words", async () => {
    const user = userEvent.setup();
    await renderSignedUp(details, {
      routes: { 'POST /api/auth/resend-verification': 'network-error' },
    });
    const page = await main();
    await user.click(await page.findByRole('button', { name: 'Resend the Confirmation Email' }));
    expect(await page.findByRole('alert')).toHaveTextContent('Failed to resend confirmation');
  });

  it('offers Sign Up, opening the sign-in dialog, when the reader wants an account', async () => {
    const user = userEvent.setup();
    await renderSignedUp({ ...details, name: null, wantsAccount: true });
    const page = await main();
    expect(await page.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Thank you for subscribing!',
    );
    await user.click(page.getByRole('button', { name: 'Sign Up' }));
    expect(
      await screen.findByRole('dialog', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
  });

  it('does not offer Sign Up to someone already signed in', async () => {
    await renderSignedUp({ ...details, wantsAccount: true }, { routes: signedIn() });
    const page = await main();
    await page.findByRole('heading', { level: 1 });
    expect(page.queryByRole('button', { name: 'Sign Up' })).not.toBeInTheDocument();
  });

  it('says the subscription is confirmed once it is, and stops offering a resend', async () => {
    await renderSignedUp(details, {
      stored: { subscription: { ...pending, verified: true, status: 'active' } },
    });
    const page = await main();
    expect(await page.findByText(/is confirmed/)).toBeInTheDocument();
    expect(page.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
  });

  it.each([
    ['no state', undefined],
    ['state without an email', { name: 'Ada' }],
  ])('a direct visit (%s) gets a generic page', async (_, state) => {
    await renderSignedUp(state);
    const page = await main();
    expect(await page.findByRole('heading', { level: 1 })).toHaveTextContent(
      'Thanks for subscribing',
    );
    expect(page.queryByRole('button', { name: /Resend/ })).not.toBeInTheDocument();
    expect(page.getByRole('link', { name: 'Manage your subscription' })).toHaveAttribute(
      'href',
      '/manage',
    );
  });
});
