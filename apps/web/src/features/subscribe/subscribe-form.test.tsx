import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MembershipProvider } from '../../lib/membership/membership-context';
import { SIGNED_OUT, type FakeRoute } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-app';
import { SubscribeForm } from './subscribe-form';

const PASS = '1x00000000000000000000AA';
const BLOCK = '2x00000000000000000000AB';
const INTERACTIVE = '3x00000000000000000000FF';

function renderForm(routes: Record<string, FakeRoute> = {}, siteKey = PASS) {
  return renderWithProviders(
    <MembershipProvider>
      <SubscribeForm source="test" siteKey={siteKey} onCancel={() => {}} />
    </MembershipProvider>,
    { routes: { ...SIGNED_OUT, ...routes } },
  );
}

async function toDetails(email = 'reader@example.com') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('subscribe form steps', () => {
  it("validates the email step with the spec's messages", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Email is required');
    await user.type(screen.getByLabelText('Email address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter a valid email address');
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('details: consent links, Back returns to email, a short name is refused', async () => {
    renderForm();
    const user = await toDetails();
    expect(screen.getByText(/you may receive promotional updates/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/tos');
    await user.type(screen.getByLabelText(/Your name/), 'A');
    const submit = screen.getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(screen.getByRole('alert')).toHaveTextContent('Name must be at least 2 characters');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText('Email address')).toHaveValue('reader@example.com');
  });

  it('keeps submit disabled until the security check hands out a token', async () => {
    renderForm();
    await toDetails();
    const submit = screen.getByRole('button', { name: 'Subscribe' });
    expect(submit).toBeDisabled();
    expect(screen.getByText('Checking that you’re human…')).toBeInTheDocument();
    await waitFor(() => expect(submit).toBeEnabled());
    expect(screen.getByText('✓ Security check passed')).toBeInTheDocument();
  });

  it('success: sends the dummy token, stores the subscription unverified, says so', async () => {
    const { calls, store } = renderForm({
      'POST /api/auth/subscribe': {
        body: {
          success: true,
          message: 'Please check your email to confirm your subscription.',
          statusToken: 'mh1x.status-token',
        },
      },
    });
    const user = await toDetails();
    await user.click(screen.getByLabelText(/Also create a member account/));
    const submit = screen.getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(
      screen.getByText('Please check your email to confirm your subscription.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.path === '/api/auth/subscribe')?.body).toEqual({
      email: 'reader@example.com',
      turnstileToken: 'XXXX.DUMMY.TOKEN.XXXX',
      wantsAccount: true,
    });
    expect(JSON.parse(store.data.get('subscription') ?? '{}')).toMatchObject({
      email: 'reader@example.com',
      verified: false,
      status: 'pending',
      wantsAccount: true,
      statusToken: 'mh1x.status-token',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signedup'), {
      timeout: 3000,
    });
  });

  it("error: 'Subscription Failed' with the server's message; Try Again returns to email", async () => {
    renderForm({
      'POST /api/auth/subscribe': {
        status: 429,
        body: { success: false, code: 'RATE_LIMITED', message: 'slow down' },
      },
    });
    const user = await toDetails();
    const submit = screen.getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByRole('heading', { name: 'Subscription Failed' })).toBeInTheDocument();
    expect(screen.getByText('Too many requests. Please try again later.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(screen.getByLabelText('Email address')).toBeInTheDocument();
  });

  it("a network failure reads 'Something went wrong. Please try again.'", async () => {
    renderForm({ 'POST /api/auth/subscribe': 'network-error' });
    const user = await toDetails();
    const submit = screen.getByRole('button', { name: 'Subscribe' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });

  it('a blocking test key shows the security-check error and keeps submit disabled', async () => {
    renderForm({}, BLOCK);
    await toDetails();
    expect(
      await screen.findByText('Security verification failed. Please try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
  });

  it('after the 30 s fallback the form may submit without a token (the plain variant)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { calls } = renderForm(
        {
          'POST /api/auth/subscribe': { body: { success: true, message: 'ok', statusToken: 't' } },
        },
        INTERACTIVE,
      );
      fireEvent.change(screen.getByLabelText('Email address'), {
        target: { value: 'reader@example.com' },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
      const submit = screen.getByRole('button', { name: 'Subscribe' });
      expect(submit).toBeDisabled();
      await act(async () => {
        vi.advanceTimersByTime(30_000);
      });
      expect(submit).toBeEnabled();
      fireEvent.click(submit);
      await screen.findByText('Check your inbox');
      expect(calls.find((call) => call.path === '/api/auth/subscribe')?.body).toEqual({
        email: 'reader@example.com',
        wantsAccount: false,
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
