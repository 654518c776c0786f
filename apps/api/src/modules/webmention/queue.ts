/**
 * The Webmention job queue, modelled on the mail outbox: a job is claimed with a lease, gone when
 * its work is done, tried again with doubling backoff when the other server did not answer, and
 * never lost to a restart (a new process takes back what another left working, and any worker
 * what outlived its lease).
 */
import { randomUUID } from 'node:crypto';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { wakeLoops, WorkLoop } from '../../work-loop.js';
import { RemoteFailure } from './remote-pages.js';
import { claimJobs, finishJob, reclaimJobsOfOthers, retryJobLater, type JobRow } from './store.js';

const THIS_PROCESS = randomUUID();
const CHANNEL = 'webmention-jobs';

/** Wakes the queue's worker in this process: a job was queued. */
export const wakeQueue = (db: Db) => wakeLoops(db, CHANNEL);

export interface QueueOptions {
  db: Db;
  clock: Clock;
  logger: Logger;
  pollIntervalMs?: number;
  /** Jobs worked on at once (pages on different servers). */
  concurrency?: number;
  /** A job whose server keeps failing is tried this many times in all, then dropped. */
  maxAttempts?: number;
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** How long a claimed job may stay working before another worker takes it back. */
  leaseMs?: number;
  /** Who claims: this process unless a test plays another one. */
  claimant?: string;
}

export type JobHandler = (job: JobRow) => Promise<void>;

export interface Queue {
  start(): void;
  stop(): Promise<void>;
  /** Works on every job due now and resolves when none is left (tests drive it so). */
  runDue(): Promise<number>;
}

export function webmentionQueue(options: QueueOptions, handle: JobHandler): Queue {
  const settings = {
    pollIntervalMs: 5_000,
    concurrency: 4,
    // A minute doubling to six hours: about a day and a half before a job is dropped.
    maxAttempts: 10,
    backoffBaseMs: 60_000,
    backoffMaxMs: 6 * 60 * 60_000,
    leaseMs: 5 * 60_000,
    claimant: THIS_PROCESS,
    ...options,
  };
  const { db, clock, logger } = settings;

  async function run(job: JobRow): Promise<void> {
    try {
      await handle(job);
    } catch (caught) {
      const reason = caught instanceof Error ? caught.message : String(caught);
      const lasting = caught instanceof RemoteFailure && caught.lasting;
      if (lasting || job.attempts >= settings.maxAttempts) {
        logger.warn(
          {
            kind: job.kind,
            source: job.source,
            target: job.target,
            attempts: job.attempts,
            reason,
          },
          'webmention: gave up a job',
        );
        finishJob(db, job.id, iso(clock.now()));
        return;
      }
      const delay = Math.min(
        settings.backoffBaseMs * 2 ** (job.attempts - 1),
        settings.backoffMaxMs,
      );
      retryJobLater(db, job.id, iso(clock.now() + delay), reason);
      logger.info(
        { kind: job.kind, target: job.target, attempt: job.attempts, reason, retryInMs: delay },
        'webmention: will retry',
      );
      return;
    }
    finishJob(db, job.id, iso(clock.now()));
  }

  async function runDue(): Promise<number> {
    let ran = 0;
    const inFlight = new Set<Promise<void>>();
    for (;;) {
      const room = settings.concurrency - inFlight.size;
      const now = clock.now();
      const claimed =
        room > 0
          ? claimJobs(db, {
              now: iso(now),
              lockedUntil: iso(now + settings.leaseMs),
              limit: room,
              claimant: settings.claimant,
            })
          : [];
      for (const job of claimed) {
        const running: Promise<void> = run(job).finally(() => inFlight.delete(running));
        inFlight.add(running);
        ran += 1;
      }
      if (!inFlight.size) return ran;
      await Promise.race(inFlight);
    }
  }

  const loop = new WorkLoop({
    db,
    logger,
    channel: CHANNEL,
    failureMessage: 'webmention: job pass failed',
    pollIntervalMs: settings.pollIntervalMs,
    busyYieldMs: 0,
    pass: runDue,
  });
  return {
    start() {
      const reclaimed = reclaimJobsOfOthers(db, settings.claimant);
      if (reclaimed) logger.warn({ reclaimed }, 'webmention: resumed jobs an earlier process left');
      loop.start();
    },
    stop: () => loop.stop(),
    runDue,
  };
}
