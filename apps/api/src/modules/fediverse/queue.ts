import { randomUUID } from 'node:crypto';
import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { wakeLoops, WorkLoop } from '../../work-loop.js';
import {
  claimJobs,
  deleteJob,
  insertJobs,
  jobDepth,
  reclaimJobsOfOthers,
  retryJobLater,
  type JobRow,
  type NewJob,
} from './store/jobs.js';

/** This process, as the claimant of the jobs it works on. */
const THIS_PROCESS = randomUUID();

const QUEUE_CHANNEL = 'fediverse-jobs';

/**
 * About this many jobs are written per transaction, the event loop free between: Fedify queues a
 * post's deliveries as one enqueue per server, hundreds in one go, and written in one go they
 * held every page waiting on the event loop (500 servers: a third of a second).
 */
const WRITE_BATCH = 50;

/** One enqueue's jobs, written together (its promise settles when they are). */
interface WaitingWrite {
  jobs: NewJob[];
  written(): void;
  failed(error: unknown): void;
}

export interface JobQueueOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** How often a listener looks for due jobs besides being woken by `enqueue`. */
  pollIntervalMs?: number;
  /** Jobs worked on at once (deliveries to different servers). */
  concurrency?: number;
  /** A failing job is tried this many times in all, then dropped. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How long a claimed job may stay working before another listener takes it back. */
  leaseMs?: number;
  /** Who claims: this process unless a test plays another one. */
  claimant?: string;
}

/**
 * Fedify's message queue on the site's SQLite file, modelled on the mail outbox: a job is claimed
 * with a lease, deleted when its handler succeeds, retried with doubling backoff when it throws
 * (Fedify leaves retrying to us: `nativeRetrial`), and never lost to a restart: a listener takes
 * back jobs another process left working, and any listener those whose lease ran out.
 */
export class SqliteMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;
  private readonly options: Required<JobQueueOptions>;
  /** Enqueues not yet written, oldest first. */
  private readonly waiting: WaitingWrite[] = [];
  private writeScheduled = false;

  constructor(options: JobQueueOptions) {
    this.options = {
      pollIntervalMs: 1_000,
      concurrency: 8,
      // 30 s doubling to six hours, then six-hourly: about three days before a job is dropped.
      maxAttempts: 20,
      backoffBaseMs: 30_000,
      backoffMaxMs: 6 * 60 * 60_000,
      leaseMs: 5 * 60_000,
      claimant: THIS_PROCESS,
      ...options,
    };
  }

  enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    return this.enqueueMany([message], options);
  }

  enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    const now = this.options.clock.now();
    const delayMs = Math.max(0, options?.delay?.total({ unit: 'millisecond' }) ?? 0);
    const jobs = messages.map((message) => ({
      message: JSON.stringify(message),
      orderingKey: options?.orderingKey ?? null,
      dueAt: iso(now + delayMs),
      createdAt: iso(now),
    }));
    return new Promise((written, failed) => {
      this.waiting.push({ jobs, written, failed });
      this.scheduleWrite();
    });
  }

  private scheduleWrite(): void {
    if (this.writeScheduled || !this.waiting.length) return;
    this.writeScheduled = true;
    setImmediate(() => {
      this.writeScheduled = false;
      this.writeSome();
      this.scheduleWrite();
    });
  }

  /** Writes the oldest waiting enqueues, about WRITE_BATCH jobs, in one transaction. */
  private writeSome(): void {
    const batch: WaitingWrite[] = [];
    for (let jobs = 0; this.waiting.length && jobs < WRITE_BATCH;) {
      const next = this.waiting.shift()!;
      batch.push(next);
      jobs += next.jobs.length;
    }
    try {
      insertJobs(
        this.options.db,
        batch.flatMap((write) => write.jobs),
      );
    } catch (error) {
      for (const write of batch) write.failed(error);
      return;
    }
    for (const write of batch) write.written();
    wakeLoops(this.options.db, QUEUE_CHANNEL);
  }

  getDepth(): Promise<MessageQueueDepth> {
    return Promise.resolve(jobDepth(this.options.db, iso(this.options.clock.now())));
  }

  /** Works on due jobs until `signal` aborts, then waits for the ones in flight. */
  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options: MessageQueueListenOptions = {},
  ): Promise<void> {
    const { db, logger, claimant } = this.options;
    const reclaimed = reclaimJobsOfOthers(db, claimant);
    if (reclaimed) logger.warn({ reclaimed }, 'fediverse: resumed jobs an earlier process left');
    const loop = new WorkLoop({
      db,
      logger,
      channel: QUEUE_CHANNEL,
      failureMessage: 'fediverse: job pass failed',
      pollIntervalMs: this.options.pollIntervalMs,
      busyYieldMs: 0,
      pass: () => this.runDue(handler),
    });
    loop.start();
    await new Promise<void>((resolve) => {
      if (options.signal?.aborted) return resolve();
      options.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    await loop.stop();
  }

  /**
   * Runs every job due now (by the injected clock) and resolves when none is left, `concurrency`
   * at a time: a job that ends makes room for the next at once, so one slow server never holds
   * up deliveries to the others.
   */
  async runDue(handler: (message: unknown) => Promise<void> | void): Promise<number> {
    let ran = 0;
    const inFlight = new Set<Promise<void>>();
    for (;;) {
      const room = this.options.concurrency - inFlight.size;
      for (const job of room > 0 ? this.claim(room) : []) {
        const running: Promise<void> = this.run(job, handler).finally(() =>
          inFlight.delete(running),
        );
        inFlight.add(running);
        ran += 1;
      }
      if (!inFlight.size) return ran;
      await Promise.race(inFlight);
    }
  }

  private claim(limit: number): JobRow[] {
    const { db, clock, leaseMs, claimant } = this.options;
    const now = clock.now();
    return claimJobs(db, {
      now: iso(now),
      lockedUntil: iso(now + leaseMs),
      limit,
      claimant,
    });
  }

  private async run(
    job: JobRow,
    handler: (message: unknown) => Promise<void> | void,
  ): Promise<void> {
    const { db, clock, logger, maxAttempts, backoffBaseMs, backoffMaxMs } = this.options;
    try {
      await handler(JSON.parse(job.message));
    } catch (caught) {
      const reason = caught instanceof Error ? caught.message : String(caught);
      if (job.attempts >= maxAttempts) {
        deleteJob(db, job.id);
        logger.warn({ jobId: job.id, attempts: job.attempts, reason }, 'fediverse: gave up a job');
        return;
      }
      const delay = Math.min(backoffBaseMs * 2 ** (job.attempts - 1), backoffMaxMs);
      retryJobLater(db, job.id, iso(clock.now() + delay), reason);
      logger.info(
        { jobId: job.id, attempt: job.attempts, reason, retryInMs: delay },
        'fediverse: will retry',
      );
      return;
    }
    deleteJob(db, job.id);
  }
}
