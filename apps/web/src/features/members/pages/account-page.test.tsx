import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedIn, type FakeRoute } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';
import { memberRoutes, preloadMembersArea, siteWith } from '../testing/fixtures';

beforeAll(preloadMembersArea, 30_000);

const subscription = {
  email: 'ada@example.com',
  name: 'Ada',
  status: 'active',
  verified: true,
  subscribedAt: '2025-01-01T00:00:00.000Z',
  wantsAccount: true,
  preferences: { build: true, learn: true, write: true, journal: false, poetry: true },
};

function accountRoutes(over: Record<string, FakeRoute> = {}): Record<string, FakeRoute> {
  let accounts = [
    { provider: 'email', providerAvatarUrl: null, isPrimary: true },
    { provider: 'github', providerAvatarUrl: 'https://example.com/gh.png', isPrimary: false },
  ];
  const answer = () => ({
    body: {
      success: true,
      primaryAccount: accounts.find((a) => a.isPrimary) ?? null,
      linkedAccounts: accounts,
    },
  });
  return {
    ...memberRoutes(),
    ...signedIn({ name: 'Ada' }, subscription),
    'GET /api/auth/accounts': answer,
    'PUT /api/auth/accounts/primary': (call) => {
      const { provider } = call.body as { provider: string };
      accounts = accounts.map((a) => ({ ...a, isPrimary: a.provider === provider }));
      return answer();
    },
    'DELETE /api/auth/accounts/github': () => {
      accounts = accounts.filter((a) => a.provider !== 'github');
      return answer();
    },
    'GET /api/auth/sessions': {
      body: {
        success: true,
        sessions: [
          {
            id: 'current1',
            current: true,
            method: 'email',
            createdAt: '2026-01-01T00:00:00Z',
            lastSeenAt: '2026-01-02T00:00:00Z',
            expiresAt: '2026-02-01T00:00:00Z',
            userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Firefox/130.0',
          },
          {
            id: 'other1',
            current: false,
            method: 'github',
            createdAt: '2026-01-01T00:00:00Z',
            lastSeenAt: '2026-01-02T00:00:00Z',
            expiresAt: '2026-02-01T00:00:00Z',
            userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1',
          },
        ],
      },
    },
    'DELETE /api/auth/sessions/other1': { body: { success: true } },
    'PUT /api/auth/subscription/preferences': {
      body: {
        success: true,
        message: 'ok',
        subscription: {
          email: 'ada@example.com',
          name: 'Ada Lovelace',
          status: 'active',
          verified: true,
          subscribedAt: '2026-01-01T00:00:00Z',
          wantsAccount: true,
          preferences: { build: true, learn: true, write: true, journal: true, poetry: true },
        },
      },
    },
    'DELETE /api/members/account': { body: { success: true, message: 'deleted' } },
    ...over,
  };
}

describe('account', () => {
  it('shows email and role, and manages linked accounts with avatars and the primary one', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({ path: '/members/account', routes: accountRoutes() });
    const details = await screen.findByRole('region', { name: 'Account' });
    expect(within(details).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(details).getByText('Member')).toBeInTheDocument();
    expect(within(details).getByText('Active Member')).toBeInTheDocument();

    const methods = screen.getByRole('region', { name: 'Sign-in methods' });
    await within(methods).findByRole('button', { name: 'Unlink GitHub' });
    expect(within(methods).getByText('Primary').closest('li')).toHaveTextContent('Email link');
    expect(methods.querySelector('img')).toHaveAttribute('src', 'https://example.com/gh.png');
    expect(within(methods).getByRole('link', { name: 'Google' })).toHaveAttribute(
      'href',
      '/api/oauth/authorize?provider=google&return_url=%2Fmembers%2Faccount&mode=link',
    );

    await user.click(within(methods).getByRole('button', { name: 'Make Primary' }));
    expect(await within(methods).findByText(/GitHub is now your primary/)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/accounts/primary')?.body).toEqual({
      provider: 'github',
    });
    await user.click(within(methods).getByRole('button', { name: 'Unlink GitHub' }));
    expect(await within(methods).findByText('GitHub is unlinked.')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(methods).getByRole('button', { name: 'Unlink Email link' })).toBeDisabled(),
    );
  });

  it('offers to link only the providers the server has set up', async () => {
    await renderApp({
      path: '/members/account',
      routes: {
        ...accountRoutes(),
        'GET /api/oauth/providers': {
          body: {
            success: true,
            providers: [
              { provider: 'google', available: true },
              { provider: 'github', available: true },
              { provider: 'discord', available: false },
              { provider: 'facebook', available: false },
            ],
          },
        },
      },
    });
    const methods = await screen.findByRole('region', { name: 'Sign-in methods' });
    await within(methods).findByRole('link', { name: 'Google' });
    expect(within(methods).queryByRole('link', { name: 'Discord' })).toBeNull();
    expect(within(methods).queryByRole('link', { name: 'Facebook' })).toBeNull();
  });

  it('lists sessions and signs another one out', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({ path: '/members/account', routes: accountRoutes() });
    const sessions = await screen.findByRole('region', { name: 'Active sessions' });
    expect(await within(sessions).findByText('Firefox on macOS')).toBeInTheDocument();
    expect(within(sessions).getByText('This browser')).toBeInTheDocument();
    await user.click(within(sessions).getByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await within(sessions).findByText('That session is signed out.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/auth/sessions/other1')).toBe(
      true,
    );
  });

  it('saves newsletter sections and links the data download', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({ path: '/members/account', routes: accountRoutes() });
    const journal = await screen.findByRole('checkbox', { name: 'Journal entries' });
    expect(journal).not.toBeChecked();
    await user.click(journal);
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Preferences updated.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/auth/subscription/preferences')?.body).toEqual({
      email: 'ada@example.com',
      preferences: { build: true, learn: true, write: true, journal: true, poetry: true },
    });
    expect(screen.getByRole('link', { name: 'Download my data' })).toHaveAttribute(
      'href',
      '/api/members/export',
    );
  });

  it('turns reply emails off and on', async () => {
    const user = userEvent.setup();
    let replies = true;
    const { calls } = await renderApp({
      path: '/members/account',
      routes: accountRoutes({
        'GET /api/members/notifications': () => ({
          body: { success: true, notifications: { replies } },
        }),
        'PUT /api/members/notifications': (call) => {
          replies = (call.body as { replies: boolean }).replies;
          return { body: { success: true, notifications: { replies } } };
        },
      }),
    });
    const box = await screen.findByRole('checkbox', {
      name: /Email me when someone replies to my comments/,
    });
    expect(box).toBeChecked();
    await user.click(box);
    expect(await screen.findByText('Reply emails are off.')).toBeInTheDocument();
    await waitFor(() => expect(box).not.toBeChecked());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ replies: false });
  });

  it('deletes the account only after typed confirmation, then leaves the members area', async () => {
    const user = userEvent.setup();
    const routes = accountRoutes();
    const { calls } = await renderApp({ path: '/members/account', routes });
    await user.click(await screen.findByRole('button', { name: 'Delete My Account…' }));
    const confirm = screen.getByRole('button', { name: 'Delete My Account for Good' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    // After deletion the session is gone.
    routes['GET /api/auth/session'] = {
      body: { success: true, authenticated: false, session: null },
    };
    await user.click(confirm);
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(calls.find((c) => c.path === '/api/members/account')?.body).toEqual({
      confirmDelete: true,
    });
  });

  it('says so once when the session began after a role change signed the user out everywhere', async () => {
    const routes = accountRoutes();
    const me = routes['GET /api/auth/me'] as { body: Record<string, unknown> };
    routes['GET /api/auth/me'] = {
      body: {
        ...me.body,
        notice: {
          reason: 'role-changed',
          from: 'moderator',
          to: 'member',
          at: '2026-11-20T10:00:00Z',
        },
      },
    };
    Object.assign(routes, siteWith({ timezone: 'America/New_York' }));
    await renderApp({ path: '/members/account', routes });
    const notice = await screen.findByText(/^Your role changed/);
    expect(notice).toHaveAttribute('role', 'status');
    expect(notice.textContent).toMatch(
      /^Your role changed from Moderator to Member on 20 Nov 2026, 05:00, so you were signed out on every device\. You are now signed in as Member\.$/,
    );
  });

  it('shows no notice for an ordinary session', async () => {
    await renderApp({ path: '/members/account', routes: accountRoutes() });
    await screen.findByRole('heading', { name: 'Sign-in methods' });
    expect(screen.queryByText(/Your role changed/)).toBeNull();
  });
});
