import { escapeHtml, MESSAGES } from '@quillpost/domain';

export interface OneClickPage {
  siteName: string;
  state: 'confirm' | 'done' | 'invalid';
  email?: string;
}

/** The small server-rendered page behind the unsubscribe link; no script, one form. */
export function oneClickPage({ siteName, state, email }: OneClickPage): string {
  const body =
    state === 'confirm'
      ? `<h1>Unsubscribe?</h1>
<p>${escapeHtml(email ?? '')} will stop receiving the ${escapeHtml(siteName)} newsletter.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`
      : state === 'done'
        ? `<h1>${escapeHtml(MESSAGES.UNSUBSCRIBED)}</h1>
<p>${escapeHtml(email ?? '')} will not receive the ${escapeHtml(siteName)} newsletter any more. Subscribing again on the site brings it back.</p>`
        : `<h1>${escapeHtml(MESSAGES.TOKEN_INVALID)}</h1>`;
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(siteName)}: unsubscribe</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#1f2933}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:6px;background:#1d4ed8;color:#fff;cursor:pointer}</style>
</head>
<body>
<p>${escapeHtml(siteName)}</p>
${body}
</body>
</html>
`;
}
