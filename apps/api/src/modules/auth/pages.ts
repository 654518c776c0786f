import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import { escapeHtml } from '@quillpost/domain';

/**
 * The small server-rendered pages of sign-in. Each one loads nothing from anywhere: inline
 * style (and script, for the popup) allowed by a per-response nonce, no referrer, no caching.
 */

const STYLE = `body{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}
h1{font-size:1.4rem}button,a.button{display:inline-block;font:inherit;padding:.6rem 1.4rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer;text-decoration:none}
.site{font-size:.85rem;letter-spacing:.04em;text-transform:uppercase;color:#52606d}.muted{color:#52606d;font-size:.9rem}`;

interface PageSecurity {
  /** Extra origins a form on the page may submit to or be redirected to. */
  formAction?: string[];
  script?: boolean;
}

/** Sends a page with its own CSP (replacing the app-wide one) and the headers every such page needs. */
function sendPage(
  res: Response,
  status: number,
  title: string,
  body: (nonce: string) => string,
  security: PageSecurity = {},
) {
  const nonce = randomBytes(16).toString('base64');
  const formAction = security.formAction ? ["'self'", ...security.formAction].join(' ') : "'none'";
  const csp = [
    "default-src 'none'",
    `style-src 'nonce-${nonce}'`,
    security.script ? `script-src 'nonce-${nonce}'` : '',
    `form-action ${formAction}`,
    "frame-ancestors 'none'",
    "base-uri 'none'",
  ]
    .filter(Boolean)
    .join('; ');
  res
    .status(status)
    .set({
      'Content-Security-Policy': csp,
      'Referrer-Policy': 'no-referrer',
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex',
    })
    .type('html')
    .send(
      `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">${STYLE}</style>
</head>
<body>
${body(nonce)}
</body>
</html>
`,
    );
}

export interface ConfirmPage {
  siteName: string;
  email: string;
  token: string;
  /** Double-submit value also set as a cookie: a form posted from another site has no cookie. */
  csrf: string;
  webOrigin: string;
}

/** "Sign in as …" with one button. Opening the link signs nobody in; only the POST does. */
export function sendConfirmPage(res: Response, page: ConfirmPage): void {
  sendPage(
    res,
    200,
    `Sign in to ${page.siteName}`,
    () => `<p class="site">${escapeHtml(page.siteName)}</p>
<h1>Sign in as ${escapeHtml(page.email)}?</h1>
<form method="post" action="/api/auth/magic-link/verify">
<input type="hidden" name="token" value="${escapeHtml(page.token)}">
<input type="hidden" name="csrf" value="${escapeHtml(page.csrf)}">
<button type="submit">Sign in</button>
</form>
<p class="muted">If you did not ask to sign in, close this page.</p>`,
    // The POST answers with a redirect to the web app; CSP form-action covers that redirect too.
    { formAction: [new URL(page.webOrigin).origin] },
  );
}

export function sendMessagePage(
  res: Response,
  status: number,
  page: {
    siteName: string;
    heading: string;
    message: string;
    link: { label: string; url: string };
  },
): void {
  sendPage(
    res,
    status,
    page.siteName,
    () => `<p class="site">${escapeHtml(page.siteName)}</p>
<h1>${escapeHtml(page.heading)}</h1>
<p>${escapeHtml(page.message)}</p>
<p><a class="button" href="${escapeHtml(page.link.url)}">${escapeHtml(page.link.label)}</a></p>`,
  );
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
  page: { siteName: string; message: unknown; targetOrigin: string; fallbackUrl: string },
): void {
  // The opener is another origin (the web app); a same-origin COOP here would sever it.
  res.set('Cross-Origin-Opener-Policy', 'unsafe-none');
  sendPage(
    res,
    200,
    page.siteName,
    (nonce) => `<p class="site">${escapeHtml(page.siteName)}</p>
<p>You can close this window.</p>
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
    { script: true },
  );
}
