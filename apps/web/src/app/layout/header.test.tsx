import { MESSAGES } from '@quillpost/domain';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { signedIn, SIGNED_OUT, type FakeRoute } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const pending = {
  email: 'reader@example.com',
  name: 'Reader',
  subscribedAt: '2025-01-01T00:00:00.000Z',
  verified: false,
  status: 'pending',
  wantsAccount: false,
};
const serverSubscription = {
  email: 'ada@example.com',
  name: 'Ada',
  status: 'active',
  verified: true,
  subscribedAt: '2025-01-01T00:00:00.000Z',
  wantsAccount: true,
  preferences: { build: true, learn: true, write: true, journal: true, poetry: true },
};
const stats = (verified: boolean) => ({
  body: {
    success: true,
    data: { subscription: { email: pending.email, status: 'pending', verified } },
  },
});

/** The site header (the page below may have headers of its own), once startup is done. */
async function header() {
  await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
  const element = document.querySelector<HTMLElement>('header.site-header');
  if (!element) throw new Error('no site header');
  return within(element);
}

describe('header by progression state', () => {
  it('keeps a reading page readable while the session is unknown, its header holding a place', async () => {
    let release: (value: { body: unknown }) => void = () => {};
    await renderApp({
      routes: {
        ...SIGNED_OUT,
        'GET /api/auth/session': () => new Promise((resolve) => (release = resolve)),
      },
    });
    expect(screen.queryByText('Launching the site')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello, I’m Rowan.');
    expect(document.querySelector('.site')).not.toHaveAttribute('inert');
    // A visitor's header, as most readers are: links that work without JavaScript, buttons that
    // open the popup and the dialog with it; hidden only for a reader this browser knows.
    const presumed = within(document.querySelector('.header-actions--presumed') as HTMLElement);
    expect(presumed.getByRole('button', { name: 'Subscribe' })).toHaveAttribute(
      'href',
      '/subscribe?source=header',
    );
    expect(presumed.getByRole('button', { name: 'Sign In' })).toHaveAttribute('href', '/members');

    await act(async () =>
      release({ body: { success: true, authenticated: false, session: null } }),
    );
    const h = await header();
    expect(await h.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it('shows the splash on pages that need the session until it is known', async () => {
    let release: (value: { body: unknown }) => void = () => {};
    await renderApp({
      path: '/members/dashboard',
      routes: {
        ...SIGNED_OUT,
        'GET /api/auth/session': () => new Promise((resolve) => (release = resolve)),
      },
    });
    expect(screen.getByText('Launching the site')).toBeInTheDocument();
    expect(screen.getByText('Preparing your experience...')).toBeInTheDocument();
    expect(document.querySelector('.site')).toHaveAttribute('inert');
    await act(async () =>
      release({ body: { success: true, authenticated: false, session: null } }),
    );
    await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
  });

  it('ANONYMOUS: Subscribe and Sign In, with its next step', async () => {
    await renderApp();
    const h = await header();
    expect(await h.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(h.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(
      h.getByText('Subscribe for updates or sign in to access your account'),
    ).toBeInTheDocument();
    expect(h.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it("SUBSCRIBER_ONLY: '✓ Subscribed' to /manage, 'Sign Up', verify next step", async () => {
    await renderApp({
      stored: { subscription: pending },
      routes: { ...SIGNED_OUT, 'GET /api/auth/stats': stats(false) },
    });
    const h = await header();
    expect(await h.findByRole('link', { name: '✓ Subscribed' })).toHaveAttribute('href', '/manage');
    expect(h.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(
      screen.getByText(/Please check your email and verify your subscription/),
    ).toBeInTheDocument();
  });

  it("SUBSCRIBER_ONLY after an earlier sign-in offers 'Sign In'; verified suggests an account", async () => {
    await renderApp({
      stored: {
        subscription: { ...pending, verified: true, status: 'active' },
        was_previously_authenticated: 'true',
      },
    });
    const h = await header();
    expect(await h.findByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(
      screen.getByText('Create an account to unlock commenting, bookmarks, and more'),
    ).toBeInTheDocument();
  });

  it('AUTH_ONLY: account menu plus Subscribe', async () => {
    await renderApp({ routes: signedIn() });
    const h = await header();
    expect(await h.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(h.getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(h.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(
      screen.getByText('Subscribe to our newsletter for exclusive content and updates'),
    ).toBeInTheDocument();
  });

  it('FULL_MEMBER: account menu only, no next step', async () => {
    const { store } = await renderApp({ routes: signedIn({}, serverSubscription) });
    const h = await header();
    expect(await h.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(h.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(h.queryByText(/Subscribe for updates/)).not.toBeInTheDocument();
    expect(store.data.get('was_previously_authenticated')).toBe('true');
  });

  it.each(['admin', 'moderator'])(
    'a signed-in %s runs the site: no Subscribe and no next step, subscribed or not',
    async (role) => {
      await renderApp({ routes: signedIn({ role }) });
      const h = await header();
      expect(await h.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
      expect(h.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
      expect(screen.queryByText(MESSAGES.NEXT_STEP_SUBSCRIBE)).not.toBeInTheDocument();
    },
  );

  it("shows 'Sent!' for 10 s after a resend", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = await renderApp({
        stored: { subscription: pending },
        routes: {
          ...SIGNED_OUT,
          'GET /api/auth/stats': stats(false),
          'POST /api/auth/resend-verification': { body: { success: true, message: 'ok' } },
        },
      });
      const h = await header();
      fireEvent.click(await h.findByRole('button', { name: 'Resend the Email' }));
      expect(await screen.findByText('Sent!')).toBeInTheDocument();
      expect(
        screen.getByText('Confirmation email sent successfully. Please check your inbox.'),
      ).toBeInTheDocument();
      expect(calls.find((call) => call.path === '/api/auth/resend-verification')?.body).toEqual({
        email: pending.email,
      });
      await act(async () => {
        vi.advanceTimersByTime(10_000);
      });
      expect(screen.queryByText('Sent!')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('discards a corrupt stored subscription instead of crashing', async () => {
    const { store } = await renderApp({ stored: { subscription: '{"email":' } });
    const h = await header();
    expect(await h.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
    expect(store.data.has('subscription')).toBe(false);
  });
});

describe('query parameters', () => {
  it('verify= verifies the subscription, then leaves the URL', async () => {
    const { calls, store } = await renderApp({
      path: '/blog?verify=tok_1234567890abcdef&x=1',
      stored: { subscription: pending },
      routes: {
        ...SIGNED_OUT,
        'GET /verify': { body: { success: true, data: { email: pending.email } } },
        'GET /api/auth/stats': stats(false),
      },
    });
    await header();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/blog\?x=1$/));
    expect(calls.find((call) => call.path === '/verify')?.query.get('token')).toBe(
      'tok_1234567890abcdef',
    );
    expect(await screen.findByText('Your email address has been verified.')).toBeInTheDocument();
    expect(JSON.parse(store.data.get('subscription') ?? '{}')).toMatchObject({
      verified: true,
      status: 'active',
    });
    expect(JSON.parse(store.data.get('verified_emails') ?? '[]')).toEqual([pending.email]);
  });

  it('verified=true&email= marks the stored subscription verified and drops the parameters', async () => {
    const { store } = await renderApp({
      path: `/?verified=true&email=${encodeURIComponent(pending.email)}&name=Reader`,
      stored: { subscription: pending },
      routes: { ...SIGNED_OUT, 'GET /api/auth/stats': stats(false) },
    });
    await header();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    await waitFor(() =>
      expect(JSON.parse(store.data.get('subscription') ?? '{}')).toMatchObject({ verified: true }),
    );
    expect(
      await screen.findByText('Create an account to unlock commenting, bookmarks, and more'),
    ).toBeInTheDocument();
  });
});

describe('after unsubscribing from a newsletter link', () => {
  it("unsubscribed=true&email= says so on the site and forgets this browser's subscription", async () => {
    const active = { ...pending, verified: true, status: 'active' };
    const { store } = await renderApp({
      path: `/?unsubscribed=true&email=${encodeURIComponent(pending.email)}`,
      stored: { subscription: active },
    });
    const h = await header();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(await screen.findByText(MESSAGES.UNSUBSCRIBED)).toBeInTheDocument();
    expect(store.data.get('subscription') ?? null).toBeNull();
    expect(await h.findByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });
});

describe('"Also create a member account"', () => {
  it('confirming from the link signs this browser in, and the header moves to the member state', async () => {
    // Signed out until the account is taken, signed in from then on.
    let taken = false;
    const member = signedIn({ email: pending.email });
    const either =
      (path: string): FakeRoute =>
      (call) => {
        const route = (taken ? member[path] : SIGNED_OUT[path]) ?? member[path]!;
        return typeof route === 'function' ? route(call) : route;
      };
    const routes: Record<string, FakeRoute> = {
      ...SIGNED_OUT,
      ...Object.fromEntries(Object.keys(member).map((path) => [path, either(path)])),
      'GET /verify': {
        body: { success: true, data: { email: pending.email, wantsAccount: true } },
      },
      'GET /api/auth/stats': stats(false),
    };
    routes['POST /api/auth/subscription/account'] = () => {
      taken = true;
      return {
        body: {
          success: true,
          user: {
            id: 7,
            email: pending.email,
            name: null,
            role: 'member',
            avatar_url: null,
            subscription_status: 'active',
          },
          returnUrl: '/',
        },
      };
    };
    const { calls } = await renderApp({
      path: '/?verify=tok_1234567890abcdef',
      stored: { subscription: pending },
      routes,
    });
    expect(await screen.findByText(MESSAGES.SUBSCRIBED_AND_SIGNED_IN)).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/subscription/account')?.body).toEqual({
      token: 'tok_1234567890abcdef',
    });
    const h = await header();
    expect(await h.findByRole('button', { name: 'Account menu' })).toBeInTheDocument();
  });
});

describe('a confirmation link opened again', () => {
  it('verified=already says the address is already confirmed', async () => {
    await renderApp({
      path: `/?verified=already&email=${encodeURIComponent(pending.email)}`,
      stored: { subscription: pending },
      routes: { ...SIGNED_OUT, 'GET /api/auth/stats': stats(false) },
    });
    await header();
    expect(await screen.findByText(MESSAGES.ALREADY_CONFIRMED)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
  });
});

describe('user interaction', () => {
  it('Sign In opens the sign-in dialog', async () => {
    const user = userEvent.setup();
    await renderApp();
    const h = await header();
    await user.click(await h.findByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByRole('dialog', { name: 'Sign in to your account' }),
    ).toBeInTheDocument();
  });
});
