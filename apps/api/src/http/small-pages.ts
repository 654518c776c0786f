import { randomBytes } from 'node:crypto';
import type { Response } from 'express';
import {
  BRAND_FONTS,
  brandPalettes,
  escapeHtml,
  type BrandPalette,
  type BrandPalettes,
  type SiteIdentity,
} from '@quillpost/domain';

/**
 * The server's own small pages (sign-in confirmation and results, one-click unsubscribe): one
 * card in the site's type and colours, light or dark as the reader's system is. Each loads
 * nothing from anywhere: inline style (and script, for the sign-in popup) allowed by a
 * per-response nonce, no referrer, no caching, not indexed.
 */

const variables = (palette: BrandPalette) =>
  `--bg:${palette.bg};--surface:${palette.surface};--text:${palette.text};--muted:${palette.muted};--accent:${palette.accent};--accent-hover:${palette.accentHover};--on-accent:${palette.onAccent};--rule:${palette.rule};--focus:${palette.focus}`;

const style = ({
  light,
  dark,
}: BrandPalettes) => `:root{color-scheme:light dark;${variables(light)}}
@media (prefers-color-scheme:dark){:root{${variables(dark)}}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:1.5rem 1rem;background:var(--bg);color:var(--text);font:1.0625rem/1.6 ${BRAND_FONTS.sans}}
main{width:100%;max-width:30rem;padding:2rem 1.75rem;background:var(--surface);border:1px solid var(--rule);border-radius:16px}
.brand{margin:0;font:600 1.25rem/1.2 ${BRAND_FONTS.serif};letter-spacing:-.01em}
h1{margin:1.25rem 0 .75rem;font:600 1.75rem/1.2 ${BRAND_FONTS.serif};overflow-wrap:anywhere}
p{margin:0 0 1rem}
.muted{color:var(--muted);font-size:.9375rem}
form{margin:1.5rem 0 1.25rem}
button,.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;padding:.6rem 1.5rem;border:0;border-radius:6px;background:var(--accent);color:var(--on-accent);font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
button{width:100%}
button:hover,.button:hover{background:var(--accent-hover)}
:focus-visible{outline:3px solid var(--focus);outline-offset:2px}`;

export interface SmallPageSecurity {
  /**
   * Where a form on the page may submit to or be redirected to, besides this origin; left out,
   * the page has no form at all.
   */
  formAction?: string[];
  script?: boolean;
}

/** What of the site's identity a small page shows: its name, language and accent. */
export type SmallPageSite = Pick<SiteIdentity, 'title' | 'language' | 'accent'>;

export interface SmallPage {
  site: SmallPageSite;
  title: string;
  /** The card's content after the site's name; given the nonce for an inline script. */
  body: (nonce: string) => string;
}

/** Sends a small page with its own CSP (replacing the app-wide one). */
export function sendSmallPage(
  res: Response,
  status: number,
  page: SmallPage,
  security: SmallPageSecurity = {},
): void {
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
<html lang="${escapeHtml(page.site.language)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(page.title)}</title>
<style nonce="${nonce}">${style(brandPalettes(page.site.accent))}</style>
</head>
<body>
<main>
<p class="brand">${escapeHtml(page.site.title)}</p>
${page.body(nonce)}
</main>
</body>
</html>
`,
    );
}
