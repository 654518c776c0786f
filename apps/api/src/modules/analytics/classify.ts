/**
 * What a page view is, read from its request and thrown away: whether to count it at all (not a
 * crawler, a link previewer or a prefetch), a device class and browser and OS families (bowser),
 * the referrer's host unless it is this site, and whether the reader asked not to be followed.
 */
import Bowser from 'bowser';
import type { IncomingHttpHeaders } from 'node:http';
import { isbot } from 'isbot';

export interface Reader {
  device: 'phone' | 'tablet' | 'desktop';
  browser: string;
  os: string;
}

/** Speculative loads (Chromium's prerender and prefetch, Safari's and Firefox's prefetch). */
export function isPrefetch(headers: IncomingHttpHeaders): boolean {
  const purpose = `${headers['sec-purpose'] ?? ''} ${headers.purpose ?? ''} ${headers['x-moz'] ?? ''}`;
  return /prefetch|prerender/i.test(purpose);
}

/** What a user agent says, read once: the same few hundred browsers send nearly every view. */
const known = new Map<string, { robot: boolean; reader: Reader }>();
const KNOWN_MAX = 1_000;

function read(userAgent: string) {
  let seen = known.get(userAgent);
  if (!seen) {
    if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
    // No user agent at all is a script, never a reader (and nothing for bowser to read).
    seen = userAgent
      ? { robot: isbot(userAgent), reader: parse(userAgent) }
      : { robot: true, reader: { device: 'desktop', browser: 'Other', os: 'Other' } };
    known.set(userAgent, seen);
  }
  return seen;
}

export function isRobot(userAgent: string): boolean {
  return read(userAgent).robot;
}

/** Global Privacy Control or Do Not Track: counted as a view, never as a visitor. */
export function asksNotToBeTracked(headers: IncomingHttpHeaders): boolean {
  return headers['sec-gpc'] === '1' || headers.dnt === '1';
}

export function readerOf(userAgent: string): Reader {
  return read(userAgent).reader;
}

function parse(userAgent: string): Reader {
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  return {
    device: platform === 'mobile' ? 'phone' : platform === 'tablet' ? 'tablet' : 'desktop',
    browser: parsed.browser.name || 'Other',
    os: parsed.os.name || 'Other',
  };
}

/** The referrer's host, lower-case, without `www.`; '' for none, this site's own, or nonsense. */
export function sourceOf(referrer: string, ownHosts: ReadonlySet<string>): string {
  if (!referrer) return '';
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return ownHosts.has(host) ? '' : host;
  } catch {
    return '';
  }
}

/** Feed services and apps by what their user agents say, checked in order. */
const FEED_READERS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Feedly', /feedly/i],
  ['Inoreader', /inoreader/i],
  ['NewsBlur', /newsblur/i],
  ['Feedbin', /feedbin/i],
  ['The Old Reader', /theoldreader/i],
  ['BazQux', /bazqux/i],
  ['Feedspot', /feedspot/i],
  ['Miniflux', /miniflux/i],
  ['FreshRSS', /freshrss/i],
  ['Tiny Tiny RSS', /tiny tiny rss|tt-rss/i],
  ['NetNewsWire', /netnewswire/i],
  ['Reeder', /reeder/i],
  ['Feeder', /\bfeeder\b/i],
  ['Thunderbird', /thunderbird/i],
  ['Newsboat', /newsboat/i],
];

/** "42 subscribers", "1,024 readers": what Feedly, Inoreader, NewsBlur and others report. */
const SUBSCRIBERS = /(\d[\d,]*)\s+(?:subscribers?|readers?)\b/i;

/**
 * Who fetched a feed: a known service or app by name, a browser, or the first word of an
 * unknown agent; with the number of subscribers it says it fetches for (0 when it says none).
 */
export function feedReaderOf(userAgent: string): { reader: string; subscribers: number } {
  const stated = SUBSCRIBERS.exec(userAgent)?.[1];
  const subscribers = stated ? Math.min(Number(stated.replace(/,/g, '')), 10_000_000) : 0;
  const known = FEED_READERS.find(([, pattern]) => pattern.test(userAgent))?.[0];
  if (known) return { reader: known, subscribers };
  if (!userAgent.trim()) return { reader: 'Unknown', subscribers };
  if (/^Mozilla\//.test(userAgent) && !isRobot(userAgent))
    return { reader: 'A browser', subscribers };
  const product = /^[(\s]*(?:Mozilla\/\S+\s+\(compatible;\s*)?([A-Za-z][\w.-]{0,39})/.exec(
    userAgent,
  );
  return { reader: product?.[1] ?? 'Unknown', subscribers };
}
