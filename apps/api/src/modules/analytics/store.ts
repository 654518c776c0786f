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
} as const satisfies OwnedTables;

export interface HitRow {
  day: string;
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

export function insertHits(db: Db, hits: readonly HitRow[]): void {
  const insert = statement(
    db,
    `INSERT INTO analytics_hits
       (day, path, source, utm_source, utm_medium, utm_campaign, device, browser, os, visitor)
     VALUES (@day, @path, @source, @utm_source, @utm_medium, @utm_campaign, @device, @browser,
       @os, @visitor)`,
  );
  inTransaction(db, () => {
    for (const hit of hits) insert.run(hit);
  });
}

/** The dimensions each past day is summed by; '' is the whole site. */
const DIMENSIONS = ['', 'path', 'source', 'utm_source', 'device', 'browser', 'os'] as const;

/**
 * Sums every day before `today` that has raw hits and no sums yet, then deletes raw hits older
 * than `keepFrom`: afterwards a day is its sums.
 */
export function rollUp(db: Db, today: string, keepFrom: string): void {
  inTransaction(db, () => {
    const days = (
      statement(
        db,
        `SELECT DISTINCT day FROM analytics_hits WHERE day < ?
           AND day NOT IN (SELECT day FROM analytics_daily)`,
      ).all(today) as Array<{ day: string }>
    ).map((row) => row.day);
    for (const day of days) {
      for (const dimension of DIMENSIONS) {
        const value = dimension ? `COALESCE(${dimension}, '')` : "''";
        statement(
          db,
          `INSERT INTO analytics_daily (day, dimension, value, views, visitors)
           SELECT day, '${dimension}', ${value}, COUNT(*), COUNT(DISTINCT visitor)
           FROM analytics_hits WHERE day = ? GROUP BY ${value}`,
        ).run(day);
      }
    }
    statement(db, 'DELETE FROM analytics_hits WHERE day < ?').run(keepFrom);
  });
}

export interface Traffic {
  views: number;
  visitors: number;
}

/** Views and visitors of days `from` to `to` (YYYY-MM-DD, both included). */
export function trafficBetween(db: Db, from: string, to: string): Traffic {
  // Raw hits where they are kept (exact distinct visitors per day), the sums for older days.
  const raw = statement(
    db,
    `SELECT COUNT(*) AS views, COUNT(DISTINCT day || visitor) AS visitors FROM analytics_hits
     WHERE day BETWEEN ? AND ? AND day NOT IN (SELECT day FROM analytics_daily)`,
  ).get(from, to) as Traffic;
  const summed = statement(
    db,
    `SELECT COALESCE(SUM(views), 0) AS views, COALESCE(SUM(visitors), 0) AS visitors
     FROM analytics_daily WHERE dimension = '' AND day BETWEEN ? AND ?`,
  ).get(from, to) as Traffic;
  return { views: raw.views + summed.views, visitors: raw.visitors + summed.visitors };
}

interface Breakdown {
  value: string;
  views: number;
  visitors: number;
}

/**
 * Views and visitors per value of one dimension over days `from` to `to`: raw hits for the days
 * not summed yet, the sums for the others, together; most viewed first.
 */
export function breakdownBetween(
  db: Db,
  dimension: 'path' | 'source',
  range: { from: string; to: string },
  limit: number,
): Breakdown[] {
  const raw = statement(
    db,
    `SELECT ${dimension} AS value, COUNT(*) AS views, COUNT(DISTINCT day || visitor) AS visitors
     FROM analytics_hits
     WHERE day BETWEEN @from AND @to AND day NOT IN (SELECT day FROM analytics_daily)
     GROUP BY ${dimension}`,
  ).all(range) as Breakdown[];
  const summed = statement(
    db,
    `SELECT value, SUM(views) AS views, SUM(visitors) AS visitors FROM analytics_daily
     WHERE dimension = '${dimension}' AND day BETWEEN @from AND @to GROUP BY value`,
  ).all(range) as Breakdown[];
  const totals = new Map<string, Breakdown>();
  for (const row of [...raw, ...summed]) {
    const total = totals.get(row.value) ?? { value: row.value, views: 0, visitors: 0 };
    total.views += row.views;
    total.visitors += row.visitors;
    totals.set(row.value, total);
  }
  return [...totals.values()]
    .sort((a, b) => b.views - a.views || a.value.localeCompare(b.value))
    .slice(0, limit);
}
