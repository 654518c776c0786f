import { STORAGE_KEYS } from './storage-keys.js';

/**
 * A cookie the API sets beside the session and clears with it: scripts may read it, and it holds
 * nothing but "1", so a page knows a session may be there without a request (its name has the
 * `__Host-` prefix in production, as the session's).
 */
export const SIGNED_IN_HINT_COOKIE = 'qp_signed_in';

/**
 * The one inline script of a page, in its <head> (the API's CSP allows it by its hash): it marks
 * the document `data-member` when this browser knows its reader (a stored subscription or
 * progression, a past sign-in, or a session: SIGNED_IN_HINT_COOKIE), before the page paints. The server's HTML is a visitor's, the
 * same for everyone; for a known reader the visitor's buttons stay hidden until their own arrive
 * (decision 0035), and src/islands/boot.ts renders their islands at once.
 */
export const MEMBER_MARK_SCRIPT =
  `try{var k=/(?:^|; )(?:__Host-)?${SIGNED_IN_HINT_COOKIE}=/.test(document.cookie);` +
  'if(!k){var s=localStorage;' +
  `k=s.getItem(${JSON.stringify(STORAGE_KEYS.subscription)})` +
  `||s.getItem(${JSON.stringify(STORAGE_KEYS.userProgressionState)})` +
  `||s.getItem(${JSON.stringify(STORAGE_KEYS.wasPreviouslyAuthenticated)})==="true"}` +
  'if(k)document.documentElement.setAttribute("data-member","")}catch(e){}';
