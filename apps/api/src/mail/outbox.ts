import { randomUUID } from 'node:crypto';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Clock } from '../clock.js';
import type { Db } from '../db/connection.js';
import { statement } from '../db/statements.js';
import type { Logger } from '../logger.js';
import { MailDeliveryError, type MailMessage, type Mailer } from './mailer.js';

/** A message as the outbox keeps it; `kind` says what it is for ('verification', 'welcome', ...). */
export type OutboxMessage = MailMessage & { kind: string };

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface OutboxMail {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  headers: Record<string, string>;
  messageId: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  failedAt: string | null;
}

interface OutboxRow {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  headers: string;
  message_id: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  failed_at: string | null;
}

function toMail(row: OutboxRow): OutboxMail {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    html: row.html,
    text: row.text,
    headers: JSON.parse(row.headers) as Record<string, string>,
    messageId: row.message_id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    failedAt: row.failed_at,
  };
}

const iso = (ms: number) => new Date(ms).toISOString();

// Workers listening for new rows of a database, so mail leaves within milliseconds, not a poll.
const enqueueListeners = new WeakMap<Db, Set<() => void>>();

/**
 * Writes a message to the outbox. Call it inside the same `db.transaction` as the state change
 * the mail announces: both commit or neither does. Returns the outbox row id.
 */
export function enqueueMail(db: Db, clock: Clock, message: OutboxMessage): number {
  const now = iso(clock.now());
  const result = statement(
    db,
    `INSERT INTO mail_outbox (kind, recipient, subject, html, text, headers, message_id, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    message.kind,
    message.to,
    message.subject,
    message.html,
    message.text,
    JSON.stringify(message.headers ?? {}),
    message.messageId ?? randomUUID(),
    now,
    now,
  );
  const listeners = enqueueListeners.get(db);
  // Deferred: the caller's transaction commits before any worker looks for the row.
  if (listeners?.size) setImmediate(() => listeners.forEach((listener) => listener()));
  return Number(result.lastInsertRowid);
}

/** Reads outbox rows, newest last; for tests, the dev tools and the benchmark. */
export function listOutbox(
  db: Db,
  filter: { recipient?: string; kind?: string } = {},
): OutboxMail[] {
  const rows = statement(
    db,
    `SELECT * FROM mail_outbox
       WHERE (@recipient IS NULL OR recipient = @recipient) AND (@kind IS NULL OR kind = @kind)
       ORDER BY id`,
  ).all({ recipient: filter.recipient ?? null, kind: filter.kind ?? null }) as OutboxRow[];
  return rows.map(toMail);
}

/** Drops mail not yet delivered to an address, e.g. when its subscriber erases their data. */
export function cancelPendingMail(db: Db, recipient: string): number {
  return statement(db, `DELETE FROM mail_outbox WHERE recipient = ? AND status = 'pending'`).run(
    recipient,
  ).changes;
}

export interface MailOutboxWorkerOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Called after a permanent failure (SMTP 5xx), e.g. to mark the subscription bounced. */
  onPermanentFailure?: (mail: OutboxMail, error: MailDeliveryError) => void;
  /** Domain for the Message-ID header: `<row-uuid@domain>`. */
  messageIdDomain?: string;
  /** How often the running worker looks for due mail besides being woken by `enqueueMail`. */
  pollIntervalMs?: number;
  /** Messages sent at once; matches the SMTP pool size. */
  concurrency?: number;
  /** Temporary failures are retried this many times in all, then the message is marked failed. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How long a claimed row may stay 'sending' before another pass takes it back. */
  leaseMs?: number;
  /**
   * While the process is saturated (event loop busy over 90% of the time), the running worker
   * waits up to this long between batches, so composing mail never slows HTTP answers down in
   * a burst; the backlog goes out as soon as the burst ends. 0 turns it off; `drain()` never waits.
   */
  busyYieldMs?: number;
}

export interface DrainResult {
  sent: number;
  retried: number;
  failed: number;
}

/**
 * Delivers the outbox. One worker per database (the API process): on `start` it takes back rows
 * left 'sending' by a crashed process, then sends due mail as it is enqueued and on a slow poll.
 * Temporary failures (4xx, timeouts, refused connections) wait `backoffBaseMs * 2^(attempt-1)`;
 * permanent ones (5xx) mark the row failed at once and call `onPermanentFailure`.
 *
 * A crash between the relay accepting a message and the row being marked sent means it is sent
 * again; the stable Message-ID lets receivers recognise the repeat. That window is the only one.
 */
export class MailOutboxWorker {
  private readonly options: Required<Omit<MailOutboxWorkerOptions, 'onPermanentFailure'>> &
    Pick<MailOutboxWorkerOptions, 'onPermanentFailure'>;
  private timer: NodeJS.Timeout | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private scheduled = false;
  private readonly wake = () => this.schedule();

  constructor(options: MailOutboxWorkerOptions) {
    this.options = {
      messageIdDomain: 'localhost',
      pollIntervalMs: 1_000,
      concurrency: 5,
      // 30 s doubling to an hour, then hourly: about 19 hours, close to a confirmation link's 24.
      maxAttempts: 26,
      backoffBaseMs: 30_000,
      backoffMaxMs: 60 * 60_000,
      leaseMs: 5 * 60_000,
      busyYieldMs: 250,
      ...options,
    };
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Recovers interrupted rows and starts delivering; idempotent. */
  start(): void {
    if (this.timer) return;
    const recovered = this.recover();
    if (recovered) this.options.logger.warn({ recovered }, 'mail outbox: resumed interrupted mail');
    let listeners = enqueueListeners.get(this.options.db);
    if (!listeners) enqueueListeners.set(this.options.db, (listeners = new Set()));
    listeners.add(this.wake);
    this.timer = setInterval(this.wake, this.options.pollIntervalMs);
    this.timer.unref();
    this.schedule();
  }

  /** Stops polling and waits for the messages in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    enqueueListeners.get(this.options.db)?.delete(this.wake);
    await this.queue;
  }

  /**
   * Puts every 'sending' row back to 'pending'. Only safe while no other worker is sending from
   * this database, which holds at start: one API process owns the file.
   */
  recover(): number {
    return statement(
      this.options.db,
      `UPDATE mail_outbox SET status = 'pending', locked_until = NULL WHERE status = 'sending'`,
    ).run().changes;
  }

  /** Sends everything due now (by the injected clock), retries included, and resolves when idle. */
  drain(): Promise<DrainResult> {
    return this.enqueueRun(false);
  }

  private enqueueRun(yieldWhenBusy: boolean): Promise<DrainResult> {
    const run = this.queue.then(() => this.runUntilIdle(yieldWhenBusy));
    this.queue = run.catch((error: unknown) => {
      this.options.logger.error({ err: error }, 'mail outbox: delivery pass failed');
    });
    return run;
  }

  private schedule(): void {
    if (this.scheduled || !this.timer) return;
    this.scheduled = true;
    void this.queue.then(() => {
      this.scheduled = false;
      // A failed pass is already logged by drain(); the next wake-up tries again.
      if (this.timer) return this.enqueueRun(true).catch(() => undefined);
    });
  }

  private async runUntilIdle(yieldWhenBusy: boolean): Promise<DrainResult> {
    const total: DrainResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      if (yieldWhenBusy) await this.yieldWhileBusy();
      const batch = this.claim();
      if (!batch.length) return total;
      const outcomes = await Promise.all(batch.map((mail) => this.deliver(mail)));
      for (const outcome of outcomes) total[outcome] += 1;
    }
  }

  private lastUtilization: EventLoopUtilization | undefined;

  /** Waits in short steps while the event loop is saturated, for at most `busyYieldMs`. */
  private async yieldWhileBusy(): Promise<void> {
    const step = 25;
    for (let waited = 0; waited < this.options.busyYieldMs; waited += step) {
      const now = performance.eventLoopUtilization();
      const since = this.lastUtilization
        ? performance.eventLoopUtilization(now, this.lastUtilization)
        : undefined;
      this.lastUtilization = now;
      if (!since || since.utilization < 0.9) return;
      await sleep(step);
    }
  }

  private claim(): OutboxMail[] {
    const { db, clock, concurrency, leaseMs } = this.options;
    const now = clock.now();
    const rows = statement(
      db,
      `UPDATE mail_outbox SET status = 'sending', locked_until = @lockedUntil, attempts = attempts + 1
         WHERE id IN (
           SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= @now
           UNION ALL
           SELECT id FROM mail_outbox WHERE status = 'sending' AND locked_until <= @now
           LIMIT @limit)
         RETURNING *`,
    ).all({ now: iso(now), lockedUntil: iso(now + leaseMs), limit: concurrency }) as OutboxRow[];
    return rows.map(toMail).sort((a, b) => a.id - b.id);
  }

  private async deliver(mail: OutboxMail): Promise<keyof DrainResult> {
    const { db, clock, mailer, logger, messageIdDomain } = this.options;
    const log = { outboxId: mail.id, kind: mail.kind, attempt: mail.attempts };
    try {
      await mailer.send({
        to: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        headers: mail.headers,
        messageId: `<${mail.messageId}@${messageIdDomain}>`,
      });
    } catch (caught) {
      const error =
        caught instanceof MailDeliveryError
          ? caught
          : new MailDeliveryError((caught as Error).message ?? String(caught), false);
      const now = clock.now();
      if (error.permanent || mail.attempts >= this.options.maxAttempts) {
        statement(
          db,
          `UPDATE mail_outbox SET status = 'failed', failed_at = ?, locked_until = NULL, last_error = ?
           WHERE id = ?`,
        ).run(iso(now), error.message.slice(0, 500), mail.id);
        logger.warn(
          { ...log, responseCode: error.responseCode, permanent: error.permanent },
          'mail outbox: gave up',
        );
        if (error.permanent) {
          try {
            this.options.onPermanentFailure?.(mail, error);
          } catch (hookError) {
            logger.error({ err: hookError, outboxId: mail.id }, 'mail outbox: failure hook threw');
          }
        }
        return 'failed';
      }
      const delay = Math.min(
        this.options.backoffBaseMs * 2 ** (mail.attempts - 1),
        this.options.backoffMaxMs,
      );
      statement(
        db,
        `UPDATE mail_outbox SET status = 'pending', next_attempt_at = ?, locked_until = NULL, last_error = ?
         WHERE id = ?`,
      ).run(iso(now + delay), error.message.slice(0, 500), mail.id);
      logger.info(
        { ...log, responseCode: error.responseCode, retryInMs: delay },
        'mail outbox: will retry',
      );
      return 'retried';
    }
    statement(
      db,
      `UPDATE mail_outbox SET status = 'sent', sent_at = ?, locked_until = NULL, last_error = NULL
       WHERE id = ?`,
    ).run(iso(clock.now()), mail.id);
    logger.debug(log, 'mail outbox: sent');
    return 'sent';
  }
}
