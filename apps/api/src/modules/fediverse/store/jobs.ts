import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { inTransaction, statement } from '../../../db/statements.js';

export const OWNED_TABLES = { fediverse_jobs: 'site' } as const satisfies OwnedTables;

export interface JobRow {
  id: number;
  message: string;
  ordering_key: string | null;
  attempts: number;
}

/** Activities taken in, and deliveries (Fedify's fan-outs with them): worked on apart. */
export type JobQueue = 'inbox' | 'outbox';

export interface NewJob {
  message: string;
  orderingKey: string | null;
  dueAt: string;
  createdAt: string;
}

export function insertJobs(db: Db, queue: JobQueue, jobs: readonly NewJob[]): void {
  const insert = statement(
    db,
    `INSERT INTO fediverse_jobs (queue, message, ordering_key, due_at, created_at)
     VALUES (?, ?, ?, ?, ?)`,
  );
  inTransaction(db, () => {
    for (const job of jobs) {
      insert.run(queue, job.message, job.orderingKey, job.dueAt, job.createdAt);
    }
  });
}

/**
 * A queue's due jobs, oldest first: pending ones, and working ones whose lease ran out (their worker died).
 * A job waits while an earlier job of its ordering key is not done. Each half walks
 * `fediverse_jobs_claimable_in_queue` in id order and the merge stops at `limit`, so a claim reads no
 * queued message but those it takes (storage.test.ts asks SQLite for its plan).
 */
export const CLAIM_DUE_JOBS = `UPDATE fediverse_jobs
   SET status = 'working', locked_until = @lockedUntil, claimed_by = @claimant,
       attempts = attempts + 1
 WHERE id IN (
   SELECT id FROM (
     SELECT id, ordering_key FROM fediverse_jobs
     WHERE queue = @queue AND status = 'pending' AND due_at <= @now
     UNION ALL
     SELECT id, ordering_key FROM fediverse_jobs
     WHERE queue = @queue AND status = 'working' AND locked_until <= @now
     ORDER BY id) AS job
   WHERE job.ordering_key IS NULL OR NOT EXISTS (
     SELECT 1 FROM fediverse_jobs AS earlier
     WHERE earlier.ordering_key = job.ordering_key AND earlier.id < job.id)
   LIMIT @limit)
 RETURNING id, message, ordering_key, attempts`;

/** Claims up to `limit` due jobs of `queue` for `claimant`. */
export function claimJobs(
  db: Db,
  claim: { queue: JobQueue; now: string; lockedUntil: string; limit: number; claimant: string },
): JobRow[] {
  return statement(db, CLAIM_DUE_JOBS).all(claim) as JobRow[];
}

/** Done: the job is gone. */
export function deleteJob(db: Db, id: number): void {
  statement(db, 'DELETE FROM fediverse_jobs WHERE id = ?').run(id);
}

export function retryJobLater(db: Db, id: number, dueAt: string, error: string): void {
  statement(
    db,
    `UPDATE fediverse_jobs
       SET status = 'pending', due_at = ?, locked_until = NULL, claimed_by = NULL, last_error = ?
     WHERE id = ?`,
  ).run(dueAt, error.slice(0, 500), id);
}

/**
 * Puts back to pending every job of `queue` another process left working: that process is gone,
 * since one server owns the database file at a time, and one worker in it works on each queue.
 */
export function reclaimJobsOfOthers(db: Db, queue: JobQueue, claimant: string): number {
  return statement(
    db,
    `UPDATE fediverse_jobs SET status = 'pending', locked_until = NULL, claimed_by = NULL
     WHERE queue = @queue AND status = 'working' AND claimed_by IS NOT @claimant`,
  ).run({ queue, claimant }).changes;
}

export function jobDepth(
  db: Db,
  queue: JobQueue,
  now: string,
): { queued: number; ready: number; delayed: number } {
  const row = statement(
    db,
    `SELECT count(*) AS queued, coalesce(sum(due_at <= ?), 0) AS ready
     FROM fediverse_jobs WHERE queue = ? AND status = 'pending'`,
  ).get(now, queue) as { queued: number; ready: number };
  return { queued: row.queued, ready: row.ready, delayed: row.queued - row.ready };
}
