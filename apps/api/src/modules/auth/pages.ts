import type { Response } from 'express';
import { escapeHtml } from '@quillpost/domain';
import { sendSmallPage, type SmallPageSite } from '../../http/small-pages.js';

/** The small server-rendered pages of sign-in, in the site's look (http/small-pages.ts). */

export interface ConfirmPage {
  site: SmallPageSite;
  email: string;
  token: string;
  /** Double-submit value also set as a cookie: a form posted from another site has no cookie. */
  csrf: string;
  webOrigin: string;
}

/** Why the emailed link needs one more click, in one line. */
export const MAIL_SCANNER_NOTE =
  'One more click: mail scanners open links to check them, so opening the link alone never signs anyone in.';

/** "Sign in as …" with one button. Opening the link signs nobody in; only the POST does. */
export function sendConfirmPage(res: Response, page: ConfirmPage): void {
  sendSmallPage(
    res,
    200,
    {
      site: page.site,
      title: `Sign in to ${page.site.title}`,
      body: () => `<h1>Sign in as ${escapeHtml(page.email)}?</h1>
<p class="muted">${escapeHtml(MAIL_SCANNER_NOTE)}</p>
<form method="post" action="/api/auth/magic-link/verify">
<input type="hidden" name="token" value="${escapeHtml(page.token)}">
<input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}">
<button type="submit">Sign in</button>
</form>
<p class="muted">If you did not ask to sign in, close this page.</p>`,
    },
    // The POST answers with a redirect to the web app; CSP form-action covers that redirect too.
    { formAction: [new URL(page.webOrigin).origin] },
  );
}

export function sendMessagePage(
  res: Response,
  status: number,
  page: {
    site: SmallPageSite;
    heading: string;
    message: string;
    link: { label: string; url: string };
  },
): void {
  sendSmallPage(res, status, {
    site: page.site,
    title: `${page.heading} · ${page.site.title}`,
    body: () => `<h1>${escapeHtml(page.heading)}</h1>
<p>${escapeHtml(page.message)}</p>
<p><a class="button" href="${escapeHtml(page.link.url)}">${escapeHtml(page.link.label)}</a></p>`,
  });
}

/** JSON that is safe inside a <script> element whatever the strings contain. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * The end of the popup flow: posts the result to the opener, only to the web origin, and closes.
 * Opened without an opener (popup blocked and opened as a tab, or the opener navigated away),
 * it continues as the redirect flow instead.
 */
export function sendPopupResult(
  res: Response,
  page: { site: SmallPageSite; message: unknown; targetOrigin: string; fallbackUrl: string },
): void {
  sendSmallPage(
    res,
    200,
    {
      site: page.site,
      title: page.site.title,
      body: (nonce) => `<p>You can close this window.</p>
<script nonce="${nonce}">
(function () {
  var message = ${scriptJson(page.message)};
  var targetOrigin = ${scriptJson(page.targetOrigin)};
  var fallback = ${scriptJson(page.fallbackUrl)};
  try {
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(message, targetOrigin);
      window.close();
      return;
    }
  } catch (error) {}
  window.location.replace(fallback);
})();
</script>`,
    },
    { script: true },
  );
}
