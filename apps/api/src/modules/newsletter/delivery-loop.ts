import { performance } from 'node:perf_hooks';
import { siteIdentity } from '../site/index.js';
import { setTimeout as sleep } from 'node:timers/promises';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { MailDeliveryError, type Mailer } from '../../mail/mailer.js';
import { newsletterMessage, type ComposeEnv, type RenderedIssue } from './compose.js';
import {
  closeBatch,
  recordOutcomes,
  type Batch,
  type BatchRecipient,
  type Outcome,
} from './send-batches.js';
import { issueStatus, pauseIssue, type IssueRow } from './store/issues.js';

/** Outcomes written per transaction while a batch is out. */
const OUTCOMES_PER_WRITE = 25;

/** Paces sends to `ratePerSecond` across every worker of a sender. */
export class Pacer {
  private next = 0;
  constructor(private readonly ratePerSecond: number) {}

  async take(): Promise<void> {
    if (this.ratePerSecond <= 0) return;
    const now = performance.now();
    const slot = Math.max(now, this.next);
    this.next = slot + 1000 / this.ratePerSecond;
    if (slot - now >= 1) await sleep(slot - now);
  }
}

/** What the delivery of a batch needs from its sender. */
export interface DeliveryLoopDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  mailer: Mailer;
  env: ComposeEnv;
  pacer: Pacer;
  /** Messages in flight at once. */
  concurrency: number;
  /** Attempts per recipient for temporary failures; then it is failed. */
  maxAttempts: number;
  /** First retry delay; each further one doubles, up to `retryMaxMs`. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Errors in a row (temporary or permanent) that pause a send. */
  pauseAfterErrors: number;
  /** True once the sender is asked to stop: no further message is handed to the relay. */
  isStopping(): boolean;
}

/** Counts of what came back, by kind, across the batches of one pass. */
export type OutcomeCounts = Record<Outcome['kind'], number>;

/**
 * Hands a batch to the relay, `concurrency` messages at a time, writing outcomes as they come
 * back, then closes the batch. Stops early when the issue is paused or cancelled (from the
 * console or another process), when the sender stops, or after `pauseAfterErrors` errors in a row
 * (carried across batches in `errors`), which pauses the issue.
 */
export async function deliverBatch(
  deps: DeliveryLoopDeps,
  issue: IssueRow,
  rendered: RenderedIssue & { id: number },
  batch: Batch,
  counts: OutcomeCounts,
  errors: { inARow: number },
): Promise<void> {
  const { db, clock, logger, pacer } = deps;
  const waiting = [...batch.recipients];
  let pauseReason: string | null = null;
  // Outcomes are written a few at a time, one transaction each: a commit per message would
  // cost more than composing it. Until written, a recipient still counts as in this batch,
  // so a crash leaves it uncertain, never resent.
  const outcomes: Outcome[] = [];
  // The From header's display name (site.yml), read once a batch rather than once a message.
  const fromName = siteIdentity(db).newsletter.fromName;

  const worker = async () => {
    for (;;) {
      if (pauseReason || deps.isStopping()) return;
      const recipient = waiting.shift();
      if (!recipient) return;
      await pacer.take();
      // The owner may pause or cancel from the console (or another process) at any moment.
      if (pauseReason || deps.isStopping() || issueStatus(db, issue.id) !== 'sending') {
        waiting.unshift(recipient);
        return;
      }
      const outcome = await deliverOne(deps, issue, { ...rendered, fromName }, recipient);
      outcomes.push(outcome);
      if (outcomes.length >= OUTCOMES_PER_WRITE) recordOutcomes(db, clock, outcomes.splice(0));
      counts[outcome.kind] += 1;
      if (outcome.kind === 'sent') {
        errors.inARow = 0;
      } else if (++errors.inARow >= deps.pauseAfterErrors && !pauseReason) {
        pauseReason = `Paused after ${errors.inARow} errors in a row. The last one: ${outcome.error}`;
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(deps.concurrency, batch.recipients.length) }, worker),
  );

  closeBatch(db, clock, issue.id, batch, outcomes.splice(0));
  if (pauseReason) {
    pauseIssue(db, issue.id, pauseReason, iso(clock.now()));
    logger.warn({ issueId: issue.id, reason: pauseReason }, 'newsletter: send paused');
  }
}

/** Hands one message to the relay and classifies what came back; writes nothing yet. */
async function deliverOne(
  deps: DeliveryLoopDeps,
  issue: IssueRow,
  rendered: RenderedIssue & { id: number; fromName: string },
  recipient: BatchRecipient,
): Promise<Outcome> {
  const { clock, mailer, env, logger } = deps;
  const attempts = recipient.attempts + 1;
  const base = { issueId: issue.id, recipient, attempts };
  try {
    await mailer.send({
      ...newsletterMessage(env, rendered, recipient),
      fromName: rendered.fromName,
    });
  } catch (caught) {
    const error =
      caught instanceof MailDeliveryError
        ? caught
        : new MailDeliveryError((caught as Error).message ?? String(caught), false);
    const at = clock.now();
    const failure = {
      ...base,
      at,
      error: error.message.slice(0, 500),
      responseCode: error.responseCode ?? null,
    };
    const log = { issueId: issue.id, attempt: attempts, responseCode: error.responseCode };
    if (error.permanent) {
      logger.info(log, 'newsletter: address refused; subscriber marked bounced');
      return { ...failure, kind: 'bounced' };
    }
    if (attempts >= deps.maxAttempts) {
      logger.warn(log, 'newsletter: gave up after temporary failures');
      return { ...failure, kind: 'failed' };
    }
    const delay = Math.min(deps.retryBaseMs * 2 ** (attempts - 1), deps.retryMaxMs);
    logger.debug({ ...log, retryInMs: delay }, 'newsletter: will retry');
    return { ...failure, kind: 'retried', retryAt: at + delay };
  }
  return { ...base, kind: 'sent', at: clock.now(), error: null, responseCode: null };
}
