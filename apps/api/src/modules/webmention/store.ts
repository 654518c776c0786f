/**
 * The Webmention module's tables: its job queue (mentions to verify, mentions to send), the
 * mentions it verified and the conversation replies they became, and what each post was sent for.
 */
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';
import { inTransaction, statement } from '../../db/statements.js';

/** Addresses of pages and the replies they became; who wrote them lives in discussions. */
export const OWNED_TABLES = {
  webmention_jobs: 'site',
  webmention_mentions: 'site',
  webmention_posts: 'site',
} as const satisfies OwnedTables;

export type JobKind = 'verify' | 'send';

export interface JobRow {
  id: number;
  kind: JobKind;
  source: string;
  target: string;
  attempts: number;
}

/**
 * Queues a job, due now. The same job already waiting is made due now with its attempts afresh (a
 * sender that sends again has changed its page); one being worked on runs once more after.
 */
export function queueJob(
  db: Db,
  job: { kind: JobKind; source: string; target: string },
  now: string,
): void {
  statement(
    db,
    `INSERT INTO webmention_jobs (kind, source, target, due_at, created_at)
     VALUES (@kind, @source, @target, @now, @now)
     ON CONFLICT (kind, source, target) DO UPDATE SET
       due_at = @now, attempts = 0, again = status = 'working'`,
  ).run({ ...job, now });
}

/** Claims up to `limit` due jobs: pending ones, and working ones whose lease ran out. */
export function claimJobs(
  db: Db,
  claim: { now: string; lockedUntil: string; limit: number; claimant: string },
): JobRow[] {
  return statement(
    db,
    `UPDATE webmention_jobs
       SET status = 'working', locked_until = @lockedUntil, claimed_by = @claimant,
           attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM webmention_jobs
       WHERE (status = 'pending' AND due_at <= @now) OR (status = 'working' AND locked_until <= @now)
       ORDER BY due_at, id
       LIMIT @limit)
     RETURNING id, kind, source, target, attempts`,
  ).all(claim) as JobRow[];
}

/** Done: the job is gone, unless it was queued again meanwhile (then it is due now). */
export function finishJob(db: Db, id: number, now: string): void {
  inTransaction(db, () => {
    statement(db, 'DELETE FROM webmention_jobs WHERE id = ? AND again = 0').run(id);
    statement(
      db,
      `UPDATE webmention_jobs
         SET status = 'pending', again = 0, attempts = 0, due_at = ?, locked_until = NULL,
             claimed_by = NULL
       WHERE id = ?`,
    ).run(now, id);
  });
}

export function retryJobLater(db: Db, id: number, dueAt: string, error: string): void {
  statement(
    db,
    `UPDATE webmention_jobs
       SET status = 'pending', due_at = ?, locked_until = NULL, claimed_by = NULL, last_error = ?,
           again = 0
     WHERE id = ?`,
  ).run(dueAt, error.slice(0, 500), id);
}

/** Puts back to pending every job another process left working: one server owns the file. */
export function reclaimJobsOfOthers(db: Db, claimant: string): number {
  return statement(
    db,
    `UPDATE webmention_jobs SET status = 'pending', locked_until = NULL, claimed_by = NULL
     WHERE status = 'working' AND claimed_by IS NOT @claimant`,
  ).run({ claimant }).changes;
}

/** Whom a verified mention's reply was kept as written by; null for a mention not kept. */
export function mentionAuthor(db: Db, source: string, target: string): string | null {
  return (
    (statement(db, 'SELECT author_id FROM webmention_mentions WHERE source = ? AND target = ?')
      .pluck()
      .get(source, target) as string | undefined) ?? null
  );
}

export function keepMention(
  db: Db,
  mention: { source: string; target: string; authorId: string },
  now: string,
): void {
  statement(
    db,
    `INSERT INTO webmention_mentions (source, target, author_id, verified_at)
     VALUES (@source, @target, @authorId, @now)
     ON CONFLICT (source, target) DO UPDATE SET author_id = @authorId, verified_at = @now`,
  ).run({ ...mention, now });
}

export interface MentionRow {
  source: string;
  target: string;
  authorId: string;
  verifiedAt: string;
}

/** Every mention verified, oldest first. */
export function mentions(db: Db): MentionRow[] {
  return statement(
    db,
    `SELECT source, target, author_id AS authorId, verified_at AS verifiedAt
     FROM webmention_mentions ORDER BY verified_at, source, target`,
  ).all() as MentionRow[];
}

export function forgetMention(db: Db, source: string, target: string): void {
  statement(db, 'DELETE FROM webmention_mentions WHERE source = ? AND target = ?').run(
    source,
    target,
  );
}

export interface SentPost {
  contentId: number;
  source: string;
  sentHash: string;
  targets: string[];
  state: 'published' | 'withdrawn';
}

export function sentPosts(db: Db): Map<number, SentPost> {
  const rows = statement(
    db,
    'SELECT content_id, source, sent_hash, targets, state FROM webmention_posts',
  ).all() as Array<{
    content_id: number;
    source: string;
    sent_hash: string;
    targets: string;
    state: SentPost['state'];
  }>;
  return new Map(
    rows.map((row) => [
      row.content_id,
      {
        contentId: row.content_id,
        source: row.source,
        sentHash: row.sent_hash,
        targets: JSON.parse(row.targets) as string[],
        state: row.state,
      },
    ]),
  );
}

/**
 * Records what a post was sent for and queues its sends, in one transaction: a post is never
 * recorded as sent without its jobs, nor sent twice for one version.
 */
export function recordSent(
  db: Db,
  post: SentPost,
  sends: ReadonlyArray<{ source: string; target: string }>,
  now: string,
): void {
  inTransaction(db, () => {
    statement(
      db,
      `INSERT INTO webmention_posts (content_id, source, sent_hash, targets, state, sent_at)
       VALUES (@contentId, @source, @sentHash, @targets, @state, @now)
       ON CONFLICT (content_id) DO UPDATE SET
         source = @source, sent_hash = @sentHash, targets = @targets, state = @state, sent_at = @now`,
    ).run({ ...post, targets: JSON.stringify(post.targets), now });
    for (const send of sends) queueJob(db, { kind: 'send', ...send }, now);
  });
}
