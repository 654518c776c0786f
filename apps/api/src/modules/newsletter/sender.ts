import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { NewsletterIssueStatus } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import type { Mailer } from '../../mail/mailer.js';
import { wakeLoops, WorkLoop } from '../../work-loop.js';
import { recordNewsletterSent } from '../content/index.js';
import type { ComposeEnv, RenderedIssue } from './compose.js';
import { deliverBatch, Pacer, type DeliveryLoopDeps, type OutcomeCounts } from './delivery-loop.js';
import { IssueClaims, newSenderOwner } from './issue-claim.js';
import { fixRecipientList } from './recipient-list.js';
import { openNextBatch, settleInterruptedBatches } from './send-batches.js';
import {
  dueScheduledIssueIds,
  findIssue,
  finishIssue,
  sendingIssueIds,
  startSendingIssue,
} from './store/issues.js';
import { nextQueuedAttemptAt } from './store/recipients.js';

export interface NewsletterSenderOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** The bulk pool: its own SMTP connections, so transactional mail never waits behind a send. */
  mailer: Mailer;
  env: ComposeEnv;
  /** Messages in flight at once (match the SMTP pool size). */
  concurrency?: number;
  /** Messages handed to the relay per second, across the whole send; 0 for no limit. */
  ratePerSecond?: number;
  /** Recipients per batch: at most this many can end up uncertain after a crash. */
  batchSize?: number;
  /** Attempts per recipient for temporary failures (4xx, timeouts); then it is failed. */
  maxAttempts?: number;
  /** First retry delay; each further one doubles, up to `retryMaxMs`. */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** Errors in a row (temporary or permanent) that pause a send. */
  pauseAfterErrors?: number;
  /** How long a claim on an issue holds without a heartbeat (one per batch). */
  leaseMs?: number;
  /** How often a started sender looks for scheduled issues and due retries. */
  pollIntervalMs?: number;
  /**
   * While the event loop is saturated, wait up to this long between batches so page requests go
   * first. 0 turns it off.
   */
  busyYieldMs?: number;
  /** Identifies this sender in leases and batches; defaults to host, pid and a random part. */
  owner?: string;
}

type Settings = Required<
  Omit<NewsletterSenderOptions, 'db' | 'clock' | 'logger' | 'mailer' | 'env'>
>;

export interface DeliveryResult extends OutcomeCounts {
  /** The issue's status when this pass stopped; 'leased' when another live process holds it. */
  status: NewsletterIssueStatus | 'leased' | 'missing';
  skipped: number;
  uncertain: number;
}

// Waking the sender of this process when the console starts or resumes a send.

const SENDER_CHANNEL = 'newsletter-sender';

/** Tells the running sender of this database (in this process) that there is work. */
export function notifyNewsletterSender(db: Db): void {
  wakeLoops(db, SENDER_CHANNEL);
}

/**
 * Starts an issue now: fixes its start time, marks it 'sending' and lets the site's post answer
 * say it went out as a newsletter. Recipients are fixed by the sender, off the request path.
 */
export function beginSending(db: Db, clock: Clock, issueId: number): boolean {
  const now = iso(clock.now());
  const started = startSendingIssue(db, issueId, now);
  const issue = started ? findIssue(db, issueId) : undefined;
  if (issue) recordNewsletterSent(db, issue.content_id, issue.started_at ?? now);
  return started;
}

/**
 * Delivers newsletter issues. Each issue is held by one process at a time (`IssueClaims`), fixes
 * its recipient list once (`fixRecipientList`), and goes out in batches (`send-batches.ts`), each
 * handed to the relay by the delivery loop (`deliverBatch`). Between batches it renews its claim
 * and lets page requests go first.
 */
export class NewsletterSender {
  private readonly settings: Settings;
  private readonly claims: IssueClaims;
  private readonly delivery: DeliveryLoopDeps;
  private readonly loop: WorkLoop;
  private stopping = false;

  constructor(private readonly options: NewsletterSenderOptions) {
    const {
      db: _db,
      clock: _clock,
      logger: _logger,
      mailer: _mailer,
      env: _env,
      ...tuning
    } = options;
    this.settings = {
      concurrency: 5,
      ratePerSecond: 50,
      batchSize: 100,
      maxAttempts: 5,
      retryBaseMs: 60_000,
      retryMaxMs: 60 * 60_000,
      pauseAfterErrors: 20,
      leaseMs: 60_000,
      pollIntervalMs: 1_000,
      busyYieldMs: 250,
      owner: newSenderOwner(),
      ...Object.fromEntries(Object.entries(tuning).filter(([, value]) => value !== undefined)),
    } as Settings;
    this.claims = new IssueClaims(
      options.db,
      options.clock,
      this.settings.owner,
      this.settings.leaseMs,
    );
    this.delivery = {
      ...options,
      ...this.settings,
      pacer: new Pacer(this.settings.ratePerSecond),
      isStopping: () => this.stopping,
    };
    this.loop = new WorkLoop({
      ...options,
      ...this.settings,
      channel: SENDER_CHANNEL,
      failureMessage: 'newsletter: delivery pass failed',
      pass: () => this.runDue(),
    });
  }

  get owner(): string {
    return this.settings.owner;
  }

  get running(): boolean {
    return this.loop.running;
  }

  /** Starts delivering: due scheduled issues, sends left by an earlier process, retries. */
  start(): void {
    if (this.loop.running) return;
    this.stopping = false;
    this.loop.start();
  }

  /** Stops after the messages in flight; their batch is closed and the issue's claim released. */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.loop.stop();
    this.stopping = false;
  }

  /** Everything due now (by the injected clock), then resolves; for tests and the CLI. */
  drain(): Promise<DeliveryResult[]> {
    return this.loop.run(() => this.runDue());
  }

  /**
   * Delivers one issue until nothing is left, waiting for due retries in real time; for the CLI.
   * Resolves with its final state (sent, paused, cancelled) or 'leased' when another process
   * is delivering it.
   */
  runIssue(issueId: number): Promise<DeliveryResult> {
    return this.loop.run(() => this.deliver(issueId, { waitForRetries: true }));
  }

  private async runDue(): Promise<DeliveryResult[]> {
    const { db, clock } = this.options;
    for (const id of dueScheduledIssueIds(db, iso(clock.now()))) {
      if (beginSending(db, clock, id)) {
        this.options.logger.info({ issueId: id }, 'newsletter: scheduled send started');
      }
    }
    const results: DeliveryResult[] = [];
    for (const id of sendingIssueIds(db)) {
      if (this.stopping) break;
      results.push(await this.deliver(id, { waitForRetries: false }));
    }
    return results;
  }

  private async deliver(
    issueId: number,
    { waitForRetries }: { waitForRetries: boolean },
  ): Promise<DeliveryResult> {
    const result: DeliveryResult = {
      status: 'missing',
      sent: 0,
      retried: 0,
      failed: 0,
      bounced: 0,
      skipped: 0,
      uncertain: 0,
    };
    const { db, clock, logger } = this.options;
    if (!findIssue(db, issueId)) return result;
    if (!this.claims.acquire(issueId)) return { ...result, status: 'leased' };
    try {
      result.uncertain += settleInterruptedBatches(db, clock, logger, issueId);
      let issue = findIssue(db, issueId)!;
      if (issue.status === 'sending' && !issue.recipients_fixed_at) {
        await fixRecipientList(this.options, issue);
        issue = findIssue(db, issueId)!;
      }
      const errors = { inARow: 0 };
      let rendered: (RenderedIssue & { id: number }) | undefined;
      while (issue.status === 'sending' && !this.stopping) {
        if (!this.claims.renew(issueId)) {
          logger.warn({ issueId }, 'newsletter: lost the claim on an issue; stopping');
          break;
        }
        rendered ??= { id: issue.id, subject: issue.subject, html: issue.html!, text: issue.text! };
        const opened = openNextBatch(db, clock, issue, this.settings.batchSize, this.owner);
        if (opened) {
          result.skipped += opened.skipped;
          if (!opened.batch) continue;
          await deliverBatch(this.delivery, issue, rendered, opened.batch, result, errors);
          await this.yieldToRequests();
          issue = findIssue(db, issueId)!;
          continue;
        }
        const nextDue = nextQueuedAttemptAt(db, issueId);
        if (nextDue === null) {
          if (finishIssue(db, issueId, iso(clock.now()))) {
            logger.info({ issueId }, 'newsletter: send finished');
          }
          issue = findIssue(db, issueId)!;
          break;
        }
        if (!waitForRetries) break;
        const wait = Math.min(Date.parse(nextDue) - clock.now(), this.settings.pollIntervalMs);
        await sleep(Math.max(wait, 10));
        issue = findIssue(db, issueId)!;
      }
      result.status = issue.status;
      return result;
    } finally {
      this.claims.release(issueId);
    }
  }

  /** Lets waiting page requests run before the next batch; longer while the process is saturated. */
  private async yieldToRequests(): Promise<void> {
    await nextTurn();
    await this.loop.yieldWhileBusy();
  }
}
