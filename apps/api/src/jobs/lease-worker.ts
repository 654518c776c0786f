/**
 * The worker of a durable job queue on the site's SQLite file, modelled on the mail outbox: a job
 * is claimed with a lease, finished when its work is done, tried again with doubling backoff when
 * it throws, and never lost to a restart (a worker takes back what another process left working,
 * and any worker what outlived its lease). The queue's own module keeps its table and its SQL: the
 * worker only calls the store functions it is given.
 */
import { randomUUID } from 'node:crypto';
import { iso, type Clock } from '../clock.js';
import type { Db } from '../db/connection.js';
import type { Logger } from '../logger.js';
import { WorkLoop } from '../work-loop.js';

/** This process (this thread of it: each thread loads its own copy), as the claimant. */
const THIS_PROCESS = randomUUID();

/** What the worker needs of a claimed job; a store's row carries whatever else its work needs. */
export interface LeasedJob {
  id: number;
  /** Tries so far, this one included: the claim counts it. */
  attempts: number;
}

/** A queue's table, as its module's store reads and writes it. */
export interface LeasedJobStore<Job extends LeasedJob> {
  /**
   * Claims up to `limit` due jobs for `claimant`, counting an attempt on each: pending ones whose
   * time came, and working ones whose lease ran out (their worker died or hangs).
   */
  claim(claim: { now: string; lockedUntil: string; limit: number; claimant: string }): Job[];
  /** The job is done with, by success or given up. */
  finish(job: Job, now: string): void;
  /** Back to pending, due at `dueAt`, keeping why it failed. */
  retryLater(job: Job, dueAt: string, reason: string): void;
  /** Puts back to pending every job another process left working; returns how many. */
  reclaimOthers(claimant: string): number;
}

export interface LeaseSettings {
  /** How often a running worker looks for due jobs besides being woken on its channel. */
  pollIntervalMs: number;
  /** Jobs worked on at once. */
  concurrency: number;
  /** A failing job is tried this many times in all, then given up. */
  maxAttempts: number;
  /** The wait after a first failure, doubled after each next one up to `backoffMaxMs`. */
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** How long a claimed job may stay working before another worker takes it back. */
  leaseMs: number;
  /**
   * While the process's event loop is saturated, the next job waits up to this long (in short
   * steps), so a burst of jobs gives way to the pages the same process serves. 0: never waits.
   */
  busyYieldMs?: number;
  /** Who claims: this process unless a test plays another one. */
  claimant?: string;
}

/** The wait before trying again a job that failed its `attempts`th try. */
export function retryDelay(
  attempts: number,
  { backoffBaseMs, backoffMaxMs }: Pick<LeaseSettings, 'backoffBaseMs' | 'backoffMaxMs'>,
): number {
  return Math.min(backoffBaseMs * 2 ** (attempts - 1), backoffMaxMs);
}

export interface LeaseWorkerOptions<Job extends LeasedJob> {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Begins each log line ('webmention: will retry'). */
  name: string;
  /** What wakes the running worker: `wakeLoops(db, channel)` after jobs are written. */
  channel: string;
  settings: LeaseSettings;
  store: LeasedJobStore<Job>;
  /** The job's work; throwing means it failed. */
  handle(job: Job): Promise<void> | void;
  /** What a log line about the job says of it. */
  describe(job: Job): Record<string, unknown>;
  /** A failure no retry will mend: the job is given up at once. */
  isLasting?(error: unknown): boolean;
}

export interface LeaseWorker {
  /** Takes back what another process left working, then works on jobs as they fall due. */
  start(): void;
  /** Stops and waits for the jobs in flight. */
  stop(): Promise<void>;
  /** Works on every job due now (by the injected clock) and resolves with how many when none is left. */
  runDue(): Promise<number>;
}

export function leaseWorker<Job extends LeasedJob>(options: LeaseWorkerOptions<Job>): LeaseWorker {
  const { db, clock, logger, name, settings, store } = options;
  const claimant = settings.claimant ?? THIS_PROCESS;

  async function run(job: Job): Promise<void> {
    try {
      await options.handle(job);
    } catch (caught) {
      const reason = caught instanceof Error ? caught.message : String(caught);
      const about = options.describe(job);
      if (options.isLasting?.(caught) || job.attempts >= settings.maxAttempts) {
        store.finish(job, iso(clock.now()));
        logger.warn({ ...about, attempts: job.attempts, reason }, `${name}: gave up a job`);
        return;
      }
      const delay = retryDelay(job.attempts, settings);
      store.retryLater(job, iso(clock.now() + delay), reason);
      logger.info(
        { ...about, attempt: job.attempts, reason, retryInMs: delay },
        `${name}: will retry`,
      );
      return;
    }
    store.finish(job, iso(clock.now()));
  }

  function claim(limit: number): Job[] {
    const now = clock.now();
    return store.claim({
      now: iso(now),
      lockedUntil: iso(now + settings.leaseMs),
      limit,
      claimant,
    });
  }

  // `concurrency` at a time, and a job that ends makes room for the next at once: one slow server
  // never holds up the work for the others.
  async function runDue(): Promise<number> {
    let ran = 0;
    const inFlight = new Set<Promise<void>>();
    for (;;) {
      const room = settings.concurrency - inFlight.size;
      for (const job of room > 0 ? claim(room) : []) {
        const running: Promise<void> = run(job).finally(() => inFlight.delete(running));
        inFlight.add(running);
        ran += 1;
      }
      if (!inFlight.size) return ran;
      await Promise.race(inFlight);
      await loop.yieldWhileBusy();
    }
  }

  const loop = new WorkLoop({
    db,
    logger,
    channel: options.channel,
    failureMessage: `${name}: job pass failed`,
    pollIntervalMs: settings.pollIntervalMs,
    busyYieldMs: settings.busyYieldMs ?? 0,
    pass: runDue,
  });
  return {
    start() {
      if (loop.running) return;
      const reclaimed = store.reclaimOthers(claimant);
      if (reclaimed) logger.warn({ reclaimed }, `${name}: resumed jobs an earlier process left`);
      loop.start();
    },
    stop: () => loop.stop(),
    runDue,
  };
}
