import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, type FakeRoute } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-app';
import { MagicLinkForm } from './magic-link-form';

function renderForm(routes: Record<string, FakeRoute> = {}) {
  const onSignedIn = vi.fn();
  const utils = renderWithProviders(
    <MagicLinkForm returnUrl="/members/dashboard" onSignedIn={onSignedIn} />,
    { routes: { ...SIGNED_OUT, ...routes } },
  );
  return { ...utils, onSignedIn, user: userEvent.setup() };
}

const SENT = {
  'POST /api/auth/magic-link': {
    body: { success: true, message: 'Magic link sent successfully!' },
  },
};

describe('magic-link form', () => {
  it('goes closed -> open -> sending -> sent, with the back link', async () => {
    let release: (value: { body: unknown }) => void = () => {};
    const { user, calls } = renderForm({
      'POST /api/auth/magic-link': () => new Promise((resolve) => (release = resolve)),
    });
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    const email = screen.getByLabelText('Email address');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    await user.type(email, '  Ada@Example.COM ');
    await user.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(screen.getByLabelText('Email address')).toBeDisabled();
    release({ body: { success: true, message: 'ok' } });
    expect(
      await screen.findByText(
        'Magic link sent! Check your email at ada@example.com for the login link.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/magic-link')?.body).toEqual({
      email: 'ada@example.com',
      returnUrl: '/members/dashboard',
    });
    await user.click(screen.getByRole('button', { name: '← Back' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('ada@example.com');
  });

  it("refuses an invalid address with 'Please enter a valid email address'", async () => {
    const { user, calls } = renderForm(SENT);
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    await user.type(screen.getByLabelText('Email address'), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(calls.some((call) => call.path === '/api/auth/magic-link')).toBe(false);
  });

  it("shows the server's message, or 'An error occurred while sending the magic link'", async () => {
    const { user, routes } = renderForm({
      'POST /api/auth/magic-link': {
        status: 429,
        body: { success: false, code: 'RATE_LIMITED', message: 'x' },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many requests. Please try again later.',
    );
    routes['POST /api/auth/magic-link'] = 'network-error';
    await user.click(screen.getByRole('button', { name: 'Send Link' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'An error occurred while sending the magic link',
      ),
    );
  });

  it('Cancel resets the form to closed', async () => {
    const { user } = renderForm(SENT);
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('');
  });

  it('signs in with the 6-digit code from the email', async () => {
    const { user, calls, onSignedIn } = renderForm({
      ...SENT,
      'POST /api/auth/magic-link/code': {
        body: {
          success: true,
          user: {
            email: 'ada@example.com',
            name: 'Ada',
            role: 'member',
            avatar_url: null,
            subscription_status: null,
          },
          returnUrl: '/members/bookmarks',
        },
      },
    });
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send Link' }));
    await user.type(await screen.findByLabelText(/6-digit code/), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In with Code' }));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'That code is not correct. Please check the email and try again.',
    );
    await user.type(screen.getByLabelText(/6-digit code/), '6');
    await user.click(screen.getByRole('button', { name: 'Sign In with Code' }));
    await waitFor(() =>
      expect(onSignedIn).toHaveBeenCalledWith({ name: 'Ada', returnUrl: '/members/bookmarks' }),
    );
    expect(calls.find((call) => call.path === '/api/auth/magic-link/code')?.body).toEqual({
      email: 'ada@example.com',
      code: '123456',
    });
  });
});
