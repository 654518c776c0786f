import { STORAGE_KEYS } from './storage-keys.js';

/**
 * The one inline script of a page, in its <head> (the API's CSP allows it by its hash): it marks
 * the document `data-member` when this browser knows its reader (a stored subscription or
 * progression, or a past sign-in), before the page paints. The server's HTML is a visitor's, the
 * same for everyone; for a known reader the visitor's buttons stay hidden until their own arrive
 * (decision 0035), and src/islands/boot.ts renders their islands at once.
 */
export const MEMBER_MARK_SCRIPT =
  'try{var s=localStorage;' +
  `if(s.getItem(${JSON.stringify(STORAGE_KEYS.subscription)})` +
  `||s.getItem(${JSON.stringify(STORAGE_KEYS.userProgressionState)})` +
  `||s.getItem(${JSON.stringify(STORAGE_KEYS.wasPreviouslyAuthenticated)})==="true")` +
  'document.documentElement.setAttribute("data-member","")}catch(e){}';
