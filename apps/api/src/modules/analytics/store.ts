import { isHourPeriod, shiftPeriod } from '@quillpost/domain';
import { statement, inTransaction } from '../../db/statements.js';
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';

/**
 * The site's readership in sums. No row names a person: a visitor id is a hash with a key that
 * changes every day and is never written (collector.ts), and no address or user agent is ever
 * written either.
 */
export const OWNED_TABLES = {
  analytics_hits: 'site',
  analytics_daily: 'site',
  analytics_feeds: 'site',
} as const satisfies OwnedTables;

export interface HitRow {
  day: string;
  hour: number;
  path: string;
  source: string;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device: 'phone' | 'tablet' | 'desktop';
  browser: string;
  os: string;
  visitor: string | null;
  /** 1 on the visitor's first view of the day, and of this page that day. */
  first_of_day: 0 | 1;
  first_on_page: 0 | 1;
}

export interface FeedFetches {
  day: string;
  feed: string;
  reader: string;
  fetches: number;
  subscribers: number;
}

/** Writes buffered page views and feed fetches in one transaction. */
export function insertHits(db: Db, hits: readonly HitRow[], feeds: readonly FeedFetches[]): void {
  const insert = statement(
    db,
    `INSERT INTO analytics_hits
       (day, hour, path, source, utm_source, utm_medium, utm_campaign, device, browser, os,
        visitor, first_of_day, first_on_page)
     VALUES (@day, @hour, @path, @source, @utm_source, @utm_medium, @utm_campaign, @device,
       @browser, @os, @visitor, @first_of_day, @first_on_page)`,
  );
  const addFetches = statement(
    db,
    `INSERT INTO analytics_feeds (day, feed, reader, fetches, subscribers)
     VALUES (@day, @feed, @reader, @fetches, @subscribers)
     ON CONFLICT (day, feed, reader) DO UPDATE SET fetches = fetches + excluded.fetches,
       subscribers = MAX(subscribers, excluded.subscribers)`,
  );
  inTransaction(db, () => {
    for (const hit of hits) insert.run(hit);
    for (const fetches of feeds) addFetches.run(fetches);
  });
}

/** What a past day is summed by, for the whole site; '' is its total, 'path' lists the pages. */
const SITE_DIMENSIONS = [
  '',
  'path',
  'source',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'device',
  'browser',
  'os',
] as const;
/** ...and for each page: its total and its sources. */
const PAGE_DIMENSIONS = ['', 'source'] as const;

export type Dimension = Exclude<(typeof SITE_DIMENSIONS)[number], ''>;

/** A site dimension's visitors are counted by their first view (its device, its browser). */
const VISITORS = { site: 'SUM(first_of_day)', page: 'SUM(first_on_page)' } as const;

/**
 * Dimensions one visitor can have several values of in a day: straight in in the morning, from
 * the newsletter at noon. Counted by their first view, a later source showed "0 visitors, 1
 * view"; their visitors are the distinct ids among their views instead (ids change with the day's
 * key, so no id is shared by two days). Device, browser and system come with the visitor's id.
 */
const CHANGES_IN_A_DAY: ReadonlySet<string> = new Set([
  'source',
  'utm_source',
  'utm_medium',
  'utm_campaign',
]);
const DISTINCT_VISITORS = 'COUNT(DISTINCT visitor)';

/** How a summed day counts a dimension's visitors, for the site or for one page. */
const visitorsOf = (dimension: string, scope: keyof typeof VISITORS) =>
  CHANGES_IN_A_DAY.has(dimension) ? DISTINCT_VISITORS : VISITORS[scope];

/**
 * Sums every day before `today` that has raw hits and no sums yet, then deletes raw hits older
 * than `keepFrom`: afterwards a day is its sums. Days are summed in order, so every day up to
 * the latest summed one is summed (`summedThrough`).
 */
export function rollUp(db: Db, today: string, keepFrom: string): void {
  inTransaction(db, () => {
    const days = statement(
      db,
      'SELECT DISTINCT day FROM analytics_hits WHERE day > ? AND day < ? ORDER BY day',
    )
      .pluck()
      .all(summedThrough(db), today) as string[];
    for (const day of days) {
      for (const dimension of SITE_DIMENSIONS) {
        const value = dimension ? `COALESCE(${dimension}, '')` : "''";
        statement(
          db,
          `INSERT INTO analytics_daily (path, dimension, day, value, views, visitors)
           SELECT '', '${dimension}', day, ${value}, COUNT(*),
             ${visitorsOf(dimension, dimension === 'path' ? 'page' : 'site')}
           FROM analytics_hits WHERE day = ? GROUP BY ${value}`,
        ).run(day);
      }
      for (const dimension of PAGE_DIMENSIONS) {
        const value = dimension || "''";
        statement(
          db,
          `INSERT INTO analytics_daily (path, dimension, day, value, views, visitors)
           SELECT path, '${dimension}', day, ${value}, COUNT(*), ${visitorsOf(dimension, 'page')}
           FROM analytics_hits WHERE day = ? GROUP BY path, ${value}`,
        ).run(day);
      }
    }
    statement(db, 'DELETE FROM analytics_hits WHERE day < ?').run(keepFrom);
  });
}

/** The latest day in sums ('' for none): raw hits count only for the days after it. */
function summedThrough(db: Db): string {
  return (
    (statement(db, "SELECT MAX(day) FROM analytics_daily WHERE path = '' AND dimension = ''")
      .pluck()
      .get() as string | null) ?? ''
  );
}

/**
 * Days `from` to `to` (YYYY-MM-DD, both included), or hours (YYYY-MM-DDTHH, site time): hours
 * are read from raw hits only, which are kept for the retention period.
 */
export interface Range {
  from: string;
  to: string;
  /** One page's figures instead of the whole site's. */
  path?: string | undefined;
}

export interface Counts {
  views: number;
  visitors: number;
}

export interface Breakdown extends Counts {
  value: string;
}

/**
 * The raw hits a range reads, as a WHERE clause with its parameters: the hours asked for, or the
 * days not summed yet (for a 30-day range, today alone). Those are the table's newest rows, so
 * they are read as its tail by id, not through the day index a row at a time.
 */
function rawScope(db: Db, range: Range): { where: string; values: object } | null {
  const hours = isHourPeriod(range.from);
  const from = hours ? range.from.slice(0, 10) : nextAfter(summedThrough(db), range.from);
  const to = range.to.slice(0, 10);
  if (from > to) return null;
  // Through the day index: MIN(id) alone would walk the table from its first row.
  const first = statement(
    db,
    'SELECT MIN(id) FROM analytics_hits INDEXED BY analytics_hits_by_day WHERE day >= ?',
  )
    .pluck()
    .get(from) as number | null;
  if (first === null) return null;
  const hourly = hours
    ? ` AND day || 'T' || printf('%02d', hour) BETWEEN @fromHour AND @toHour`
    : '';
  const page = range.path === undefined ? '' : ' AND path = @path';
  return {
    where: `id >= @first AND +day BETWEEN @from AND @to${hourly}${page}`,
    values: { first, from, to, fromHour: range.from, toHour: range.to, path: range.path ?? '' },
  };
}

/** The first day of a range that is not summed yet. */
function nextAfter(summed: string, from: string): string {
  return summed >= from ? shiftPeriod(summed, 1) : from;
}

function addUp(...lists: Breakdown[][]): Breakdown[] {
  const totals = new Map<string, Breakdown>();
  for (const row of lists.flat()) {
    const total = totals.get(row.value) ?? { value: row.value, views: 0, visitors: 0 };
    total.views += row.views;
    total.visitors += row.visitors;
    totals.set(row.value, total);
  }
  return [...totals.values()];
}

/**
 * One range's readership: raw hits for the hours or days not summed yet, the sums for the rest.
 * A visitor is counted once a day: on their first view of the day (for the site, its sources and
 * devices) or of the page; over several days the days' figures add up (the same reader on two
 * days counts twice, as in every daily-key counter). An hour range counts its distinct visitors.
 */
export function readershipOf(db: Db, range: Range) {
  const hours = isHourPeriod(range.from);
  const scope = rawScope(db, range);
  const page = range.path ?? '';
  // Ids change with the day's key: no id is shared by two days.
  const visitorsBy = (dimension: Dimension | '') =>
    hours
      ? DISTINCT_VISITORS
      : visitorsOf(dimension, range.path !== undefined || dimension === 'path' ? 'page' : 'site');
  const raw = (value: string, visitors: string): Breakdown[] =>
    scope
      ? (statement(
          db,
          `SELECT ${value} AS value, COUNT(*) AS views, ${visitors} AS visitors
           FROM analytics_hits WHERE ${scope.where} GROUP BY 1`,
        ).all(scope.values) as Breakdown[])
      : [];
  const sums = (dimension: string): Breakdown[] =>
    hours
      ? []
      : (statement(
          db,
          `SELECT value, SUM(views) AS views, SUM(visitors) AS visitors FROM analytics_daily
           WHERE path = ? AND dimension = ? AND day BETWEEN ? AND ? GROUP BY value`,
        ).all(page, dimension, range.from, range.to) as Breakdown[]);
  return {
    totals(): Counts {
      const [all = { views: 0, visitors: 0 }] = addUp(raw("''", visitorsBy('')), sums(''));
      return { views: all.views, visitors: all.visitors };
    },
    /** Most viewed first. For one page, only its sources are kept past the retention. */
    breakdown(dimension: Dimension, limit: number): Breakdown[] {
      const summed =
        range.path !== undefined && dimension === 'path'
          ? sums('').map((row) => ({ ...row, value: page }))
          : sums(dimension);
      return addUp(raw(`COALESCE(${dimension}, '')`, visitorsBy(dimension)), summed)
        .sort((a, b) => b.views - a.views || a.value.localeCompare(b.value))
        .slice(0, limit);
    },
    /** Per hour (hour ranges) or per day, oldest first; quiet periods left out. */
    series(): Breakdown[] {
      const summed = hours
        ? []
        : (statement(
            db,
            `SELECT day AS value, views, visitors FROM analytics_daily
             WHERE path = ? AND dimension = '' AND day BETWEEN ? AND ?`,
          ).all(page, range.from, range.to) as Breakdown[]);
      const perHour = "day || 'T' || printf('%02d', hour)";
      return addUp(
        // `+day`: grouped by the day index, the whole table would be walked in day order.
        raw(hours ? perHour : '+day', visitorsBy('')),
        summed,
      ).sort((a, b) => a.value.localeCompare(b.value));
    },
  };
}

/** Views and visitors over a range. */
export function trafficBetween(db: Db, range: Range): Counts {
  return readershipOf(db, range).totals();
}

export interface FeedReaders {
  reader: string;
  /** The highest count the reader stated on any one day of the range, summed over its feeds. */
  subscribers: number;
  fetches: number;
}

/** Feed readers over days `from` to `to`, the ones with most subscribers first. */
export function feedReadersBetween(db: Db, from: string, to: string, limit: number): FeedReaders[] {
  return statement(
    db,
    `SELECT reader, MAX(subscribers) AS subscribers, SUM(fetches) AS fetches FROM (
       SELECT day, reader, SUM(subscribers) AS subscribers, SUM(fetches) AS fetches
       FROM analytics_feeds WHERE day BETWEEN ? AND ? GROUP BY day, reader)
     GROUP BY reader ORDER BY subscribers DESC, fetches DESC, reader LIMIT ?`,
  ).all(from, to, limit) as FeedReaders[];
}
