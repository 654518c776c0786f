import { BroadcastChannel } from 'node:worker_threads';
import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { leaseWorker, type LeaseSettings, type LeaseWorker } from '../../jobs/lease-worker.js';
import type { Logger } from '../../logger.js';
import { wakeLoops } from '../../work-loop.js';
import {
  claimJobs,
  deleteJob,
  insertJobs,
  jobDepth,
  reclaimJobsOfOthers,
  retryJobLater,
  type JobQueue,
  type NewJob,
} from './store/jobs.js';

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

export type JobQueueOptions = {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Which of the site's queues this is: its jobs are claimed by its own worker only. */
  queue: JobQueue;
  /**
   * Its jobs are written in one thread of the process and worked on in another (the delivery
   * thread): a write wakes the worker across threads, not only in its own.
   */
  acrossThreads?: boolean;
} & Partial<LeaseSettings>;

/**
 * One of Fedify's message queues on the site's SQLite file, on the shared lease worker
 * (jobs/lease-worker.ts): a job is claimed with a lease, deleted when its handler succeeds, retried
 * with doubling backoff when it throws (Fedify leaves retrying to us: `nativeRetrial`), and never
 * lost to a restart: a listener takes back jobs another process left working, and any listener
 * those whose lease ran out.
 */
export class SqliteMessageQueue implements MessageQueue {
  readonly nativeRetrial = true;
  private readonly options: JobQueueOptions & LeaseSettings;
  /** Enqueues not yet written, oldest first. */
  private readonly waiting: WaitingWrite[] = [];
  private writeScheduled = false;
  /** What wakes this queue's worker once jobs are written. */
  private readonly channel: string;
  /** The same wake-up between threads, when `acrossThreads`: named by the file and the queue. */
  private readonly broadcast: BroadcastChannel | undefined;

  constructor(options: JobQueueOptions) {
    this.options = {
      pollIntervalMs: 1_000,
      // Deliveries to different servers at once.
      concurrency: 8,
      // A post's fan-out to many servers takes its turns between readers' pages (issue 38).
      busyYieldMs: 250,
      // 30 s doubling to six hours, then six-hourly: about three days before a job is dropped.
      maxAttempts: 20,
      backoffBaseMs: 30_000,
      backoffMaxMs: 6 * 60 * 60_000,
      leaseMs: 5 * 60_000,
      ...options,
    };
    this.channel = `fediverse-jobs:${options.queue}`;
    if (options.acrossThreads) {
      this.broadcast = new BroadcastChannel(`${this.channel}:${options.db.name}`);
      // A wake-up never keeps the process alive.
      this.broadcast.unref();
    }
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
        this.options.queue,
        batch.flatMap((write) => write.jobs),
      );
    } catch (error) {
      for (const write of batch) write.failed(error);
      return;
    }
    for (const write of batch) write.written();
    wakeLoops(this.options.db, this.channel);
    this.broadcast?.postMessage('written');
  }

  getDepth(): Promise<MessageQueueDepth> {
    const { db, queue, clock } = this.options;
    return Promise.resolve(jobDepth(db, queue, iso(clock.now())));
  }

  /** Works on due jobs until `signal` aborts, then waits for the ones in flight. */
  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options: MessageQueueListenOptions = {},
  ): Promise<void> {
    const worker = this.worker(handler);
    worker.start();
    if (this.broadcast) this.broadcast.onmessage = () => wakeLoops(this.options.db, this.channel);
    await new Promise<void>((resolve) => {
      if (options.signal?.aborted) return resolve();
      options.signal?.addEventListener('abort', () => resolve(), { once: true });
    });
    this.broadcast?.close();
    await worker.stop();
  }

  /** Runs every job due now (by the injected clock) and resolves with how many when none is left. */
  runDue(handler: (message: unknown) => Promise<void> | void): Promise<number> {
    return this.worker(handler).runDue();
  }

  /** The worker that hands each job's message to `handler`. */
  private worker(handler: (message: unknown) => Promise<void> | void): LeaseWorker {
    const { db, clock, logger, queue } = this.options;
    return leaseWorker({
      db,
      clock,
      logger,
      name: `fediverse ${queue}`,
      channel: this.channel,
      settings: this.options,
      store: {
        claim: (claim) => claimJobs(db, { ...claim, queue }),
        finish: (job) => deleteJob(db, job.id),
        retryLater: (job, dueAt, reason) => retryJobLater(db, job.id, dueAt, reason),
        reclaimOthers: (claimant) => reclaimJobsOfOthers(db, queue, claimant),
      },
      handle: (job) => handler(JSON.parse(job.message)),
      describe: (job) => ({ jobId: job.id }),
    });
  }
}
