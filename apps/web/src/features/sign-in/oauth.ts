/**
 * Provider sign-in (spec sections 4 and 9): a 500x600 popup checked every second with a 5-minute
 * timeout, or on mobile a full redirect after 100 ms. The popup's page posts an 'oauth-result'
 * message to this window; a popup closed without one is double-checked against the session.
 */
import {
  MESSAGES,
  MOBILE_REDIRECT_DELAY_MS,
  OAUTH_POPUP,
  oauthResultMessageSchema,
  STORAGE_KEYS,
  type OAuthProvider,
} from '@quillpost/domain';
import type { ApiClient } from '../../lib/api-client';
import type { SafeStorage } from '../../lib/storage';

export type OAuthOutcome =
  | { type: 'success'; name: string | null; returnUrl: string | null }
  | { type: 'error'; message: string }
  | { type: 'closed'; message: string }
  | { type: 'timeout'; message: string }
  | { type: 'redirecting' };

export interface OAuthWindow {
  open(url: string, target: string, features: string): Window | null;
  assignLocation(url: string): void;
  origin: string;
  screen: { left: number; top: number; width: number; height: number };
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  removeEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
}

export function browserOAuthWindow(): OAuthWindow {
  return {
    open: (url, target, features) => window.open(url, target, features),
    assignLocation: (url) => window.location.assign(url),
    origin: window.location.origin,
    screen: {
      left: window.screenX,
      top: window.screenY,
      width: window.outerWidth,
      height: window.outerHeight,
    },
    addEventListener: (type, listener) => window.addEventListener(type, listener),
    removeEventListener: (type, listener) => window.removeEventListener(type, listener),
  };
}

/** Phones and small touch screens get a redirect instead of a popup. */
export function prefersRedirect(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(max-width: 767px) and (pointer: coarse)').matches
  );
}

export interface OAuthSignInOptions {
  provider: OAuthProvider;
  api: ApiClient;
  storage: SafeStorage;
  returnUrl: string;
  mobile: boolean;
  win?: OAuthWindow;
  now?: () => number;
  onOutcome(outcome: OAuthOutcome): void;
}

/** Starts a sign-in; returns a function that abandons it (closing the popup). */
export function startOAuthSignIn({
  provider,
  api,
  storage,
  returnUrl,
  mobile,
  win = browserOAuthWindow(),
  now = Date.now,
  onOutcome,
}: OAuthSignInOptions): () => void {
  storage.write(STORAGE_KEYS.oauthInProgress, { timestamp: now(), provider });
  const clearMarker = () => storage.remove(STORAGE_KEYS.oauthInProgress);

  if (mobile) {
    const url = api.url('oauthAuthorize', {
      query: { provider, return_url: returnUrl, mode: 'redirect' },
    });
    const timer = setTimeout(() => win.assignLocation(url), MOBILE_REDIRECT_DELAY_MS);
    onOutcome({ type: 'redirecting' });
    return () => {
      clearTimeout(timer);
      clearMarker();
    };
  }

  const url = api.url('oauthAuthorize', {
    query: { provider, return_url: returnUrl, mode: 'popup' },
  });
  const { width, height, pollIntervalMs, timeoutMs } = OAUTH_POPUP;
  const left = Math.round(win.screen.left + (win.screen.width - width) / 2);
  const top = Math.round(win.screen.top + (win.screen.height - height) / 2);
  const popup = win.open(
    url,
    'quillpost-oauth',
    `popup=yes,width=${width},height=${height},left=${left},top=${top}`,
  );
  if (!popup) {
    clearMarker();
    onOutcome({ type: 'error', message: MESSAGES.POPUP_BLOCKED });
    return () => {};
  }

  let settled = false;
  const finish = (outcome: OAuthOutcome) => {
    if (settled) return;
    settled = true;
    clearInterval(poll);
    clearTimeout(timeout);
    win.removeEventListener('message', onMessage);
    clearMarker();
    onOutcome(outcome);
  };

  function onMessage(event: MessageEvent) {
    if (event.origin !== win.origin) return;
    const parsed = oauthResultMessageSchema.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.success) {
      finish({
        type: 'success',
        name: message.user?.name ?? null,
        returnUrl: message.returnUrl ?? null,
      });
    } else {
      finish({
        type: 'error',
        message: message.code
          ? MESSAGES[message.code]
          : (message.error ?? MESSAGES.AUTHENTICATION_FAILED),
      });
    }
  }
  win.addEventListener('message', onMessage);

  const poll = setInterval(() => {
    if (settled || !popup.closed) return;
    clearInterval(poll);
    // The message may have been lost (a strict opener policy): the session tells the truth.
    void api.call('session').then((result) => {
      if (result.ok && result.data.authenticated === true) {
        finish({ type: 'success', name: null, returnUrl: null });
      } else {
        finish({ type: 'closed', message: MESSAGES.OAUTH_POPUP_CLOSED });
      }
    });
  }, pollIntervalMs);

  const timeout = setTimeout(() => {
    if (!popup.closed) popup.close();
    finish({ type: 'timeout', message: MESSAGES.OAUTH_TIMEOUT });
  }, timeoutMs);

  return () => {
    if (settled) return;
    settled = true;
    clearInterval(poll);
    clearTimeout(timeout);
    win.removeEventListener('message', onMessage);
    clearMarker();
    if (!popup.closed) popup.close();
  };
}
