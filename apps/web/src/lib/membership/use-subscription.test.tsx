import { MESSAGES, STORAGE_KEYS } from '@quillpost/domain';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_OUT, type FakeAnswer } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-app';
import { usePageNotice } from './use-page-notice';
import { useSession } from './use-session';
import { useSubscription } from './use-subscription';

const NOW = Date.parse('2026-01-10T09:00:00.000Z');
const now = () => NOW;

function Subscription() {
  const { state, dispatch, refresh } = useSession(now);
  const [notice, showNotice] = usePageNotice();
  const { completeSubscription, forgetSubscription, verifyToken } = useSubscription({
    state,
    dispatch,
    now,
    refresh,
    showNotice,
  });
  const subscription = state.subscription;
  return (
    <>
      <p>
        {subscription
          ? `${subscription.email}: ${subscription.status}${subscription.verified ? ', verified' : ''}`
          : 'not subscribed'}
      </p>
      {notice ? <p role="alert">{notice.text}</p> : null}
      <button
        type="button"
        onClick={() =>
          completeSubscription({ email: 'ada@example.com', wantsAccount: false, statusToken: 't' })
        }
      >
        Subscribe
      </button>
      <button type="button" onClick={() => void verifyToken('an-old-link-token-0123')}>
        Verify
      </button>
      <button type="button" onClick={() => forgetSubscription('unsubscribed')}>
        Forget
      </button>
    </>
  );
}

const stats = (verified: boolean): FakeAnswer => ({
  body: {
    success: true,
    data: { subscription: { email: 'ada@example.com', status: 'pending', verified } },
  },
});

describe('useSubscription', () => {
  it('stores a completed subscription, unverified, and forgets it again', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<Subscription />, {
      routes: { ...SIGNED_OUT, 'GET /api/auth/stats': stats(false) },
    });
    await screen.findByText('not subscribed');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('ada@example.com: pending')).toBeInTheDocument();
    expect(JSON.parse(store.data.get(STORAGE_KEYS.subscription)!)).toMatchObject({
      email: 'ada@example.com',
      verified: false,
      subscribedAt: '2026-01-10T09:00:00.000Z',
      statusToken: 't',
    });
    expect(store.data.has(STORAGE_KEYS.userProgressionState)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Forget' }));
    expect(screen.getByText('not subscribed')).toBeInTheDocument();
    expect(store.data.has(STORAGE_KEYS.subscription)).toBe(false);
    expect(store.data.has(STORAGE_KEYS.userProgressionState)).toBe(false);
  });

  it('looks again when a pending subscriber comes back to the tab, and finds it confirmed', async () => {
    let verified = false;
    const { calls } = renderWithProviders(<Subscription />, {
      routes: { ...SIGNED_OUT, 'GET /api/auth/stats': () => stats(verified) },
      stored: {
        [STORAGE_KEYS.subscription]: {
          email: 'ada@example.com',
          name: null,
          subscribedAt: '2026-01-10T08:00:00.000Z',
          verified: false,
          status: 'pending',
          wantsAccount: false,
          statusToken: 't',
        },
      },
    });
    const asked = () => calls.filter((call) => call.path === '/api/auth/stats');
    await waitFor(() => expect(asked()).toHaveLength(1));
    expect(asked()[0]!.headers['X-Status-Token']).toBe('t');
    expect(screen.getByText('ada@example.com: pending')).toBeInTheDocument();

    verified = true;
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByText('ada@example.com: active, verified')).toBeInTheDocument();
    visibility.mockRestore();
  });

  it("says so when a mail's link does not verify", async () => {
    renderWithProviders(<Subscription />, {
      routes: {
        ...SIGNED_OUT,
        'GET /verify': {
          status: 400,
          body: { success: false, code: 'VERIFICATION_FAILED', message: 'x' },
        },
      },
    });
    await screen.findByText('not subscribed');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.VERIFICATION_FAILED);
  });
});
