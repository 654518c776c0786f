/**
 * The Webmention job queue, on the shared lease worker (jobs/lease-worker.ts): a job is claimed
 * with a lease, gone when its work is done, tried again with doubling backoff when the other server
 * did not answer, given up at once when the other server's answer will not change, and never lost
 * to a restart.
 */
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { leaseWorker, type LeaseSettings, type LeaseWorker } from '../../jobs/lease-worker.js';
import type { Logger } from '../../logger.js';
import { wakeLoops } from '../../work-loop.js';
import { RemoteFailure } from './remote-pages.js';
import { claimJobs, finishJob, reclaimJobsOfOthers, retryJobLater, type JobRow } from './store.js';

const CHANNEL = 'webmention-jobs';

/** Wakes the queue's worker in this process: a job was queued. */
export const wakeQueue = (db: Db) => wakeLoops(db, CHANNEL);

export type QueueOptions = { db: Db; clock: Clock; logger: Logger } & Partial<LeaseSettings>;

export type JobHandler = (job: JobRow) => Promise<void>;

export function webmentionQueue(options: QueueOptions, handle: JobHandler): LeaseWorker {
  const { db, clock, logger, ...settings } = options;
  return leaseWorker({
    db,
    clock,
    logger,
    name: 'webmention',
    channel: CHANNEL,
    settings: {
      pollIntervalMs: 5_000,
      // Pages on different servers at once.
      concurrency: 4,
      // A minute doubling to six hours: about a day and a half before a job is dropped.
      maxAttempts: 10,
      backoffBaseMs: 60_000,
      backoffMaxMs: 6 * 60 * 60_000,
      leaseMs: 5 * 60_000,
      ...settings,
    },
    store: {
      claim: (claim) => claimJobs(db, claim),
      finish: (job, now) => finishJob(db, job.id, now),
      retryLater: (job, dueAt, reason) => retryJobLater(db, job.id, dueAt, reason),
      reclaimOthers: (claimant) => reclaimJobsOfOthers(db, claimant),
    },
    handle,
    describe: (job) => ({ kind: job.kind, source: job.source, target: job.target }),
    isLasting: (error) => error instanceof RemoteFailure && error.lasting,
  });
}
