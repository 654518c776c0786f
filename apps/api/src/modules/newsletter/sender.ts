import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import type { NewsletterIssueStatus } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { inTransaction, statement } from '../../db/statements.js';
import type { Logger } from '../../logger.js';
import { MailDeliveryError, type Mailer } from '../../mail/mailer.js';
import { wakeLoops, WorkLoop } from '../../work-loop.js';
import { invalidateContentCache } from '../content/index.js';
import { isDeliverable, markBounced } from '../subscriptions/index.js';
import {
  newsletterMessage,
  renderIssue,
  type ComposeEnv,
  type NewsletterRecipient,
  type RenderedIssue,
} from './compose.js';
import { findIssue, type IssueRow } from './queries.js';
import { contentOf, issueSourceOf } from './source.js';

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

export interface DeliveryResult {
  /** The issue's status when this pass stopped; 'leased' when another live process holds it. */
  status: NewsletterIssueStatus | 'leased' | 'missing';
  sent: number;
  retried: number;
  failed: number;
  bounced: number;
  skipped: number;
  uncertain: number;
}

interface BatchRecipient extends NewsletterRecipient {
  attempts: number;
}

interface Outcome {
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

/** Subscribers read (and recipients inserted) per step while the list is fixed. */
const FIX_PAGE = 500;

/** Outcomes written per transaction while a batch is out. */
const OUTCOMES_PER_WRITE = 25;

// ---------------------------------------------------------------------------------------------
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
  const changed = statement(
    db,
    `UPDATE newsletter_issues SET status = 'sending', started_at = coalesce(started_at, @now),
       scheduled_at = NULL, pause_reason = NULL, updated_at = @now
     WHERE id = @id AND status IN ('draft', 'scheduled')`,
  ).run({ id: issueId, now }).changes;
  if (changed) invalidateContentCache(db);
  return changed > 0;
}

// ---------------------------------------------------------------------------------------------
// Who holds an issue

const liveOwners = new Set<string>();

function ownerId(): string {
  return `${os.hostname()}|${process.pid}|${randomUUID().slice(0, 8)}`;
}

/**
 * Whether the process that wrote `owner` is certainly gone. SQLite lives on one machine, so a
 * sender on this host whose pid no longer runs has crashed and its claim can be taken at once;
 * anything else (another host, a reused pid) waits for the lease to run out.
 */
function ownerIsGone(owner: string): boolean {
  if (liveOwners.has(owner)) return false;
  const [host, pidText] = owner.split('|');
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  // Same pid, not one of ours: an earlier run of this process id (a restarted container).
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** Paces sends to `ratePerSecond` across every worker of a sender. */
class Pacer {
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

/**
 * Delivers newsletter issues. Each issue is held by one process at a time (a lease on its row),
 * and goes out in batches: a batch is committed as 'sending' before any of its mail reaches the
 * relay, every recipient's outcome is written as it comes back, and the batch is marked 'done'
 * after. A process that takes over an issue whose batch is still 'sending' knows the previous
 * holder died mid-batch: the recipients of that batch without an outcome become 'uncertain' and
 * are reported to the owner instead of being sent again.
 */
export class NewsletterSender {
  private readonly settings: Settings;
  private readonly pacer: Pacer;
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
      owner: ownerId(),
      ...Object.fromEntries(Object.entries(tuning).filter(([, value]) => value !== undefined)),
    } as Settings;
    this.pacer = new Pacer(this.settings.ratePerSecond);
    this.loop = new WorkLoop({
      ...options,
      ...this.settings,
      channel: SENDER_CHANNEL,
      failureMessage: 'newsletter: delivery pass failed',
      pass: () => this.runDue(),
    });
    liveOwners.add(this.settings.owner);
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
    const due = statement(
      db,
      `SELECT id FROM newsletter_issues WHERE status = 'scheduled' AND scheduled_at <= ? ORDER BY scheduled_at`,
    )
      .pluck()
      .all(iso(clock.now())) as number[];
    for (const id of due) {
      if (beginSending(db, clock, id)) {
        this.options.logger.info({ issueId: id }, 'newsletter: scheduled send started');
      }
    }
    const sending = statement(
      db,
      `SELECT id FROM newsletter_issues WHERE status = 'sending' ORDER BY id`,
    )
      .pluck()
      .all() as number[];
    const results: DeliveryResult[] = [];
    for (const id of sending) {
      if (this.stopping) break;
      results.push(await this.deliver(id, { waitForRetries: false }));
    }
    return results;
  }

  // -------------------------------------------------------------------------------------------
  // Claims

  private acquire(issueId: number): boolean {
    const { db, clock } = this.options;
    const { owner, leaseMs } = this.settings;
    const now = clock.now();
    const claim = statement(
      db,
      `UPDATE newsletter_issues SET lease_owner = @owner, lease_until = @until
       WHERE id = @id AND (lease_owner IS NULL OR lease_owner = @owner OR lease_until <= @now
         OR lease_owner = @gone)`,
    );
    const params = { id: issueId, owner, until: iso(now + leaseMs), now: iso(now), gone: null };
    if (claim.run(params).changes) return true;
    const holder = statement(db, 'SELECT lease_owner FROM newsletter_issues WHERE id = ?')
      .pluck()
      .get(issueId) as string | null | undefined;
    if (!holder || !ownerIsGone(holder)) return false;
    // Only one taker wins: the UPDATE matches the dead owner's name, and writes are serialised.
    return claim.run({ ...params, gone: holder }).changes > 0;
  }

  private renew(issueId: number): boolean {
    const { db, clock } = this.options;
    return (
      statement(
        db,
        'UPDATE newsletter_issues SET lease_until = ? WHERE id = ? AND lease_owner = ?',
      ).run(iso(clock.now() + this.settings.leaseMs), issueId, this.settings.owner).changes > 0
    );
  }

  private release(issueId: number): void {
    statement(
      this.options.db,
      'UPDATE newsletter_issues SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?',
    ).run(issueId, this.settings.owner);
  }

  /**
   * Batches still 'sending' when this sender takes an issue over were cut off by a crash: their
   * recipients without an outcome may or may not have been accepted by the relay.
   */
  private markInterrupted(issueId: number): number {
    const { db, clock, logger } = this.options;
    return inTransaction(db, () => {
      const now = iso(clock.now());
      const batches = statement(
        db,
        `SELECT id FROM newsletter_batches WHERE issue_id = ? AND status = 'sending'`,
      )
        .pluck()
        .all(issueId) as number[];
      let uncertain = 0;
      for (const batchId of batches) {
        const open = statement(
          db,
          `UPDATE newsletter_recipients SET status = 'uncertain', updated_at = ?,
             last_error = 'Delivery was interrupted; it may or may not have arrived.'
           WHERE issue_id = ? AND status = 'queued' AND batch_id = ?`,
        ).run(now, issueId, batchId).changes;
        statement(db, 'UPDATE newsletter_batches SET status = ?, finished_at = ? WHERE id = ?').run(
          open ? 'uncertain' : 'done',
          now,
          batchId,
        );
        if (open)
          logger.warn({ issueId, batchId, recipients: open }, 'newsletter: uncertain batch');
        uncertain += open;
      }
      return uncertain;
    });
  }

  // -------------------------------------------------------------------------------------------
  // One issue

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
    if (!this.acquire(issueId)) return { ...result, status: 'leased' };
    try {
      result.uncertain += this.markInterrupted(issueId);
      let issue = findIssue(db, issueId)!;
      if (issue.status === 'sending' && !issue.recipients_fixed_at) {
        await this.fixRecipients(issue);
        issue = findIssue(db, issueId)!;
      }
      const errors = { inARow: 0 };
      let rendered: (RenderedIssue & { id: number }) | undefined;
      while (issue.status === 'sending' && !this.stopping) {
        if (!this.renew(issueId)) {
          logger.warn({ issueId }, 'newsletter: lost the claim on an issue; stopping');
          break;
        }
        rendered ??= { id: issue.id, subject: issue.subject, html: issue.html!, text: issue.text! };
        const batch = this.claimBatch(issue, result);
        if (batch === 'skipped-only') continue;
        if (batch) {
          await this.sendBatch(issue, rendered, batch, result, errors);
          await this.yieldToRequests();
          issue = findIssue(db, issueId)!;
          continue;
        }
        const nextDue = statement(
          db,
          `SELECT min(next_attempt_at) FROM newsletter_recipients WHERE issue_id = ? AND status = 'queued'`,
        )
          .pluck()
          .get(issueId) as string | null;
        if (nextDue === null) {
          this.finish(issue);
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
      this.release(issueId);
    }
  }

  /**
   * Fixes the list: everyone deliverable for the section now (`isDeliverable`, the rule of
   * `listDeliverable`), in pages that yield in between.
   */
  private async fixRecipients(issue: IssueRow): Promise<void> {
    const { db, clock, env, logger } = this.options;
    const nowIso = iso(clock.now());
    const item = contentOf(db).byId(issue.kind, issue.content_id, false, nowIso);
    if (!item) {
      this.pause(issue.id, 'The post is no longer published, so the send cannot start.');
      return;
    }
    const rendered = renderIssue(
      env,
      issueSourceOf(env, issue.kind, item, issue.section),
      issue.subject,
    );
    // Page by id, filter with the subscriptions module's rule, insert, yield: ten thousand
    // subscribers never hold the event loop for more than a page (100k would for ~200 ms in one
    // read). Pages read at slightly different moments; anyone who changes their mind after their
    // page is caught by the per-batch check anyway.
    const page = statement(
      db,
      `SELECT id, email, status, verified, bounced_at, preferences FROM subscriptions
       WHERE id > ? AND status = 'active' ORDER BY id LIMIT ?`,
    );
    const insert = statement(
      db,
      `INSERT OR IGNORE INTO newsletter_recipients
         (issue_id, subscriber_id, email, status, next_attempt_at, updated_at)
       VALUES (?, ?, ?, 'queued', ?, ?)`,
    );
    let count = 0;
    for (let after = 0; ;) {
      const rows = page.all(after, FIX_PAGE) as Array<
        Parameters<typeof isDeliverable>[0] & { id: number; email: string }
      >;
      if (!rows.length) break;
      after = rows.at(-1)!.id;
      inTransaction(db, () => {
        for (const row of rows) {
          if (!isDeliverable(row, issue.section)) continue;
          insert.run(issue.id, row.id, row.email, nowIso, nowIso);
          count += 1;
        }
      });
      await nextTurn();
    }
    statement(
      db,
      `UPDATE newsletter_issues SET recipients_fixed_at = ?, html = ?, text = ?, updated_at = ?
       WHERE id = ?`,
    ).run(iso(clock.now()), rendered.html, rendered.text, iso(clock.now()), issue.id);
    logger.info({ issueId: issue.id, recipients: count }, 'newsletter: recipients fixed');
  }

  /**
   * The next due recipients, committed as one 'sending' batch before any of them reaches the
   * relay. People who are no longer deliverable (unsubscribed, bounced, section switched off,
   * erased) are skipped here instead.
   */
  private claimBatch(
    issue: IssueRow,
    result: DeliveryResult,
  ): (BatchRecipient[] & { batchId: number }) | 'skipped-only' | null {
    const { db, clock } = this.options;
    return inTransaction(db, () => {
      const now = iso(clock.now());
      const due = statement(
        db,
        `SELECT subscriber_id AS subscriberId, attempts FROM newsletter_recipients
         WHERE issue_id = ? AND status = 'queued' AND next_attempt_at <= ?
         ORDER BY next_attempt_at, subscriber_id LIMIT ?`,
      ).all(issue.id, now, this.settings.batchSize) as Array<{
        subscriberId: number;
        attempts: number;
      }>;
      if (!due.length) return null;
      const subscribers = new Map(
        (
          statement(
            db,
            `SELECT id, email, link_key, status, verified, bounced_at, preferences FROM subscriptions
             WHERE id IN (SELECT value FROM json_each(?))`,
          ).all(JSON.stringify(due.map((row) => row.subscriberId))) as Array<
            Parameters<typeof isDeliverable>[0] & { id: number; email: string; link_key: string }
          >
        ).map((row) => [row.id, row]),
      );
      const recipients: BatchRecipient[] = [];
      const skip = statement(
        db,
        `UPDATE newsletter_recipients SET status = 'skipped', last_error = ?, updated_at = ?
         WHERE issue_id = ? AND subscriber_id = ?`,
      );
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
        skip.run(reason, now, issue.id, subscriberId);
        result.skipped += 1;
      }
      if (!recipients.length) return 'skipped-only';
      const batchId = Number(
        statement(
          db,
          `INSERT INTO newsletter_batches (issue_id, status, size, owner, started_at)
           VALUES (?, 'sending', ?, ?, ?)`,
        ).run(issue.id, recipients.length, this.settings.owner, now).lastInsertRowid,
      );
      statement(
        db,
        `UPDATE newsletter_recipients SET batch_id = ?
         WHERE issue_id = ? AND subscriber_id IN (SELECT value FROM json_each(?))`,
      ).run(batchId, issue.id, JSON.stringify(recipients.map((r) => r.subscriberId)));
      return Object.assign(recipients, { batchId });
    });
  }

  private async sendBatch(
    issue: IssueRow,
    rendered: RenderedIssue & { id: number },
    batch: BatchRecipient[] & { batchId: number },
    result: DeliveryResult,
    errors: { inARow: number },
  ): Promise<void> {
    const { db, clock, logger } = this.options;
    const { pauseAfterErrors } = this.settings;
    const waiting = [...batch];
    let pauseReason: string | null = null;
    const stillSending = statement(db, 'SELECT status FROM newsletter_issues WHERE id = ?').pluck();
    // Outcomes are written a few at a time, one transaction each: a commit per message would
    // cost more than composing it. Until written, a recipient still counts as in this batch,
    // so a crash leaves it uncertain, never resent.
    const outcomes: Outcome[] = [];
    const flush = () => {
      const list = outcomes.splice(0);
      if (list.length) inTransaction(db, () => list.forEach((outcome) => this.write(outcome)));
    };

    const worker = async () => {
      for (;;) {
        if (pauseReason || this.stopping) return;
        const recipient = waiting.shift();
        if (!recipient) return;
        await this.pacer.take();
        // The owner may pause or cancel from the console (or another process) at any moment.
        if (pauseReason || this.stopping || stillSending.get(issue.id) !== 'sending') {
          waiting.unshift(recipient);
          return;
        }
        const outcome = await this.deliverOne(issue, rendered, recipient);
        outcomes.push(outcome);
        if (outcomes.length >= OUTCOMES_PER_WRITE) flush();
        result[outcome.kind] += 1;
        if (outcome.kind === 'sent') {
          errors.inARow = 0;
        } else if (++errors.inARow >= pauseAfterErrors && !pauseReason) {
          pauseReason = `Paused after ${errors.inARow} errors in a row. The last one: ${outcome.error}`;
        }
      }
    };
    await Promise.all(
      Array.from({ length: Math.min(this.settings.concurrency, batch.length) }, worker),
    );

    const now = iso(clock.now());
    inTransaction(db, () => {
      flush();
      // Recipients never handed to the relay (paused, cancelled, stopping) go back to the queue.
      statement(
        db,
        `UPDATE newsletter_recipients SET batch_id = NULL
         WHERE issue_id = ? AND status = 'queued' AND batch_id = ?`,
      ).run(issue.id, batch.batchId);
      statement(
        db,
        `UPDATE newsletter_batches SET status = 'done', finished_at = ? WHERE id = ?`,
      ).run(now, batch.batchId);
    });
    if (pauseReason) {
      this.pause(issue.id, pauseReason);
      logger.warn({ issueId: issue.id, reason: pauseReason }, 'newsletter: send paused');
    }
  }

  /** Hands one message to the relay and classifies what came back; writes nothing yet. */
  private async deliverOne(
    issue: IssueRow,
    rendered: RenderedIssue & { id: number },
    recipient: BatchRecipient,
  ): Promise<Outcome> {
    const { clock, mailer, env, logger } = this.options;
    const attempts = recipient.attempts + 1;
    const base = { issueId: issue.id, recipient, attempts };
    try {
      await mailer.send(newsletterMessage(env, rendered, recipient));
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
      if (attempts >= this.settings.maxAttempts) {
        logger.warn(log, 'newsletter: gave up after temporary failures');
        return { ...failure, kind: 'failed' };
      }
      const delay = Math.min(
        this.settings.retryBaseMs * 2 ** (attempts - 1),
        this.settings.retryMaxMs,
      );
      logger.debug({ ...log, retryInMs: delay }, 'newsletter: will retry');
      return { ...failure, kind: 'retried', retryAt: at + delay };
    }
    return { ...base, kind: 'sent', at: clock.now(), error: null, responseCode: null };
  }

  /** Records one outcome; a bounce also marks the subscriber, so no later send tries again. */
  private write(outcome: Outcome): void {
    const { db, clock } = this.options;
    const now = iso(outcome.at);
    const key = [outcome.issueId, outcome.recipient.subscriberId] as const;
    if (outcome.kind === 'retried') {
      statement(
        db,
        `UPDATE newsletter_recipients SET status = 'queued', batch_id = NULL, attempts = ?,
           next_attempt_at = ?, last_error = ?, response_code = ?, updated_at = ?
         WHERE issue_id = ? AND subscriber_id = ?`,
      ).run(
        outcome.attempts,
        iso(outcome.retryAt!),
        outcome.error,
        outcome.responseCode,
        now,
        ...key,
      );
      return;
    }
    statement(
      db,
      `UPDATE newsletter_recipients SET status = ?, attempts = ?, last_error = ?, response_code = ?,
         sent_at = ?, updated_at = ?
       WHERE issue_id = ? AND subscriber_id = ?`,
    ).run(
      outcome.kind,
      outcome.attempts,
      outcome.error,
      outcome.responseCode,
      outcome.kind === 'sent' ? now : null,
      now,
      ...key,
    );
    if (outcome.kind === 'bounced') {
      markBounced(db, clock, outcome.recipient.email, `smtp: ${outcome.error ?? 'refused'}`);
    }
  }

  private pause(issueId: number, reason: string): void {
    const now = iso(this.options.clock.now());
    statement(
      this.options.db,
      `UPDATE newsletter_issues SET status = 'paused', pause_reason = ?, updated_at = ?
       WHERE id = ? AND status = 'sending'`,
    ).run(reason, now, issueId);
  }

  private finish(issue: IssueRow): void {
    const now = iso(this.options.clock.now());
    const changed = statement(
      this.options.db,
      `UPDATE newsletter_issues SET status = 'sent', finished_at = ?, updated_at = ?
       WHERE id = ? AND status = 'sending'`,
    ).run(now, now, issue.id).changes;
    if (changed) this.options.logger.info({ issueId: issue.id }, 'newsletter: send finished');
  }

  /** Lets waiting page requests run before the next batch; longer while the process is saturated. */
  private async yieldToRequests(): Promise<void> {
    await nextTurn();
    await this.loop.yieldWhileBusy();
  }
}
