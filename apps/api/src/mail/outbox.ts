import { randomUUID } from 'node:crypto';
import { iso, type Clock } from '../clock.js';
import type { Db } from '../db/connection.js';
import type { OwnedTables } from '../db/ownership.js';
import { statement } from '../db/statements.js';
import type { Env } from '../env.js';
import { retryDelay } from '../jobs/lease-worker.js';
import { maskAddresses, type Logger } from '../logger.js';
import type { PersonalDataHolder } from '../personal-data.js';
import { wakeLoops, WorkLoop } from '../work-loop.js';
import { MailDeliveryError, type MailMessage, type Mailer } from './mailer.js';
import { bodyKey, openBody, sealBody, type MailBody } from './sealed-body.js';

export const OWNED_TABLES = { mail_outbox: 'person' } as const satisfies OwnedTables;

/** A message as the outbox keeps it; `kind` says what it is for ('verification', 'welcome', ...). */
export type OutboxMessage = MailMessage & { kind: string };

export type OutboxStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface OutboxMail {
  id: number;
  kind: string;
  recipient: string;
  subject: string;
  /** Sealed at rest; null once the mail was delivered or given up (see sealed-body.ts). */
  body: MailBody | null;
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
  body: Buffer | null;
  message_id: string;
  status: OutboxStatus;
  attempts: number;
  next_attempt_at: string;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
  failed_at: string | null;
}

/** The row as the worker and tests see it; an unreadable body is reported, not thrown. */
function toMail(row: OutboxRow, key: Buffer): OutboxMail & { unreadable?: Error } {
  let body: MailBody | null = null;
  let unreadable: Error | undefined;
  if (row.body) {
    try {
      body = openBody(key, row.message_id, row.body);
    } catch (error) {
      unreadable = error as Error;
    }
  }
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    body,
    messageId: row.message_id,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    lastError: row.last_error,
    createdAt: row.created_at,
    sentAt: row.sent_at,
    failedAt: row.failed_at,
    ...(unreadable ? { unreadable } : {}),
  };
}

/** What writing to and reading from the outbox needs: the database, the clock, the sealing key. */
export interface OutboxDeps {
  db: Db;
  clock: Clock;
  env: Pick<Env, 'SESSION_SECRET'>;
}

/** Delivered rows keep their metadata (kind, recipient, status, times, error) this long. */
export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** What `enqueueMail` wakes: the running outbox worker of the database. */
const OUTBOX_CHANNEL = 'mail-outbox';

/**
 * Writes a message to the outbox, its body sealed. Call it inside the same `db.transaction` as
 * the state change the mail announces: both commit or neither does. Returns the outbox row id.
 */
export function enqueueMail({ db, clock, env }: OutboxDeps, message: OutboxMessage): number {
  const now = iso(clock.now());
  const messageId = message.messageId ?? randomUUID();
  const body: MailBody = { html: message.html, text: message.text, headers: message.headers ?? {} };
  const result = statement(
    db,
    `INSERT INTO mail_outbox (kind, recipient, subject, body, message_id, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    message.kind,
    message.to,
    message.subject,
    sealBody(bodyKey(env.SESSION_SECRET), messageId, body),
    messageId,
    now,
    now,
  );
  wakeLoops(db, OUTBOX_CHANNEL);
  return Number(result.lastInsertRowid);
}

/** Reads outbox rows, bodies opened, newest last; for tests, the dev tools and the benchmark. */
export function listOutbox(
  { db, env }: Pick<OutboxDeps, 'db' | 'env'>,
  filter: { recipient?: string; kind?: string } = {},
): OutboxMail[] {
  const rows = statement(
    db,
    `SELECT * FROM mail_outbox
       WHERE (@recipient IS NULL OR recipient = @recipient) AND (@kind IS NULL OR kind = @kind)
       ORDER BY id`,
  ).all({ recipient: filter.recipient ?? null, kind: filter.kind ?? null }) as OutboxRow[];
  const key = bodyKey(env.SESSION_SECRET);
  return rows.map((row) => toMail(row, key));
}

/**
 * Drops every mail to an address, sent or not, when its subscriber erases their data: what was
 * sent names them as much as what was not, and nothing is owed to anyone after the erasure.
 */
export function forgetMailTo(db: Db, recipient: string): number {
  return statement(db, 'DELETE FROM mail_outbox WHERE recipient = ?').run(recipient).changes;
}

/** The mail sent to a member's proven address: listed in their export, gone with their account. */
export const outboxPersonalData: PersonalDataHolder = {
  tables: ['mail_outbox'],
  export: (db, { provenEmail }) => ({
    mailSent: provenEmail
      ? statement(
          db,
          `SELECT kind, subject, status, created_at AS createdAt, sent_at AS sentAt
           FROM mail_outbox WHERE recipient = ? ORDER BY id`,
        ).all(provenEmail)
      : [],
  }),
  erase: (db, { provenEmail }) => {
    if (provenEmail) forgetMailTo(db, provenEmail);
  },
};

export interface MailOutboxWorkerOptions {
  db: Db;
  /** SESSION_SECRET, from which the key that opens sealed bodies is derived. */
  secret: string;
  mailer: Mailer;
  clock: Clock;
  logger: Logger;
  /** Called after a permanent failure (SMTP 5xx), e.g. to mark the subscription bounced. */
  onPermanentFailure?: (mail: OutboxMail, error: MailDeliveryError) => void;
  /** Domain for the Message-ID header: `<row-uuid@domain>`. */
  messageIdDomain?: string;
  /** The From header's display name when a mail goes out (the site's, which can change). */
  fromName?: () => string;
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
  private readonly options: Required<
    Omit<MailOutboxWorkerOptions, 'onPermanentFailure' | 'fromName'>
  > &
    Pick<MailOutboxWorkerOptions, 'onPermanentFailure' | 'fromName'>;
  private readonly key: Buffer;
  private lastPrunedAt = Number.NEGATIVE_INFINITY;
  private readonly loop: WorkLoop;

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
    this.key = bodyKey(options.secret);
    this.loop = new WorkLoop({
      ...this.options,
      channel: OUTBOX_CHANNEL,
      failureMessage: 'mail outbox: delivery pass failed',
      pass: () => this.runUntilIdle(true),
    });
  }

  get running(): boolean {
    return this.loop.running;
  }

  /** Recovers interrupted rows and starts delivering; idempotent. */
  start(): void {
    if (this.loop.running) return;
    const recovered = this.recover();
    if (recovered) this.options.logger.warn({ recovered }, 'mail outbox: resumed interrupted mail');
    this.loop.start();
  }

  /** Stops polling and waits for the messages in flight. */
  stop(): Promise<void> {
    return this.loop.stop();
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
    return this.loop.run(() => this.runUntilIdle(false));
  }

  /**
   * Deletes rows that reached their end (sent or failed) over OUTBOX_RETENTION_MS ago. Runs with
   * the delivery passes, at most hourly.
   */
  prune(): number {
    const { db, clock } = this.options;
    const cutoff = iso(clock.now() - OUTBOX_RETENTION_MS);
    this.lastPrunedAt = clock.now();
    return statement(
      db,
      `DELETE FROM mail_outbox
         WHERE (status = 'sent' AND sent_at < @cutoff) OR (status = 'failed' AND failed_at < @cutoff)`,
    ).run({ cutoff }).changes;
  }

  private async runUntilIdle(yieldWhenBusy: boolean): Promise<DrainResult> {
    if (this.options.clock.now() - this.lastPrunedAt >= 60 * 60_000) {
      const pruned = this.prune();
      if (pruned) this.options.logger.info({ pruned }, 'mail outbox: old rows pruned');
    }
    const total: DrainResult = { sent: 0, retried: 0, failed: 0 };
    for (;;) {
      if (yieldWhenBusy) await this.loop.yieldWhileBusy();
      const batch = this.claim();
      if (!batch.length) return total;
      const outcomes = await Promise.all(batch.map((mail) => this.deliver(mail)));
      for (const outcome of outcomes) total[outcome] += 1;
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
    return rows.map((row) => toMail(row, this.key)).sort((a, b) => a.id - b.id);
  }

  private async deliver(mail: OutboxMail & { unreadable?: Error }): Promise<keyof DrainResult> {
    const { db, clock, mailer, logger, messageIdDomain } = this.options;
    const log = {
      outboxId: mail.id,
      kind: mail.kind,
      attempt: mail.attempts,
      to: maskAddresses(mail.recipient),
    };
    if (!mail.body) {
      // Sealed under another SESSION_SECRET (or damaged): nothing can send it, ever.
      this.finish(mail.id, 'failed', mail.unreadable?.message ?? 'no body');
      logger.error({ ...log, err: mail.unreadable }, 'mail outbox: body cannot be opened');
      return 'failed';
    }
    try {
      await mailer.send({
        to: mail.recipient,
        subject: mail.subject,
        html: mail.body.html,
        text: mail.body.text,
        headers: mail.body.headers,
        messageId: `<${mail.messageId}@${messageIdDomain}>`,
        ...(this.options.fromName ? { fromName: this.options.fromName() } : {}),
      });
    } catch (caught) {
      const error =
        caught instanceof MailDeliveryError
          ? caught
          : new MailDeliveryError((caught as Error).message ?? String(caught), false);
      if (error.permanent || mail.attempts >= this.options.maxAttempts) {
        this.finish(mail.id, 'failed', error.message);
        const { responseCode, permanent } = error;
        const reason = maskAddresses(error.message);
        logger.warn({ ...log, responseCode, permanent, reason }, 'mail outbox: gave up');
        if (error.permanent) {
          try {
            this.options.onPermanentFailure?.(mail, error);
          } catch (hookError) {
            logger.error({ err: hookError, outboxId: mail.id }, 'mail outbox: failure hook threw');
          }
        }
        return 'failed';
      }
      const delay = retryDelay(mail.attempts, this.options);
      statement(
        db,
        `UPDATE mail_outbox SET status = 'pending', next_attempt_at = ?, locked_until = NULL, last_error = ?
         WHERE id = ?`,
      ).run(iso(clock.now() + delay), error.message.slice(0, 500), mail.id);
      // Why, at warn: a relay that refuses every mail (a wrong password, a closed port) must show.
      const reason = maskAddresses(error.message);
      logger.warn(
        { ...log, responseCode: error.responseCode, reason, retryInMs: delay },
        'mail outbox: will retry',
      );
      return 'retried';
    }
    this.finish(mail.id, 'sent', null);
    logger.debug(log, 'mail outbox: sent');
    return 'sent';
  }

  /** A row's end: its body is wiped, since the links in it must not outlive their use at rest. */
  private finish(id: number, status: 'sent' | 'failed', error: string | null): void {
    const now = iso(this.options.clock.now());
    statement(
      this.options.db,
      `UPDATE mail_outbox SET status = @status, body = NULL, locked_until = NULL, last_error = @error,
         sent_at = CASE WHEN @status = 'sent' THEN @now END,
         failed_at = CASE WHEN @status = 'failed' THEN @now END
       WHERE id = @id`,
    ).run({ id, status, now, error: error?.slice(0, 500) ?? null });
  }
}
