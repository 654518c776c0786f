import { escapeHtml } from '@quillpost/domain';

/** What every email says, in the order a reader meets it. Plain strings: they are escaped here. */
export interface EmailContent {
  siteName: string;
  /** Shown by mail clients beside the subject; defaults to the first paragraph. */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  /** Sanitized HTML after the paragraphs, used as is: a newsletter issue's post. */
  bodyHtml?: string;
  /** bodyHtml as plain text, for the text part. */
  bodyText?: string;
  /** The one thing the reader should do. */
  button?: { label: string; url: string };
  /** Lines after the button, e.g. how long the link works. */
  notes?: string[];
  /** Where the reader changes or ends what they get; every newsletter email carries one. */
  manageUrl?: string;
  /** Why they got this email, e.g. 'You are receiving this because you subscribed at ...'. */
  reason: string;
  unsubscribeUrl?: string;
}

export interface RenderedEmail {
  html: string;
  text: string;
}

const FONT = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/**
 * Lays out a transactional or newsletter email as HTML (tables and inline styles, which is what
 * mail clients render reliably) and as plain text with every link written out.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  const preheader = content.preheader ?? content.paragraphs[0] ?? '';
  const paragraphs = content.paragraphs
    .map(
      (paragraph) =>
        `<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2933;">${escapeHtml(paragraph)}</p>`,
    )
    .join('\n');
  const button = content.button
    ? `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px;">
  <tr><td style="border-radius:6px;background:#1d4ed8;">
    <a href="${escapeHtml(content.button.url)}" style="display:inline-block;padding:12px 24px;font-size:16px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:6px;">${escapeHtml(content.button.label)}</a>
  </td></tr>
</table>
<p style="margin:0 0 16px;font-size:13px;line-height:20px;color:#52606d;">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(content.button.url)}" style="color:#1d4ed8;word-break:break-all;">${escapeHtml(content.button.url)}</a></p>`
    : '';
  const notes = (content.notes ?? [])
    .map(
      (note) =>
        `<p style="margin:0 0 12px;font-size:14px;line-height:20px;color:#52606d;">${escapeHtml(note)}</p>`,
    )
    .join('\n');
  const footerLinks = [
    content.manageUrl
      ? `<a href="${escapeHtml(content.manageUrl)}" style="color:#52606d;">Manage your subscription</a>`
      : '',
    content.unsubscribeUrl
      ? `<a href="${escapeHtml(content.unsubscribeUrl)}" style="color:#52606d;">Unsubscribe</a>`
      : '',
  ]
    .filter(Boolean)
    .join(' &middot; ');

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(content.heading)}</title>
</head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:${FONT};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:#f5f7fa;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px;background:#ffffff;border-radius:8px;">
<tr><td style="padding:24px 32px 0;font-size:14px;font-weight:600;letter-spacing:0.04em;text-transform:uppercase;color:#52606d;">${escapeHtml(content.siteName)}</td></tr>
<tr><td style="padding:16px 32px 8px;">
<h1 style="margin:0 0 16px;font-size:24px;line-height:32px;color:#1f2933;">${escapeHtml(content.heading)}</h1>
${paragraphs}
${content.bodyHtml ?? ''}
${button}
${notes}
</td></tr>
</table>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:560px;">
<tr><td style="padding:16px 32px;font-size:12px;line-height:18px;color:#7b8794;">
<p style="margin:0 0 8px;">${escapeHtml(content.reason)}</p>
${footerLinks ? `<p style="margin:0;">${footerLinks}</p>` : ''}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;

  const text = [
    content.siteName,
    '',
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.bodyText ? [content.bodyText, ''] : []),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.notes ?? []).flatMap((note) => [note, '']),
    '--',
    content.reason,
    ...(content.manageUrl ? [`Manage your subscription: ${content.manageUrl}`] : []),
    ...(content.unsubscribeUrl ? [`Unsubscribe: ${content.unsubscribeUrl}`] : []),
    '',
  ].join('\n');

  return { html, text };
}
