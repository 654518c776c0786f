import { statement, inTransaction } from '../../db/statements.js';
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';

/**
 * The site's readership in sums, and the day's salt. No row names a person: a visitor id is a
 * hash that changes every day, and no address or user agent is ever written.
 */
export const OWNED_TABLES = {
  analytics_salts: 'site',
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
}

export interface FeedFetches {
  day: string;
  feed: string;
  reader: string;
  fetches: number;
  subscribers: number;
}

/** The salt of `day`, made and kept if it has none yet; every older salt is deleted. */
export function saltOf(db: Db, day: string, fresh: () => Buffer): Buffer {
  return inTransaction(db, () => {
    statement(db, 'DELETE FROM analytics_salts WHERE day < ?').run(day);
    statement(db, 'INSERT OR IGNORE INTO analytics_salts (day, salt) VALUES (?, ?)').run(
      day,
      fresh(),
    );
    return (
      statement(db, 'SELECT salt FROM analytics_salts WHERE day = ?').get(day) as { salt: Buffer }
    ).salt;
  });
}

/** Writes buffered page views and feed fetches in one transaction. */
export function insertHits(db: Db, hits: readonly HitRow[], feeds: readonly FeedFetches[]): void {
  const insert = statement(
    db,
    `INSERT INTO analytics_hits
       (day, hour, path, source, utm_source, utm_medium, utm_campaign, device, browser, os,
        visitor)
     VALUES (@day, @hour, @path, @source, @utm_source, @utm_medium, @utm_campaign, @device,
       @browser, @os, @visitor)`,
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

/** What a past day is summed by, for the whole site; '' is its total. */
const SITE_DIMENSIONS = [
  '',
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

export type Dimension = Exclude<(typeof SITE_DIMENSIONS)[number], ''> | 'path';

/**
 * Sums every day before `today` that has raw hits and no sums yet, then deletes raw hits older
 * than `keepFrom`: afterwards a day is its sums. Days are summed in order, so every day up to
 * the latest summed one is summed (`summedThrough`).
 */
export function rollUp(db: Db, today: string, keepFrom: string): void {
  inTransaction(db, () => {
    const days = statement(
      db,
      `SELECT DISTINCT day FROM analytics_hits WHERE day < ? AND day > ? ORDER BY day`,
    )
      .pluck()
      .all(today, summedThrough(db)) as string[];
    for (const day of days) {
      for (const dimension of SITE_DIMENSIONS) {
        const value = dimension ? `COALESCE(${dimension}, '')` : "''";
        statement(
          db,
          `INSERT INTO analytics_daily (day, path, dimension, value, views, visitors)
           SELECT day, '', '${dimension}', ${value}, COUNT(*), COUNT(DISTINCT visitor)
           FROM analytics_hits WHERE day = ? GROUP BY ${value}`,
        ).run(day);
      }
      for (const dimension of PAGE_DIMENSIONS) {
        const value = dimension || "''";
        statement(
          db,
          `INSERT INTO analytics_daily (day, path, dimension, value, views, visitors)
           SELECT day, path, '${dimension}', ${value}, COUNT(*), COUNT(DISTINCT visitor)
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
    (statement(db, 'SELECT MAX(day) FROM analytics_daily').pluck().get() as string | null) ?? ''
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
  path?: string;
}

export interface Counts {
  views: number;
  visitors: number;
}

const byHour = (range: Range) => range.from.length > 10;

/**
 * The raw hits a range reads, as a WHERE clause over @from, @to, @path and @summed: the hours
 * asked for, or the days not summed yet.
 */
function rawWhere(range: Range): string {
  const page = range.path === undefined ? '' : ' AND path = @path';
  return byHour(range)
    ? `day BETWEEN substr(@from, 1, 10) AND substr(@to, 1, 10)
       AND day || 'T' || printf('%02d', hour) BETWEEN @from AND @to${page}`
    : `day BETWEEN @from AND @to AND day > @summed${page}`;
}

function parameters(db: Db, range: Range) {
  return { from: range.from, to: range.to, path: range.path ?? '', summed: summedThrough(db) };
}

function add(
  totals: Map<string, Counts & { value: string }>,
  rows: Array<Counts & { value: string }>,
) {
  for (const row of rows) {
    const total = totals.get(row.value) ?? { value: row.value, views: 0, visitors: 0 };
    total.views += row.views;
    total.visitors += row.visitors;
    totals.set(row.value, total);
  }
}

/**
 * Views and visitors over a range: exact distinct visitors per day from raw hits, each summed
 * day's own, added up (the same reader on two days counts twice, as every daily-salt counter).
 */
export function trafficBetween(db: Db, range: Range): Counts {
  const values = parameters(db, range);
  const raw = statement(
    db,
    `SELECT COUNT(*) AS views, COUNT(DISTINCT day || visitor) AS visitors FROM analytics_hits
     WHERE ${rawWhere(range)}`,
  ).get(values) as Counts;
  if (byHour(range)) return raw;
  const summed = statement(
    db,
    `SELECT COALESCE(SUM(views), 0) AS views, COALESCE(SUM(visitors), 0) AS visitors
     FROM analytics_daily WHERE day BETWEEN @from AND @to AND path = @path AND dimension = ''`,
  ).get(values) as Counts;
  return { views: raw.views + summed.views, visitors: raw.visitors + summed.visitors };
}

export interface Breakdown extends Counts {
  value: string;
}

/**
 * Views and visitors per value of one dimension over a range, most viewed first. For one page
 * (`range.path`) only its sources are kept past the retention period.
 */
export function breakdownBetween(
  db: Db,
  dimension: Dimension,
  range: Range,
  limit: number,
): Breakdown[] {
  const values = parameters(db, range);
  const totals = new Map<string, Breakdown>();
  add(
    totals,
    statement(
      db,
      `SELECT COALESCE(${dimension}, '') AS value, COUNT(*) AS views,
         COUNT(DISTINCT day || visitor) AS visitors
       FROM analytics_hits WHERE ${rawWhere(range)} GROUP BY 1`,
    ).all(values) as Breakdown[],
  );
  if (!byHour(range)) {
    add(
      totals,
      statement(
        db,
        dimension === 'path'
          ? `SELECT path AS value, SUM(views) AS views, SUM(visitors) AS visitors
             FROM analytics_daily WHERE day BETWEEN @from AND @to AND dimension = ''
               AND path <> '' ${range.path === undefined ? '' : 'AND path = @path'}
             GROUP BY path`
          : `SELECT value, SUM(views) AS views, SUM(visitors) AS visitors FROM analytics_daily
             WHERE day BETWEEN @from AND @to AND path = @path AND dimension = '${dimension}'
             GROUP BY value`,
      ).all(values) as Breakdown[],
    );
  }
  return [...totals.values()]
    .sort((a, b) => b.views - a.views || a.value.localeCompare(b.value))
    .slice(0, limit);
}

/** Views and visitors per hour (hour ranges) or per day, oldest first; quiet periods left out. */
export function seriesBetween(db: Db, range: Range): Breakdown[] {
  const values = parameters(db, range);
  const period = byHour(range) ? "day || 'T' || printf('%02d', hour)" : 'day';
  const totals = new Map<string, Breakdown>();
  add(
    totals,
    statement(
      db,
      `SELECT ${period} AS value, COUNT(*) AS views, COUNT(DISTINCT visitor) AS visitors
       FROM analytics_hits WHERE ${rawWhere(range)} GROUP BY 1`,
    ).all(values) as Breakdown[],
  );
  if (!byHour(range)) {
    add(
      totals,
      statement(
        db,
        `SELECT day AS value, views, visitors FROM analytics_daily
         WHERE day BETWEEN @from AND @to AND path = @path AND dimension = ''`,
      ).all(values) as Breakdown[],
    );
  }
  return [...totals.values()].sort((a, b) => a.value.localeCompare(b.value));
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
