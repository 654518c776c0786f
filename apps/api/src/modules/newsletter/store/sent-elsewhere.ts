import type { NewsletterSourceKind } from '@quillpost/domain';
import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { statement } from '../../../db/statements.js';

export const OWNED_TABLES = { newsletter_sent_elsewhere: 'site' } as const satisfies OwnedTables;

/** An item another platform sent as email (an import says so); the first record stands. */
export interface SentElsewhere {
  kind: NewsletterSourceKind;
  slug: string;
  platform: string;
  sentAt: string;
}

export function recordSentElsewhere(db: Db, sent: SentElsewhere): void {
  statement(
    db,
    `INSERT INTO newsletter_sent_elsewhere (kind, slug, platform, sent_at)
     VALUES (@kind, @slug, @platform, @sentAt) ON CONFLICT (kind, slug) DO NOTHING`,
  ).run(sent);
}

/** `kind:slug` of every item sent elsewhere. */
export function sentElsewhereKeys(db: Db): Set<string> {
  return new Set(
    statement(db, `SELECT kind || ':' || slug FROM newsletter_sent_elsewhere`)
      .pluck()
      .all() as string[],
  );
}
