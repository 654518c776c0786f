import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { statement } from '../../../db/statements.js';

export const OWNED_TABLES = { fediverse_articles: 'site' } as const satisfies OwnedTables;

export interface SentArticle {
  contentId: number;
  objectId: string;
  sentHash: string;
  state: 'published' | 'deleted';
}

export function sentArticles(db: Db): Map<number, SentArticle> {
  const rows = statement(
    db,
    `SELECT content_id AS contentId, object_id AS objectId, sent_hash AS sentHash, state
     FROM fediverse_articles`,
  ).all() as SentArticle[];
  return new Map(rows.map((row) => [row.contentId, row]));
}

export function recordArticle(db: Db, article: SentArticle, now: string): void {
  statement(
    db,
    `INSERT INTO fediverse_articles (content_id, object_id, sent_hash, state, first_sent_at, changed_at)
     VALUES (@contentId, @objectId, @sentHash, @state, @now, @now)
     ON CONFLICT (content_id) DO UPDATE SET object_id = excluded.object_id,
       sent_hash = excluded.sent_hash, state = excluded.state, changed_at = excluded.changed_at`,
  ).run({ ...article, now });
}
