import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../lib/storage';
import { memoryStore } from '../../test/render-app';
import { createFakeApi, SIGNED_OUT } from '../../test/fake-api';
import { startOAuthSignIn, type OAuthWindow } from './oauth';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function fakeWindow(): OAuthWindow & { assigned: string[] } {
  const assigned: string[] = [];
  return {
    assigned,
    open: () => null,
    assignLocation: (url) => assigned.push(url),
    origin: 'http://localhost',
    screen: { left: 0, top: 0, width: 1280, height: 800 },
    addEventListener: () => {},
    removeEventListener: () => {},
  };
}

describe('startOAuthSignIn on mobile', () => {
  it('marks oauth_in_progress and redirects after 100 ms instead of opening a popup', () => {
    const store = memoryStore();
    const win = fakeWindow();
    const onOutcome = vi.fn();
    startOAuthSignIn({
      provider: 'github',
      api: createFakeApi(SIGNED_OUT).api,
      storage: createStorage(store),
      returnUrl: '/members/dashboard',
      mobile: true,
      win,
      now: () => 1234,
      onOutcome,
    });
    expect(onOutcome).toHaveBeenCalledWith({ type: 'redirecting' });
    expect(JSON.parse(store.data.get('oauth_in_progress') ?? '{}')).toEqual({
      timestamp: 1234,
      provider: 'github',
    });
    vi.advanceTimersByTime(99);
    expect(win.assigned).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(win.assigned).toEqual([
      '/api/oauth/authorize?provider=github&return_url=%2Fmembers%2Fdashboard&mode=redirect',
    ]);
  });

  it('clears the marker when the popup is blocked', () => {
    const store = memoryStore();
    const onOutcome = vi.fn();
    startOAuthSignIn({
      provider: 'google',
      api: createFakeApi(SIGNED_OUT).api,
      storage: createStorage(store),
      returnUrl: '/',
      mobile: false,
      win: fakeWindow(),
      onOutcome,
    });
    expect(onOutcome).toHaveBeenCalledWith({
      type: 'error',
      message: 'Popup blocked. Please allow popups and try again.',
    });
    expect(store.data.has('oauth_in_progress')).toBe(false);
  });
});
