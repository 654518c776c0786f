/** When each member last had a reply email per thread, and how far the owner's digest reached. */
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';
import { statement } from '../../db/statements.js';

export const OWNED_TABLES = {
  reply_notices: 'person',
  owner_digest: 'site',
} as const satisfies OwnedTables;

/**
 * Claims the member's reply email for the thread: true when they had none since `cutoff`, and
 * then `now` is the time of their latest.
 */
export function claimReplyNotice(
  db: Db,
  claim: { userId: number; threadId: number; now: string; cutoff: string },
): boolean {
  return (
    statement(
      db,
      `INSERT INTO reply_notices (user_id, thread_id, sent_at) VALUES (@userId, @threadId, @now)
       ON CONFLICT (user_id, thread_id) DO UPDATE SET sent_at = excluded.sent_at
        WHERE reply_notices.sent_at <= @cutoff`,
    ).run(claim).changes > 0
  );
}

export interface ReplyNoticeSent {
  threadId: number;
  sentAt: string;
}

/** The latest reply email the member had in each thread. */
export function replyNoticesOf(db: Db, userId: number): ReplyNoticeSent[] {
  return statement(
    db,
    `SELECT thread_id AS threadId, sent_at AS sentAt FROM reply_notices
     WHERE user_id = ? ORDER BY sent_at`,
  ).all(userId) as ReplyNoticeSent[];
}

export function deleteReplyNoticesOf(db: Db, userId: number): void {
  statement(db, 'DELETE FROM reply_notices WHERE user_id = ?').run(userId);
}

/** The end of the window the last digest covered, or undefined before the first. */
export function digestCoveredUntil(db: Db): string | undefined {
  return statement(db, 'SELECT covered_until FROM owner_digest WHERE id = 1').pluck().get() as
    string | undefined;
}

export function setDigestCoveredUntil(db: Db, coveredUntil: string): void {
  statement(
    db,
    `INSERT INTO owner_digest (id, covered_until) VALUES (1, ?)
     ON CONFLICT (id) DO UPDATE SET covered_until = excluded.covered_until`,
  ).run(coveredUntil);
}
