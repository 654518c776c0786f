import type { UncertainBatch, UncertainResolution } from '@quillpost/domain';
import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { typedStatement } from './typed-statement.js';

export const OWNED_TABLES = { newsletter_batches: 'site' } as const satisfies OwnedTables;

/** The status a batch ends in: 'done' when every recipient has an outcome, else 'uncertain'. */
export type ClosedBatchStatus = 'done' | 'uncertain';

/** Commits a batch as 'sending' (before any of its mail reaches the relay); answers its id. */
export function insertSendingBatch(
  db: Db,
  issueId: number,
  size: number,
  owner: string,
  now: string,
): number {
  const insert = typedStatement<[number, number, string, string]>(
    db,
    `INSERT INTO newsletter_batches (issue_id, status, size, owner, started_at)
     VALUES (?, 'sending', ?, ?, ?)`,
  );
  return Number(insert.run(issueId, size, owner, now).lastInsertRowid);
}

/** The issue's batches still marked 'sending'. */
export function sendingBatchIds(db: Db, issueId: number): number[] {
  return typedStatement<[number], number>(
    db,
    `SELECT id FROM newsletter_batches WHERE issue_id = ? AND status = 'sending'`,
  )
    .pluck()
    .all(issueId);
}

export function markBatchFinished(
  db: Db,
  batchId: number,
  status: ClosedBatchStatus,
  now: string,
): void {
  typedStatement<[ClosedBatchStatus, string, number]>(
    db,
    'UPDATE newsletter_batches SET status = ?, finished_at = ? WHERE id = ?',
  ).run(status, now, batchId);
}

/** Settles every uncertain batch of the issue with the owner's choice; answers their ids. */
export function resolveUncertainBatches(
  db: Db,
  issueId: number,
  resolution: UncertainResolution,
  now: string,
): number[] {
  return typedStatement<[UncertainResolution, string, number], number>(
    db,
    `UPDATE newsletter_batches SET status = 'resolved', resolution = ?, resolved_at = ?
     WHERE issue_id = ? AND status = 'uncertain' RETURNING id`,
  )
    .pluck()
    .all(resolution, now, issueId);
}

/** The uncertain batches waiting for the owner, with how many recipients each left unsure. */
export function uncertainBatchesOf(db: Db, issueId: number): UncertainBatch[] {
  return typedStatement<[number], UncertainBatch>(
    db,
    `SELECT b.id, b.started_at AS startedAt,
       (SELECT count(*) FROM newsletter_recipients r
          WHERE r.issue_id = b.issue_id AND r.status = 'uncertain' AND r.batch_id = b.id) AS recipients
     FROM newsletter_batches b WHERE b.issue_id = ? AND b.status = 'uncertain' ORDER BY b.id`,
  ).all(issueId);
}
