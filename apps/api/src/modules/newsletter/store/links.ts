import type { Db } from '../../../db/connection.js';
import { inTransaction } from '../../../db/statements.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { typedStatement } from './typed-statement.js';

/** An issue's links as sent, and their clicks per day: counts only, never who clicked. */
export const OWNED_TABLES = {
  newsletter_links: 'site',
  newsletter_clicks: 'site',
} as const satisfies OwnedTables;

/** The issue's links, numbered from 1 in the order given; replaces any earlier list. */
export function replaceLinks(db: Db, issueId: number, urls: readonly string[]): void {
  inTransaction(db, () => {
    typedStatement<[number]>(db, 'DELETE FROM newsletter_links WHERE issue_id = ?').run(issueId);
    const insert = typedStatement<[number, number, string]>(
      db,
      'INSERT INTO newsletter_links (issue_id, link, url) VALUES (?, ?, ?)',
    );
    urls.forEach((url, index) => insert.run(issueId, index + 1, url));
  });
}

export function linkUrl(db: Db, issueId: number, link: number): string | undefined {
  return typedStatement<[number, number], string>(
    db,
    'SELECT url FROM newsletter_links WHERE issue_id = ? AND link = ?',
  )
    .pluck()
    .get(issueId, link);
}

export function addClick(db: Db, issueId: number, link: number, day: string): void {
  typedStatement<[number, number, string]>(
    db,
    `INSERT INTO newsletter_clicks (issue_id, link, day, clicks) VALUES (?, ?, ?, 1)
     ON CONFLICT (issue_id, link, day) DO UPDATE SET clicks = clicks + 1`,
  ).run(issueId, link, day);
}

/** Every link of the issue in order, with its clicks over all days. */
export function linkClicks(db: Db, issueId: number): Array<{ url: string; clicks: number }> {
  return typedStatement<[number], { url: string; clicks: number }>(
    db,
    `SELECT l.url, COALESCE(SUM(c.clicks), 0) AS clicks
     FROM newsletter_links l
     LEFT JOIN newsletter_clicks c ON c.issue_id = l.issue_id AND c.link = l.link
     WHERE l.issue_id = ? GROUP BY l.link ORDER BY l.link`,
  ).all(issueId);
}
