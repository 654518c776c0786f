import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signedIn, SIGNED_OUT, type FakeRoute } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

interface FakePopup {
  closed: boolean;
  close: () => void;
}

let popup: FakePopup | null;
let openSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  popup = { closed: false, close: () => popup && (popup.closed = true) };
  openSpy = vi.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
});

afterEach(() => {
  vi.useRealTimers();
});

async function openDialog(routes: Record<string, FakeRoute> = SIGNED_OUT) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const utils = await renderApp({ routes });
  await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
  const header = within(document.querySelector<HTMLElement>('header.site-header')!);
  await user.click(await header.findByRole('button', { name: 'Sign In' }));
  const dialog = await screen.findByRole('dialog', { name: 'Sign in to your account' });
  return { ...utils, user, dialog };
}

describe('sign-in dialog', () => {
  it('offers GitHub, Google, Facebook, Discord and a magic link', async () => {
    const { dialog } = await openDialog();
    await within(dialog).findByRole('button', { name: 'Continue with GitHub' });
    const buttons = within(dialog).getAllByRole('button');
    const names = [
      'Continue with GitHub',
      'Continue with Google',
      'Continue with Facebook',
      'Continue with Discord',
      'Email Me a Sign-In Link',
      'Close',
    ];
    names.forEach((name, index) => expect(buttons[index]).toHaveAccessibleName(name));
    expect(buttons).toHaveLength(names.length);
    expect(within(dialog).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(within(dialog).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/tos',
    );
  });

  it('shows only the providers the server has set up', async () => {
    const { dialog } = await openDialog({
      ...SIGNED_OUT,
      'GET /api/oauth/providers': {
        body: {
          success: true,
          providers: [
            { provider: 'google', available: true },
            { provider: 'github', available: false },
            { provider: 'discord', available: true },
            { provider: 'facebook', available: true },
          ],
        },
      },
    });
    await within(dialog).findByRole('button', { name: /Google/ });
    expect(within(dialog).queryByRole('button', { name: /GitHub/ })).toBeNull();
    expect(within(dialog).queryByText('This sign-in provider is not available.')).toBeNull();
  });

  it('opens on the email form when no provider is set up', async () => {
    const { dialog } = await openDialog({
      ...SIGNED_OUT,
      'GET /api/oauth/providers': {
        body: {
          success: true,
          providers: ['google', 'github', 'discord', 'facebook'].map((provider) => ({
            provider,
            available: false,
          })),
        },
      },
    });
    const field = await within(dialog).findByLabelText('Email address');
    await waitFor(() => expect(field).toHaveFocus());
    expect(within(dialog).queryByRole('button', { name: /Continue with/ })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Send Link' })).toBeInTheDocument();
  });

  it("opens a 500x600 popup, shows 'Signing you in...', then welcomes on success", async () => {
    const { user, dialog, routes } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /Google/ }));
    expect(screen.getByText('Signing you in...')).toBeInTheDocument();
    const [url, , features] = openSpy.mock.calls[0] as [string, string, string];
    expect(url).toBe(
      '/api/oauth/authorize?provider=google&return_url=%2Fmembers%2Fdashboard&mode=popup',
    );
    expect(features).toContain('width=500');
    expect(features).toContain('height=600');
    Object.assign(routes, signedIn({ name: 'Ada' }));
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: {
            type: 'oauth-result',
            success: true,
            returnUrl: '/members/dashboard',
            user: {
              email: 'ada@example.com',
              name: 'Ada',
              role: 'member',
              avatar_url: null,
              subscription_status: null,
            },
          },
        }),
      );
    });
    expect(await screen.findByRole('heading', { name: 'Welcome, Ada!' })).toBeInTheDocument();
    expect(screen.getByText('Account setup complete.')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(1500);
    });
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/members/dashboard'),
    );
  });

  it("signing in from the header on the console's page comes back to the console", async () => {
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await renderApp({ path: '/members/admin/site' });
    // The members area opens the dialog itself; closed, the header's Sign In opens it again.
    await user.click(await screen.findByRole('button', { name: 'Close' }));
    const header = within(document.querySelector<HTMLElement>('header.site-header')!);
    await user.click(await header.findByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign in to your account' });
    await user.click(await within(dialog).findByRole('button', { name: /Google/ }));
    const [url] = openSpy.mock.calls.at(-1) as [string];
    expect(new URL(url, 'http://site').searchParams.get('return_url')).toBe('/members/admin/site');
  });

  it("says 'Popup blocked. Please allow popups and try again.' when no popup opens", async () => {
    openSpy.mockImplementation(() => null);
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /GitHub/ }));
    expect(
      await screen.findByText('Popup blocked. Please allow popups and try again.'),
    ).toBeInTheDocument();
  });

  it("says 'OAuth popup was closed' when the popup closes without signing in", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /Discord/ }));
    popup!.closed = true;
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(await screen.findByText('OAuth popup was closed')).toBeInTheDocument();
  });

  it("says 'OAuth timeout' after five minutes", async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /Facebook/ }));
    await act(async () => {
      vi.advanceTimersByTime(300_000);
    });
    expect(await screen.findByText('OAuth timeout')).toBeInTheDocument();
    expect(popup!.closed).toBe(true);
  });

  it('shows the error a provider reports, and closing clears it', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /Google/ }));
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: window.location.origin,
          data: { type: 'oauth-result', success: false, code: 'AUTHENTICATION_FAILED', error: 'x' },
        }),
      );
    });
    expect(await screen.findByText('Authentication failed')).toBeInTheDocument();
    await user.click(screen.getByTestId('dialog-backdrop'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const header = within(document.querySelector<HTMLElement>('header.site-header')!);
    await user.click(header.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('dialog', { name: 'Sign in to your account' });
    expect(screen.queryByText('Authentication failed')).not.toBeInTheDocument();
  });

  it('ignores messages from other origins', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: /Google/ }));
    await act(async () => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: 'https://evil.example',
          data: { type: 'oauth-result', success: true },
        }),
      );
    });
    expect(screen.getByText('Signing you in...')).toBeInTheDocument();
  });
});
