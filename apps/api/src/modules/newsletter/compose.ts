import { createHmac } from 'node:crypto';
import {
  BRAND_FONTS,
  brandPalettes,
  EMAIL_IMAGE_WIDTH,
  escapeHtml,
  type NewsletterSection,
  type SiteIdentity,
  PAGE_PATHS,
} from '@quillpost/domain';
import type { Env } from '../../env.js';
import type { MailMessage } from '../../mail/mailer.js';
import { renderEmail, type EmailSite } from '../../mail/templates.js';
import { longContentDate } from '../../site-dates.js';
import { absolutizeHtml } from '../content/index.js';
import { plainImages, type MailImage } from '../images/index.js';
import {
  listUnsubscribeHeaders,
  manageUrl,
  unsubscribeUrl,
  type LinkSubject,
} from '../subscriptions/index.js';

export type ComposeEnv = Pick<
  Env,
  'SESSION_SECRET' | 'WEB_ORIGIN' | 'PUBLIC_URL' | 'MAIL_FROM' | 'NEWSLETTER_UNSUBSCRIBE_MAILTO'
>;

/** What an issue is made of when it is rendered: the item as the site shows it. */
export interface IssueSource {
  title: string;
  /** The item's date as the content gives it (a bare day or an instant), shown under the title. */
  date: string;
  /** Shown above the text: a photo's variant or a drawing's PNG rendition (mail shows no SVG). */
  featuredImage?: MailImage | null;
  /** Sanitized HTML from the content sync. */
  html: string;
  excerpt: string;
  section: NewsletterSection;
  /** Absolute URL of the item on the site. */
  pageUrl: string;
  /** The site (content/site.yml) when the issue was made: masthead, language, accent and zone. */
  site: EmailSite & Pick<SiteIdentity, 'timezone'>;
}

/** An issue rendered once, with a placeholder where each recipient's own links go. */
export interface RenderedIssue {
  subject: string;
  html: string;
  text: string;
}

export interface RecipientLinks {
  manage: string;
  unsubscribe: string;
}

// Plain tokens that escapeHtml and URL-free text leave exactly as they are.
const MANAGE = '{{qp:manage}}';
const UNSUBSCRIBE = '{{qp:unsubscribe}}';

const SECTION_NAMES: Record<NewsletterSection, string> = {
  build: 'Build',
  learn: 'Learn',
  write: 'Write',
  journal: 'Journal',
  poetry: 'Poetry',
};

/** The address part of `Name <address>` (or the whole value when it is a bare address). */
export function addressOf(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** The domain of the From address: Message-IDs and List-Id live under it. */
export function fromDomain(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';
}

/**
 * The same Message-ID every time this issue goes to this subscriber: a resend after a crash is
 * recognisable as the same message. Keyed with the server secret, so it does not reveal ids.
 */
export function newsletterMessageId(
  secret: string,
  domain: string,
  issueId: number,
  subscriberId: number,
): string {
  const digest = createHmac('sha256', secret)
    .update(`newsletter-message:v1:${issueId}:${subscriberId}`)
    .digest('base64url')
    .slice(0, 24)
    .replace(/[-_]/g, 'x');
  return `<${digest}.${issueId}@${domain}>`;
}

// Mail clients ignore the site's stylesheet (and many drop <style>), so the few elements a post
// uses get inline styles matching the template's paragraphs (the site's colours and type); the
// template's dark theme restyles them where a client supports one.
function inlineStyles(siteAccent: string): Record<string, string> {
  const { text, muted, accent, rule, sunken } = brandPalettes(siteAccent).light;
  const PROSE = `font-family:${BRAND_FONTS.serif};color:${text};`;
  return {
    p: `margin:0 0 16px;font-size:17px;line-height:27px;${PROSE}`,
    h2: `margin:28px 0 12px;font-size:21px;line-height:28px;${PROSE}`,
    h3: `margin:24px 0 8px;font-size:18px;line-height:26px;${PROSE}`,
    h4: `margin:20px 0 8px;font-size:17px;line-height:24px;${PROSE}`,
    ul: 'margin:0 0 16px;padding-left:24px;',
    ol: 'margin:0 0 16px;padding-left:24px;',
    li: `margin:0 0 6px;font-size:17px;line-height:27px;${PROSE}`,
    blockquote: `margin:0 0 16px;padding:4px 0 4px 16px;border-left:3px solid ${rule};color:${muted};`,
    // Wrapped, not scrolled: many mail clients ignore overflow, and a long line would widen the
    // whole mail past a phone's screen.
    pre: `margin:0 0 16px;padding:12px 16px;background:${sunken};border-radius:6px;white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word;font-size:13px;line-height:20px;color:${text};`,
    code: "font-family:SFMono-Regular,Consolas,'Liberation Mono',Menlo,monospace;font-size:0.9em;",
    a: `color:${accent};`,
    img: 'max-width:100%;height:auto;border:0;',
    // Tables and footnotes (GFM, markdown-it-footnote) in the mail's own type and rules.
    table: `border-collapse:collapse;width:100%;max-width:100%;table-layout:fixed;margin:0 0 16px;font-family:${BRAND_FONTS.sans};font-size:14px;line-height:20px;color:${text};`,
    th: `padding:6px 10px;border-bottom:2px solid ${rule};text-align:left;font-weight:600;overflow-wrap:anywhere;`,
    td: `padding:6px 10px;border-bottom:1px solid ${rule};vertical-align:top;overflow-wrap:anywhere;`,
    section: `margin:24px 0 0;padding-top:12px;border-top:1px solid ${rule};font-size:14px;color:${muted};`,
    hr: `border:0;border-top:1px solid ${rule};margin:24px 0;`,
  };
}

/**
 * The post's HTML as a mail client can show it: absolute links (`base` without a trailing slash),
 * inline styles in the site's accent, no heading anchors, each photo one 600 px image.
 */
export function emailBodyHtml(
  html: string,
  site: { base: string; pageUrl: string; accent: string },
): string {
  const styles = inlineStyles(site.accent);
  const withoutAnchors = html.replace(/<a\b[^>]*class="heading-anchor"[^>]*>[\s\S]*?<\/a>/g, '');
  const images = plainImages(withoutAnchors, EMAIL_IMAGE_WIDTH, { sharp: true });
  return (
    absolutizeHtml(images, site.base, site.pageUrl)
      .replace(
        /<(p|h2|h3|h4|ul|ol|li|blockquote|pre|code|a|img|hr|table|th|td|section)(?=[\s>/])/g,
        (_match, tag: string) => `<${tag} style="${styles[tag] ?? ''}"`,
      )
      // A cell's own alignment (GFM) joins the style put before it; two style attributes would not.
      .replace(/ style="([^"]*)" style="([^"]*)"/g, ' style="$1$2"')
  );
}

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code =
        name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The plain-text part: paragraphs and headings on their own lines, list items with dashes, code
 * kept as is, and every link written out after its text.
 */
export function htmlToText(html: string): string {
  const preserved: string[] = [];
  let text = html
    // Code blocks keep their line breaks and spacing; park them while the rest is reflowed.
    .replace(/<pre\b[^>]*>([\s\S]*?)<\/pre>/gi, (_match, inner: string) => {
      preserved.push(decodeEntities(inner.replace(/<[^>]+>/g, '')).replace(/\n+$/, ''));
      return `<div>\u0000${preserved.length - 1}\u0000</div>`;
    })
    .replace(/<a\b[^>]*class="heading-anchor"[^>]*>[\s\S]*?<\/a>/gi, '')
    .replace(/<img\b[^>]*?alt="([^"]*)"[^>]*>/gi, (_match, alt: string) => (alt ? `[${alt}]` : ''))
    .replace(
      /<a\b[^>]*?href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi,
      (_match, href: string, inner: string) => {
        const label = inner.replace(/<[^>]+>/g, '').trim();
        const url = decodeEntities(href);
        if (!label || decodeEntities(label) === url) return url;
        return `${label} (${url})`;
      },
    )
    .replace(/\s+/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<h[1-6]\b[^>]*>/gi, '\n\n')
    .replace(/<\/h[1-6]>/gi, '\n\n')
    .replace(/<hr\b[^>]*>/gi, '\n\n---\n\n')
    .replace(
      /<\/?(p|div|ul|ol|blockquote|figure|figcaption|table|tr|dl|dt|dd|details|summary)\b[^>]*>/gi,
      '\n\n',
    )
    .replace(/<[^>]+>/g, '');
  text = decodeEntities(text)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return text.replace(
    // eslint-disable-next-line no-control-regex -- the marker parked code blocks above
    /\u0000(\d+)\u0000/g,
    (_match, index: string) => preserved[Number(index)] ?? '',
  );
}

/** The featured image at the top of the issue, as wide as the mail and never wider. */
function featuredImageHtml(source: IssueSource, base: string): string {
  const image = source.featuredImage;
  if (!image) return '';
  const src = image.path.startsWith('/') ? base + image.path : image.path;
  const height = image.height ? ` height="${image.height}"` : '';
  return `<img src="${escapeHtml(src)}" width="${image.width}"${height} alt="" style="display:block;width:100%;max-width:${image.width}px;height:auto;margin:0 0 24px;border:0;border-radius:6px;">`;
}

/** Renders an issue once; `personalize` then puts each recipient's links in. */
export function renderIssue(env: ComposeEnv, source: IssueSource, subject: string): RenderedIssue {
  const site = source.site;
  const base = env.PUBLIC_URL;
  const bodyHtml =
    featuredImageHtml(source, base) +
    emailBodyHtml(source.html, { base, pageUrl: source.pageUrl, accent: site.accent });
  const rendered = renderEmail({
    site,
    preheader: source.excerpt || undefined,
    heading: source.title,
    dateline: longContentDate(source.date, site.language, site.timezone),
    paragraphs: [],
    bodyHtml,
    bodyText: htmlToText(absolutizeHtml(source.html, base, source.pageUrl)),
    button: { label: 'Read it on the site', url: source.pageUrl },
    manageUrl: MANAGE,
    unsubscribeUrl: UNSUBSCRIBE,
    reason: `You are receiving this because you subscribed to ${site.title} and get its ${SECTION_NAMES[source.section]} section.`,
  });
  return { subject, html: rendered.html, text: rendered.text };
}

function fill(template: string, links: RecipientLinks, escape: boolean): string {
  const manage = escape ? escapeHtml(links.manage) : links.manage;
  const unsubscribe = escape ? escapeHtml(links.unsubscribe) : links.unsubscribe;
  return template.split(MANAGE).join(manage).split(UNSUBSCRIBE).join(unsubscribe);
}

/** The issue with one recipient's (or the preview's) links in place. */
export function personalize(issue: RenderedIssue, links: RecipientLinks): RenderedIssue {
  return {
    subject: issue.subject,
    html: fill(issue.html, links, true),
    text: fill(issue.text, links, false),
  };
}

export interface NewsletterRecipient {
  subscriberId: number;
  email: string;
  linkKey: string;
}

/** Sample links for the preview and for a test to someone who is not a subscriber. */
export function sampleLinks(env: ComposeEnv): RecipientLinks {
  return {
    manage: new URL(PAGE_PATHS.manage, env.WEB_ORIGIN).toString(),
    unsubscribe: unsubscribeUrl(env, 'preview'),
  };
}

/**
 * What every issue carries besides its body: one-click unsubscribe (RFC 8058, with a mailto for
 * clients that only send mail) for the recipient, or the preview's link that changes nothing,
 * and the list's id.
 */
export function issueHeaders(
  env: ComposeEnv,
  recipient: LinkSubject | 'preview',
): Record<string, string> {
  return {
    ...listUnsubscribeHeaders(env, recipient, {
      mailto: env.NEWSLETTER_UNSUBSCRIBE_MAILTO ?? addressOf(env.MAIL_FROM),
    }),
    // RFC 2919: the identifier is enough; mail clients name the list from the From header.
    'List-Id': `<newsletter.${fromDomain(env.MAIL_FROM)}>`,
  };
}

/** The mail for one recipient: their links, one-click unsubscribe headers and stable Message-ID. */
export function newsletterMessage(
  env: ComposeEnv,
  issue: RenderedIssue & { id: number },
  recipient: NewsletterRecipient,
): MailMessage {
  const subject = {
    id: recipient.subscriberId,
    linkKey: recipient.linkKey,
    email: recipient.email,
  };
  const links = { manage: manageUrl(env, subject), unsubscribe: unsubscribeUrl(env, subject) };
  const content = personalize(issue, links);
  const domain = fromDomain(env.MAIL_FROM);
  return {
    to: recipient.email,
    subject: content.subject,
    html: content.html,
    text: content.text,
    messageId: newsletterMessageId(env.SESSION_SECRET, domain, issue.id, recipient.subscriberId),
    headers: issueHeaders(env, subject),
  };
}
