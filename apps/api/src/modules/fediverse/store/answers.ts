import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { statement } from '../../../db/statements.js';

/** The answers sent back to fediverse repliers (answers.ts): each comment once. */
export const OWNED_TABLES = { fediverse_answers: 'site' } as const satisfies OwnedTables;

/** The newest comment an answer was sent for; 0 before the first. */
export function lastAnsweredComment(db: Db): number {
  return statement(db, 'SELECT coalesce(max(comment_id), 0) FROM fediverse_answers')
    .pluck()
    .get() as number;
}

export function recordAnswer(
  db: Db,
  answer: { commentId: number; noteId: string },
  now: string,
): void {
  statement(
    db,
    `INSERT INTO fediverse_answers (comment_id, note_id, sent_at) VALUES (@commentId, @noteId, @now)
     ON CONFLICT DO NOTHING`,
  ).run({ ...answer, now });
}

/** The comments whose answers were sent and not withdrawn since. */
export function answeredComments(db: Db): number[] {
  return statement(db, 'SELECT comment_id FROM fediverse_answers ORDER BY comment_id')
    .pluck()
    .all() as number[];
}

/** An answer withdrawn: its Delete is on its way, or there was no one to tell. */
export function forgetAnswer(db: Db, commentId: number): void {
  statement(db, 'DELETE FROM fediverse_answers WHERE comment_id = ?').run(commentId);
}
