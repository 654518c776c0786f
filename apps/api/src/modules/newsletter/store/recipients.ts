import type { NewsletterProblem, NewsletterRecipientStatus } from '@quillpost/domain';
import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { idList, inTransaction } from '../../../db/statements.js';
import { typedStatement } from './typed-statement.js';

// A row holds a subscriber's address as it was mailed; erasing the subscription erases it too
// (ON DELETE CASCADE).
export const OWNED_TABLES = { newsletter_recipients: 'person' } as const satisfies OwnedTables;

/** A recipient's key: one row per issue and subscriber. */
export interface RecipientKey {
  issueId: number;
  subscriberId: number;
}

/** Queues these subscribers for the issue, in one transaction; anyone already on it stays as is. */
export function addQueuedRecipients(
  db: Db,
  issueId: number,
  subscribers: ReadonlyArray<{ id: number; email: string }>,
  now: string,
): void {
  const insert = typedStatement<[number, number, string, string, string]>(
    db,
    `INSERT OR IGNORE INTO newsletter_recipients
       (issue_id, subscriber_id, email, status, next_attempt_at, updated_at)
     VALUES (?, ?, ?, 'queued', ?, ?)`,
  );
  inTransaction(db, () => {
    for (const subscriber of subscribers) {
      insert.run(issueId, subscriber.id, subscriber.email, now, now);
    }
  });
}

/** Queued recipients whose next attempt is due by `now`, earliest first, at most `limit`. */
export function dueRecipients(
  db: Db,
  issueId: number,
  now: string,
  limit: number,
): Array<{ subscriberId: number; attempts: number }> {
  return typedStatement<[number, string, number], { subscriberId: number; attempts: number }>(
    db,
    `SELECT subscriber_id AS subscriberId, attempts FROM newsletter_recipients
     WHERE issue_id = ? AND status = 'queued' AND next_attempt_at <= ?
     ORDER BY next_attempt_at, subscriber_id LIMIT ?`,
  ).all(issueId, now, limit);
}

/** When the issue's next queued attempt is due; null when nobody is queued. */
export function nextQueuedAttemptAt(db: Db, issueId: number): string | null {
  return (
    typedStatement<[number], string | null>(
      db,
      `SELECT min(next_attempt_at) FROM newsletter_recipients WHERE issue_id = ? AND status = 'queued'`,
    )
      .pluck()
      .get(issueId) ?? null
  );
}

export function assignRecipientsToBatch(
  db: Db,
  issueId: number,
  batchId: number,
  subscriberIds: readonly number[],
): void {
  typedStatement<[number, number, string]>(
    db,
    `UPDATE newsletter_recipients SET batch_id = ?
     WHERE issue_id = ? AND subscriber_id IN (SELECT value FROM json_each(?))`,
  ).run(batchId, issueId, idList(subscriberIds));
}

/** The batch's recipients still queued (never handed to the relay) leave it. */
export function releaseQueuedFromBatch(db: Db, issueId: number, batchId: number): void {
  typedStatement<[number, number]>(
    db,
    `UPDATE newsletter_recipients SET batch_id = NULL
     WHERE issue_id = ? AND status = 'queued' AND batch_id = ?`,
  ).run(issueId, batchId);
}

/** The batch's recipients still queued become 'uncertain'; answers how many. */
export function markQueuedOfBatchUncertain(
  db: Db,
  issueId: number,
  batchId: number,
  reason: string,
  now: string,
): number {
  return typedStatement<[string, string, number, number]>(
    db,
    `UPDATE newsletter_recipients SET status = 'uncertain', updated_at = ?, last_error = ?
     WHERE issue_id = ? AND status = 'queued' AND batch_id = ?`,
  ).run(now, reason, issueId, batchId).changes;
}

export function skipRecipient(db: Db, key: RecipientKey, reason: string, now: string): void {
  typedStatement<[string, string, number, number]>(
    db,
    `UPDATE newsletter_recipients SET status = 'skipped', last_error = ?, updated_at = ?
     WHERE issue_id = ? AND subscriber_id = ?`,
  ).run(reason, now, key.issueId, key.subscriberId);
}

/** A temporary failure: back in the queue (out of any batch) until `nextAttemptAt`. */
export function recordRetry(
  db: Db,
  key: RecipientKey,
  retry: {
    attempts: number;
    nextAttemptAt: string;
    error: string | null;
    responseCode: number | null;
    now: string;
  },
): void {
  typedStatement<[number, string, string | null, number | null, string, number, number]>(
    db,
    `UPDATE newsletter_recipients SET status = 'queued', batch_id = NULL, attempts = ?,
       next_attempt_at = ?, last_error = ?, response_code = ?, updated_at = ?
     WHERE issue_id = ? AND subscriber_id = ?`,
  ).run(
    retry.attempts,
    retry.nextAttemptAt,
    retry.error,
    retry.responseCode,
    retry.now,
    key.issueId,
    key.subscriberId,
  );
}

/** A final outcome: sent (at `sentAt`), failed for good, or bounced. */
export function recordFinalOutcome(
  db: Db,
  key: RecipientKey,
  outcome: {
    status: Extract<NewsletterRecipientStatus, 'sent' | 'failed' | 'bounced'>;
    attempts: number;
    error: string | null;
    responseCode: number | null;
    sentAt: string | null;
    now: string;
  },
): void {
  typedStatement<
    [
      NewsletterRecipientStatus,
      number,
      string | null,
      number | null,
      string | null,
      string,
      number,
      number,
    ]
  >(
    db,
    `UPDATE newsletter_recipients SET status = ?, attempts = ?, last_error = ?, response_code = ?,
       sent_at = ?, updated_at = ?
     WHERE issue_id = ? AND subscriber_id = ?`,
  ).run(
    outcome.status,
    outcome.attempts,
    outcome.error,
    outcome.responseCode,
    outcome.sentAt,
    outcome.now,
    key.issueId,
    key.subscriberId,
  );
}

/** Everyone of the issue still in `status` (queued, or uncertain after a crash) is skipped. */
export function skipRecipients(
  db: Db,
  issueId: number,
  status: 'queued' | 'uncertain',
  reason: string,
  now: string,
): void {
  typedStatement<[string, string, number, string]>(
    db,
    `UPDATE newsletter_recipients SET status = 'skipped', last_error = ?, updated_at = ?
     WHERE issue_id = ? AND status = ?`,
  ).run(reason, now, issueId, status);
}

/** Everyone uncertain for the issue is queued again, due now. */
export function requeueUncertainRecipients(
  db: Db,
  issueId: number,
  note: string,
  now: string,
): void {
  typedStatement<[string, string, string, number]>(
    db,
    `UPDATE newsletter_recipients SET status = 'queued', batch_id = NULL, next_attempt_at = ?,
       last_error = ?, updated_at = ?
     WHERE issue_id = ? AND status = 'uncertain'`,
  ).run(now, note, now, issueId);
}

/** Recipients per status: one pass over the (issue_id, status) index. */
export function recipientCountsByStatus(
  db: Db,
  issueId: number,
): Array<{ status: NewsletterRecipientStatus; count: number }> {
  return typedStatement<[number], { status: NewsletterRecipientStatus; count: number }>(
    db,
    `SELECT status, count(*) AS count FROM newsletter_recipients WHERE issue_id = ? GROUP BY status`,
  ).all(issueId);
}

/** How many of these subscribers are recipients of the issue: a primary-key lookup each. */
export function countRecipientsAmong(
  db: Db,
  issueId: number,
  subscriberIds: readonly number[],
): number {
  return (
    typedStatement<[number, string], number>(
      db,
      `SELECT count(*) FROM newsletter_recipients
       WHERE issue_id = ? AND subscriber_id IN (SELECT value FROM json_each(?))`,
    )
      .pluck()
      .get(issueId, idList(subscriberIds)) ?? 0
  );
}

/**
 * How many of these events (an unsubscribe, a complaint, a bounce reported later) belong to the
 * issue: the last newsletter their subscriber was sent before the event was this one. A reader
 * who gets two issues in a week and complains once is counted once, against the later.
 */
export function countEventsAfter(
  db: Db,
  issueId: number,
  events: ReadonlyArray<{ subscriberId: number; at: string }>,
): number {
  if (!events.length) return 0;
  return (
    typedStatement<[{ issueId: number; events: string }], number>(
      db,
      `SELECT count(*) FROM json_each(@events) AS event
       WHERE (SELECT issue_id FROM newsletter_recipients
              WHERE subscriber_id = event.value ->> 'subscriberId' AND status = 'sent'
                AND sent_at <= event.value ->> 'at'
              ORDER BY sent_at DESC LIMIT 1) = @issueId`,
    )
      .pluck()
      .get({ issueId, events: JSON.stringify(events) }) ?? 0
  );
}

/** The first and last message the relay accepted, and how many it did. */
export function sentSpan(
  db: Db,
  issueId: number,
): { first: string | null; last: string | null; sent: number } {
  return typedStatement<[number], { first: string | null; last: string | null; sent: number }>(
    db,
    `SELECT min(sent_at) AS first, max(sent_at) AS last, count(sent_at) AS sent
     FROM newsletter_recipients WHERE issue_id = ? AND status = 'sent'`,
  ).get(issueId)!;
}

/** Recipients who did not simply get the issue (failed, bounced, uncertain), oldest first. */
export function problemRecipients(db: Db, issueId: number, limit: number): NewsletterProblem[] {
  return typedStatement<[number, number], NewsletterProblem>(
    db,
    `SELECT email, status, attempts, last_error AS error FROM newsletter_recipients
     WHERE issue_id = ? AND status IN ('failed', 'bounced', 'uncertain')
     ORDER BY updated_at, subscriber_id LIMIT ?`,
  ).all(issueId, limit);
}

/** The issues mailed to an address, oldest first: a member's "download my data". */
export function issuesMailedTo(
  db: Db,
  email: string,
): Array<{ subject: string; status: NewsletterRecipientStatus; sentAt: string | null }> {
  return typedStatement<
    [string],
    { subject: string; status: NewsletterRecipientStatus; sentAt: string | null }
  >(
    db,
    `SELECT i.subject, r.status, r.sent_at AS sentAt
     FROM newsletter_recipients r JOIN newsletter_issues i ON i.id = r.issue_id
     WHERE r.email = ? ORDER BY i.id`,
  ).all(email);
}

/** Erasing a member: their rows go, even where the subscription they came from is gone already. */
export function deleteRecipientsByEmail(db: Db, email: string): void {
  typedStatement<[string]>(db, 'DELETE FROM newsletter_recipients WHERE email = ?').run(email);
}
