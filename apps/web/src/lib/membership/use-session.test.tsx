import { MESSAGES, STORAGE_KEYS } from '@quillpost/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedIn, SIGNED_OUT } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render-app';
import { useSession } from './use-session';

const NOW = Date.parse('2026-01-10T09:00:00.000Z');
const now = () => NOW;

function Session() {
  const { state, logout } = useSession(now);
  return (
    <>
      <p>{state.loading.initializing ? 'asking' : (state.user?.name ?? 'nobody')}</p>
      {state.error ? <p role="alert">{MESSAGES[state.error]}</p> : null}
      <button type="button" onClick={() => void logout()}>
        Log Out
      </button>
    </>
  );
}

describe('useSession', () => {
  it('reads who the visitor is on arrival, dropping a sign-in popup left open long ago', async () => {
    const { store } = renderWithProviders(<Session />, {
      routes: signedIn({ name: 'Ada Lovelace' }),
      stored: {
        [STORAGE_KEYS.oauthInProgress]: { timestamp: NOW - 6 * 60_000, provider: 'google' },
      },
    });
    expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
    expect(store.data.has(STORAGE_KEYS.oauthInProgress)).toBe(false);
  });

  it('keeps a sign-in popup opened a minute ago', async () => {
    const { store } = renderWithProviders(<Session />, {
      routes: SIGNED_OUT,
      stored: { [STORAGE_KEYS.oauthInProgress]: { timestamp: NOW - 60_000 } },
    });
    expect(await screen.findByText('nobody')).toBeInTheDocument();
    expect(store.data.has(STORAGE_KEYS.oauthInProgress)).toBe(true);
  });

  it('logs out, forgetting what only a signed-in visitor kept here', async () => {
    const { store } = renderWithProviders(<Session />, {
      routes: {
        ...signedIn({ name: 'Ada Lovelace' }),
        'POST /api/auth/logout': { body: { success: true, message: 'Logged out.' } },
      },
      stored: { [STORAGE_KEYS.verifiedEmails]: ['ada@example.com'] },
    });
    await screen.findByText('Ada Lovelace');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByText('nobody')).toBeInTheDocument();
    expect(store.data.has(STORAGE_KEYS.verifiedEmails)).toBe(false);
  });

  it('stays signed in and says so when logging out fails', async () => {
    const { store } = renderWithProviders(<Session />, {
      routes: {
        ...signedIn({ name: 'Ada Lovelace' }),
        'POST /api/auth/logout': {
          status: 500,
          body: { success: false, code: 'INTERNAL_ERROR', message: 'x' },
        },
      },
      stored: { [STORAGE_KEYS.verifiedEmails]: ['ada@example.com'] },
    });
    await screen.findByText('Ada Lovelace');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log Out' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.LOGOUT_FAILED);
    expect(screen.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(store.data.has(STORAGE_KEYS.verifiedEmails)).toBe(true);
  });
});
