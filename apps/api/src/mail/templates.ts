import {
  BRAND_FONTS,
  brandPalettes,
  escapeHtml,
  type BrandPalette,
  type SiteIdentity,
} from '@quillpost/domain';

/** What of the site's identity an email shows: its name, language and accent. */
export type EmailSite = Pick<SiteIdentity, 'title' | 'language' | 'accent'>;

/** What every email says, in the order a reader meets it. Plain strings: they are escaped here. */
export interface EmailContent {
  site: EmailSite;
  /** Shown by mail clients beside the subject; defaults to the first paragraph. */
  preheader?: string;
  heading: string;
  /** Under the heading: a newsletter issue's date, in the site's language and zone. */
  dateline?: string;
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

const SERIF = BRAND_FONTS.serif;
const SANS = BRAND_FONTS.sans;

/**
 * Dark mode where the mail client supports it (Apple Mail, iOS, Outlook for Mac, some webmail):
 * the inline styles are the light theme, these classes swap in the dark one.
 */
const darkStyle = (dark: BrandPalette) => `@media (prefers-color-scheme: dark) {
.qp-bg { background: ${dark.bg} !important; }
.qp-card { background: ${dark.surface} !important; border-color: ${dark.rule} !important; }
.qp-text { color: ${dark.text} !important; }
.qp-muted { color: ${dark.muted} !important; }
.qp-link { color: ${dark.accent} !important; }
.qp-button { background: ${dark.accent} !important; }
.qp-button a { color: ${dark.onAccent} !important; }
.qp-prose, .qp-prose p, .qp-prose li, .qp-prose h2, .qp-prose h3, .qp-prose h4 { color: ${dark.text} !important; }
.qp-prose a { color: ${dark.accent} !important; }
.qp-prose blockquote { color: ${dark.muted} !important; border-color: ${dark.rule} !important; }
.qp-prose pre { background: ${dark.sunken} !important; color: ${dark.text} !important; }
.qp-prose hr { border-color: ${dark.rule} !important; }
}`;

/**
 * Lays out a transactional or newsletter email as HTML (tables and inline styles, which is what
 * mail clients render reliably) in the site's type, colours and name, and as plain text with
 * every link written out.
 */
export function renderEmail(content: EmailContent): RenderedEmail {
  const { light, dark } = brandPalettes(content.site.accent);
  const preheader = content.preheader ?? content.paragraphs[0] ?? '';
  const paragraphs = content.paragraphs
    .map(
      (paragraph) =>
        `<p class="qp-text" style="margin:0 0 16px;font-family:${SERIF};font-size:17px;line-height:27px;color:${light.text};">${escapeHtml(paragraph)}</p>`,
    )
    .join('\n');
  const dateline = content.dateline
    ? `<p class="qp-muted" style="margin:-8px 0 20px;font-family:${SANS};font-size:14px;line-height:20px;color:${light.muted};">${escapeHtml(content.dateline)}</p>`
    : '';
  const body = content.bodyHtml
    ? `<div class="qp-prose" style="font-family:${SERIF};font-size:17px;line-height:27px;color:${light.text};">${content.bodyHtml}</div>`
    : '';
  const button = content.button
    ? `<table role="presentation" cellspacing="0" cellpadding="0" border="0" style="margin:8px 0 24px;">
  <tr><td class="qp-button" style="border-radius:6px;background:${light.accent};">
    <a href="${escapeHtml(content.button.url)}" style="display:inline-block;padding:12px 24px;font-family:${SANS};font-size:16px;font-weight:600;color:${light.onAccent};text-decoration:none;border-radius:6px;">${escapeHtml(content.button.label)}</a>
  </td></tr>
</table>
<p class="qp-muted" style="margin:0 0 16px;font-family:${SANS};font-size:13px;line-height:20px;color:${light.muted};">If the button does not work, copy this link into your browser:<br><a class="qp-link" href="${escapeHtml(content.button.url)}" style="color:${light.accent};word-break:break-all;">${escapeHtml(content.button.url)}</a></p>`
    : '';
  const notes = (content.notes ?? [])
    .map(
      (note) =>
        `<p class="qp-muted" style="margin:0 0 12px;font-family:${SANS};font-size:14px;line-height:20px;color:${light.muted};">${escapeHtml(note)}</p>`,
    )
    .join('\n');
  const footerLink = (url: string, label: string) =>
    `<a class="qp-muted" href="${escapeHtml(url)}" style="color:${light.muted};">${label}</a>`;
  const footerLinks = [
    content.manageUrl ? footerLink(content.manageUrl, 'Manage your subscription') : '',
    content.unsubscribeUrl ? footerLink(content.unsubscribeUrl, 'Unsubscribe') : '',
  ]
    .filter(Boolean)
    .join(' &middot; ');

  const html = `<!doctype html>
<html lang="${escapeHtml(content.site.language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="supported-color-schemes" content="light dark">
<title>${escapeHtml(content.heading)}</title>
<style>${darkStyle(dark)}</style>
</head>
<body class="qp-bg" style="margin:0;padding:0;background:${light.bg};">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(preheader)}</div>
<table role="presentation" class="qp-bg" width="100%" cellspacing="0" cellpadding="0" border="0" style="background:${light.bg};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" class="qp-card" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:580px;table-layout:fixed;background:${light.surface};border:1px solid ${light.rule};border-radius:16px;">
<tr><td class="qp-text" style="padding:28px 32px 0;font-family:${SERIF};font-size:20px;line-height:26px;font-weight:600;color:${light.text};">${escapeHtml(content.site.title)}</td></tr>
<tr><td style="padding:20px 32px 12px;overflow-wrap:anywhere;word-break:break-word;">
<h1 class="qp-text" style="margin:0 0 16px;font-family:${SERIF};font-size:26px;line-height:32px;font-weight:600;color:${light.text};">${escapeHtml(content.heading)}</h1>
${dateline}
${paragraphs}
${body}
${button}
${notes}
</td></tr>
</table>
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" border="0" style="max-width:580px;">
<tr><td class="qp-muted" style="padding:16px 32px;font-family:${SANS};font-size:12px;line-height:18px;color:${light.muted};">
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
    content.site.title,
    '',
    content.heading,
    '',
    ...(content.dateline ? [content.dateline, ''] : []),
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
