import { readWasPreviouslyAuthenticated, STORAGE_KEYS } from './storage-keys.js';

/**
 * A cookie the API sets beside the session and clears with it: it holds nothing but "1", so a
 * page can be marked for a known reader without a request (its name has the `__Host-` prefix in
 * production, as the session's).
 */
export const SIGNED_IN_HINT_COOKIE = 'qp_signed_in';

/**
 * A cookie the browser's own script keeps while its local storage knows its reader (a stored
 * subscription or progression, a past sign-in: storageKnowsReader), so the server can mark the
 * page for a subscriber who is not signed in. It holds nothing but "1".
 */
export const KNOWN_READER_COOKIE = 'qp_known';

/** Whether what this browser stored knows its reader. */
export function storageKnowsReader(readRaw: (key: string) => string | null): boolean {
  return (
    readRaw(STORAGE_KEYS.subscription) !== null ||
    readRaw(STORAGE_KEYS.userProgressionState) !== null ||
    readWasPreviouslyAuthenticated(readRaw(STORAGE_KEYS.wasPreviouslyAuthenticated))
  );
}

/**
 * Whether a Cookie header, or `document.cookie`, holds a cookie of this name, with or without the
 * `__Host-` prefix production gives the API's cookies.
 */
export function hasCookie(cookies: string | undefined, name: string): boolean {
  return (cookies ?? '')
    .split(/;\s*/)
    .some((pair) => pair.startsWith(`${name}=`) || pair.startsWith(`__Host-${name}=`));
}

/**
 * Whether a request's Cookie header says its browser knows its reader: then the server marks the
 * page `<html data-member>` (decision 0042). The page is otherwise a visitor's, the same for
 * everyone; for a known reader the visitor's buttons stay hidden until their own arrive (decision
 * 0035), and src/islands/boot.ts renders their islands at once.
 */
export function cookiesMarkMember(cookieHeader: string | undefined): boolean {
  return (
    hasCookie(cookieHeader, SIGNED_IN_HINT_COOKIE) || hasCookie(cookieHeader, KNOWN_READER_COOKIE)
  );
}
