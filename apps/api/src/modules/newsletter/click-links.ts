/**
 * Click counting (issue 25): when a send starts, each link of the issue becomes
 * /r/<issue>/<link>/<signature> on the site, which counts a reader's first click of that link in
 * the day and redirects to the address kept for it. Only the numbers are signed and the address
 * is looked up, so no link can be made to point anywhere else: a forged or altered one answers 404.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import { isbot } from 'isbot';
import { instantToLocal, NEWSLETTER_LANDING_TAGS } from '@quillpost/domain';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import { clientKey, RateLimiter } from '../../http/rate-limit.js';
import type { Logger } from '../../logger.js';
import { readSettings } from '../settings/index.js';
import { siteIdentity } from '../site/index.js';
import { addClick, linkUrl } from './store/links.js';

export const CLICK_PATH = '/r/:issueId/:link/:signature';

/**
 * Clicks one address may add in a day: more links than its readers open, while an address that
 * makes up a new browser for every request (a new reader each time) adds no more than this.
 */
const COUNTED_PER_ADDRESS = { max: 30, windowMs: 86_400_000 };

/**
 * Whether a client opens a link for the first time today: the analytics collector tells, by the
 * day's in-memory key, as it tells visitors (the shape is named here, not imported).
 */
export interface FirstToday {
  firstToday(what: string, client: { address: string; userAgent: string }): boolean;
}

function signatureOf(secret: string, issueId: number, link: number): string {
  return createHmac('sha256', secret)
    .update(`newsletter-click:v1:${issueId}:${link}`)
    .digest('base64url')
    .slice(0, 16);
}

export function clickUrl(
  env: Pick<Env, 'PUBLIC_URL' | 'SESSION_SECRET'>,
  issueId: number,
  link: number,
): string {
  const signature = signatureOf(env.SESSION_SECRET, issueId, link);
  return new URL(`/r/${issueId}/${link}/${signature}`, env.PUBLIC_URL).toString();
}

const HREF = /(<a\b[^>]*?\shref=")(https?:\/\/[^"]+)(")/gi;

/**
 * The issue's HTML with every web link through the counting redirect, and the addresses in link
 * order (the same address twice is one link). The plain-text part keeps the real addresses.
 * A footnote's anchors (`#fn1`, made `<pageUrl>#fn1` for the mail) stay as they are: they move
 * the reader within the post, which is not a link they followed out of it.
 */
export function countedLinks(
  env: Pick<Env, 'PUBLIC_URL' | 'SESSION_SECRET'>,
  issueId: number,
  html: string,
  pageUrl: string,
): { html: string; urls: string[] } {
  const urls: string[] = [];
  const counted = html.replace(HREF, (match, before: string, href: string, after: string) => {
    if (href.startsWith(`${pageUrl}#`)) return match;
    // The HTML holds the address escaped; the redirect answers it unescaped.
    const url = href.replace(/&amp;/g, '&');
    let link = urls.indexOf(url) + 1;
    if (!link) link = urls.push(url);
    return `${before}${clickUrl(env, issueId, link)}${after}`;
  });
  return { html: counted, urls };
}

/**
 * Where a click lands: a page of the site with the newsletter's tags, which its page view is
 * credited to; any other address as it was written. The tags are the same two words for every
 * reader and issue, so the page view says where the reader came from and never who; nothing is
 * added to another site's address, which would tell it where its visitor came from (the redirect
 * sends no referrer for the same reason). A link the owner tagged already keeps its tags.
 */
function landingOf(url: string, ownOrigins: ReadonlySet<string>): string {
  const landing = URL.parse(url);
  if (!landing || !ownOrigins.has(landing.origin) || landing.searchParams.has('utm_source')) {
    return url;
  }
  for (const [name, value] of Object.entries(NEWSLETTER_LANDING_TAGS)) {
    landing.searchParams.set(name, value);
  }
  return landing.toString();
}

/**
 * GET /r/<issue>/<link>/<signature>: count (a reader's first click of the day, unless a scanner,
 * over the address's limit or switched off), then redirect, every time.
 */
export function clickRoutes(
  deps: {
    db: Db;
    clock: Clock;
    env: Pick<Env, 'SESSION_SECRET' | 'PUBLIC_URL' | 'WEB_ORIGIN'>;
    logger: Logger;
  },
  clickers: FirstToday,
): Router {
  const ownOrigins = new Set(
    [deps.env.PUBLIC_URL, deps.env.WEB_ORIGIN].map((url) => new URL(url).origin),
  );
  const perAddress = new RateLimiter({
    db: deps.db,
    clock: deps.clock,
    name: 'newsletter-clicks',
    ...COUNTED_PER_ADDRESS,
  });
  const router = Router();
  router.get(CLICK_PATH, (req, res, next) => {
    const issueId = Number(req.params.issueId);
    const link = Number(req.params.link);
    const given = Buffer.from(req.params.signature);
    const url =
      Number.isSafeInteger(issueId) && Number.isSafeInteger(link)
        ? linkUrl(deps.db, issueId, link)
        : undefined;
    const expected = url ? Buffer.from(signatureOf(deps.env.SESSION_SECRET, issueId, link)) : null;
    // Nothing to find, or not ours: the site's own not-found page, never a redirect.
    if (!url || !expected || expected.length !== given.length || !timingSafeEqual(expected, given))
      return next();
    // Mail scanners (Outlook's Safe Links, Proofpoint) open links before anyone reads: not clicks.
    try {
      const userAgent = req.get('user-agent') ?? '';
      if (
        !isbot(userAgent) &&
        readSettings(deps.db).newsletterClickCounting &&
        clickers.firstToday(`newsletter-link ${issueId}/${link}`, {
          address: req.ip ?? '',
          userAgent,
        }) &&
        // The limit bounds what is counted, never the redirect: a reader always gets there.
        perAddress.hit(clientKey(req.ip)).allowed
      ) {
        const day = instantToLocal(deps.clock.now(), siteIdentity(deps.db).timezone).slice(0, 10);
        addClick(deps.db, issueId, link, day);
      }
    } catch (error) {
      // A count that cannot be written never stands between a reader and the link.
      deps.logger.error({ err: error, issueId, link }, 'newsletter: a click could not be counted');
    }
    res
      .set({ 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' })
      .redirect(302, landingOf(url, ownOrigins));
  });
  return router;
}
