import {
  isHourPeriod,
  periodCount,
  shiftPeriod,
  zonedTimeToInstant,
  type PageIssue,
  type TrafficQuery,
} from '@quillpost/domain';
import { iso } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { siteIdentity } from '../site/index.js';
import {
  feedReadersBetween,
  readershipOf,
  trafficBetween,
  type Dimension,
  type Range,
} from './store.js';

/** Rows listed per table: the owner's top fifty. */
const LISTED = 50;

/** The range just before, as long as this one. */
function previousOf({ from, to, path }: Range): Range {
  return { from: shiftPeriod(from, -periodCount(from, to)), to: shiftPeriod(from, -1), path };
}

/** The instants a range covers in the site's time zone, for records kept by instant. */
function instantsOf({ from, to }: Range, timeZone: string): { from: string; to: string } {
  const local = (period: string) => (isHourPeriod(period) ? `${period}:00` : `${period}T00:00`);
  return {
    from: iso(zonedTimeToInstant(local(from), timeZone)),
    to: iso(zonedTimeToInstant(local(shiftPeriod(to, 1)), timeZone) - 1),
  };
}

type Counted = Array<{ path: string; count: number }>;

/** Subscriptions and accounts started between two instants, per page (their modules count them). */
export type StartPaths = (from: string, to: string) => { subscribers: Counted; members: Counted };

/** Subscriptions and accounts per page they started on, the busiest first. */
function signupsOf(db: Db, startPaths: StartPaths, range: Range) {
  const instants = instantsOf(range, siteIdentity(db).timezone);
  const started = startPaths(instants.from, instants.to);
  const pages = new Map<string, { path: string; subscribers: number; members: number }>();
  const add = (rows: Counted, key: 'subscribers' | 'members') => {
    for (const { path, count } of rows) {
      if (range.path !== undefined && path !== range.path) continue;
      const page = pages.get(path) ?? { path, subscribers: 0, members: 0 };
      page[key] += count;
      pages.set(path, page);
    }
  };
  add(started.subscribers, 'subscribers');
  add(started.members, 'members');
  return [...pages.values()]
    .sort(
      (a, b) =>
        b.subscribers + b.members - (a.subscribers + a.members) || a.path.localeCompare(b.path),
    )
    .slice(0, LISTED);
}

/**
 * The console's readership figures (issue 25): GET /api/admin/analytics/traffic, and a page's
 * newsletter issue with its results (the newsletter module counts them).
 */
export function analyticsAdminRoutes(
  deps: {
    db: Db;
    startPaths: StartPaths;
    pageIssue: (path: string) => PageIssue | null;
    /** A page's title, or null (site-pages.ts pageTitles). */
    pageTitle: (path: string) => string | null;
  },
  mount: MountEndpoint,
): void {
  // Beacons are written a second apart: a report is at most that far behind.
  mount('adminAnalyticsTraffic', (_req, res, { query }) => {
    res.json({ success: true, ...trafficReport(deps, query) });
  });
  mount('adminAnalyticsIssue', (_req, res, { query }) => {
    res.json({ success: true, issue: deps.pageIssue(query.path) });
  });
}

export function trafficReport(
  {
    db,
    startPaths,
    pageTitle,
  }: { db: Db; startPaths: StartPaths; pageTitle: (path: string) => string | null },
  query: TrafficQuery,
) {
  const range: Range = { from: query.from, to: query.to, path: query.path };
  const readership = readershipOf(db, range);
  // A page's past days are summed by source only: its other lists would hold today alone.
  const onePage = range.path !== undefined;
  const rows = <Key extends string>(dimension: Dimension, key: Key) =>
    (onePage && dimension !== 'path' && dimension !== 'source'
      ? []
      : readership.breakdown(dimension, LISTED).map(({ value, views, visitors }) => ({
          [key]: value,
          views,
          visitors,
        }))) as Array<Record<Key, string> & { views: number; visitors: number }>;
  const hours = isHourPeriod(range.from);
  const feedDays = hours
    ? { from: range.from.slice(0, 10), to: range.to.slice(0, 10) }
    : { from: range.from, to: range.to };
  return {
    ...readership.totals(),
    previous: trafficBetween(db, previousOf(range)),
    series: readership.series().map(({ value, views, visitors }) => ({
      period: value,
      views,
      visitors,
    })),
    pages: rows('path', 'path').map((page) => ({ ...page, title: pageTitle(page.path) })),
    sources: rows('source', 'source'),
    campaigns: {
      source: rows('utm_source', 'value'),
      medium: rows('utm_medium', 'value'),
      campaign: rows('utm_campaign', 'value'),
    },
    devices: rows('device', 'device'),
    browsers: rows('browser', 'browser'),
    systems: rows('os', 'os'),
    feeds: onePage ? [] : feedReadersBetween(db, feedDays.from, feedDays.to, LISTED),
    signups: signupsOf(db, startPaths, range).map((page) => ({
      ...page,
      title: page.path ? pageTitle(page.path) : null,
    })),
  };
}
