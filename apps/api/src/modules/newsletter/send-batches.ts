/**
 * A send's batches, as the database keeps them. A batch is committed as 'sending' before any of its
 * mail reaches the relay, every recipient's outcome is written as it comes back, and the batch is
 * marked 'done' after. A batch still 'sending' when a sender takes an issue over was cut off by a
 * crash: the recipients without an outcome become 'uncertain' and wait for the owner instead of
 * being sent again.
 */
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import type { Logger } from '../../logger.js';
import { isDeliverable, markBounced, subscribersByIds } from '../subscriptions/index.js';
import type { NewsletterRecipient } from './compose.js';
import { insertSendingBatch, markBatchFinished, sendingBatchIds } from './store/batches.js';
import type { IssueRow } from './store/issues.js';
import {
  assignRecipientsToBatch,
  dueRecipients,
  markQueuedOfBatchUncertain,
  recordFinalOutcome,
  recordRetry,
  releaseQueuedFromBatch,
  skipRecipient,
} from './store/recipients.js';

export interface BatchRecipient extends NewsletterRecipient {
  attempts: number;
}

export interface Batch {
  id: number;
  recipients: BatchRecipient[];
}

/** What came back from the relay for one recipient. */
export interface Outcome {
  kind: 'sent' | 'retried' | 'failed' | 'bounced';
  issueId: number;
  recipient: BatchRecipient;
  attempts: number;
  at: number;
  error: string | null;
  responseCode: number | null;
  /** For 'retried': when the next attempt is due. */
  retryAt?: number;
}

/**
 * Batches still 'sending' when this sender takes an issue over were cut off by a crash: their
 * recipients without an outcome may or may not have been accepted by the relay. Answers how many
 * recipients became uncertain.
 */
export function settleInterruptedBatches(
  db: Db,
  clock: Clock,
  logger: Logger,
  issueId: number,
): number {
  return inTransaction(db, () => {
    const now = iso(clock.now());
    let uncertain = 0;
    for (const batchId of sendingBatchIds(db, issueId)) {
      const open = markQueuedOfBatchUncertain(
        db,
        issueId,
        batchId,
        'Delivery was interrupted; it may or may not have arrived.',
        now,
      );
      markBatchFinished(db, batchId, open ? 'uncertain' : 'done', now);
      if (open) logger.warn({ issueId, batchId, recipients: open }, 'newsletter: uncertain batch');
      uncertain += open;
    }
    return uncertain;
  });
}

/**
 * The next due recipients (at most `size`), committed as one 'sending' batch before any of them
 * reaches the relay. People who are no longer deliverable (unsubscribed, bounced, section switched
 * off, erased) are skipped here instead. Null when nobody is due; `batch` is null when everyone
 * due was skipped.
 */
export function openNextBatch(
  db: Db,
  clock: Clock,
  issue: IssueRow,
  size: number,
  owner: string,
): { batch: Batch | null; skipped: number } | null {
  return inTransaction(db, () => {
    const now = iso(clock.now());
    const due = dueRecipients(db, issue.id, now, size);
    if (!due.length) return null;
    const dueIds = due.map((row) => row.subscriberId);
    const subscribers = new Map(subscribersByIds(db, dueIds).map((row) => [row.id, row]));
    const recipients: BatchRecipient[] = [];
    let skipped = 0;
    for (const { subscriberId, attempts } of due) {
      const subscriber = subscribers.get(subscriberId);
      if (subscriber && isDeliverable(subscriber, issue.section)) {
        recipients.push({
          subscriberId,
          email: subscriber.email,
          linkKey: subscriber.link_key,
          attempts,
        });
        continue;
      }
      const reason = !subscriber
        ? 'No longer subscribed.'
        : subscriber.status === 'unsubscribed'
          ? 'Unsubscribed after the send started.'
          : subscriber.bounced_at
            ? 'The address bounced after the send started.'
            : isDeliverable(subscriber)
              ? 'Turned this section off after the send started.'
              : 'No longer an active subscriber.';
      skipRecipient(db, { issueId: issue.id, subscriberId }, reason, now);
      skipped += 1;
    }
    if (!recipients.length) return { batch: null, skipped };
    const id = insertSendingBatch(db, issue.id, recipients.length, owner, now);
    assignRecipientsToBatch(
      db,
      issue.id,
      id,
      recipients.map((recipient) => recipient.subscriberId),
    );
    return { batch: { id, recipients }, skipped };
  });
}

/** Writes outcomes in one transaction; a bounce also marks the subscriber, so no later send tries again. */
export function recordOutcomes(db: Db, clock: Clock, outcomes: readonly Outcome[]): void {
  inTransaction(db, () => {
    for (const outcome of outcomes) recordOutcome(db, clock, outcome);
  });
}

function recordOutcome(db: Db, clock: Clock, outcome: Outcome): void {
  const now = iso(outcome.at);
  const key = { issueId: outcome.issueId, subscriberId: outcome.recipient.subscriberId };
  const { attempts, error, responseCode } = outcome;
  if (outcome.kind === 'retried') {
    recordRetry(db, key, {
      attempts,
      nextAttemptAt: iso(outcome.retryAt!),
      error,
      responseCode,
      now,
    });
    return;
  }
  recordFinalOutcome(db, key, {
    status: outcome.kind,
    attempts,
    error,
    responseCode,
    sentAt: outcome.kind === 'sent' ? now : null,
    now,
  });
  if (outcome.kind === 'bounced') {
    markBounced(db, clock, outcome.recipient.email, `smtp: ${error ?? 'refused'}`);
  }
}

/**
 * Ends a batch: its last outcomes are written, recipients never handed to the relay (paused,
 * cancelled, stopping) go back to the queue, and the batch is 'done'.
 */
export function closeBatch(
  db: Db,
  clock: Clock,
  issueId: number,
  batch: Batch,
  lastOutcomes: readonly Outcome[],
): void {
  const now = iso(clock.now());
  inTransaction(db, () => {
    if (lastOutcomes.length) recordOutcomes(db, clock, lastOutcomes);
    releaseQueuedFromBatch(db, issueId, batch.id);
    markBatchFinished(db, batch.id, 'done', now);
  });
}
