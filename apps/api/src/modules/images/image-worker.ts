/**
 * The image worker's process: every use of sharp in the site runs here (worker-jobs.ts), one job
 * at a time as the server sends them (worker-process.ts), at a lower CPU priority than the server
 * (Linux's idle class where chrt is there; a nice value besides): on a small machine a photo's
 * seconds of encoding then wait for readers' requests instead of the other way round. The nice
 * value is set before sharp starts its threads, which inherit it.
 */
import os from 'node:os';
import type { ImageJob } from './worker-jobs.js';

os.setPriority(10);

const { doImageJob } = await import('./worker-jobs.js');

export interface WorkerRequest {
  id: number;
  job: ImageJob;
}

export type WorkerAnswer =
  { id: number; ok: true; answer: unknown } | { id: number; ok: false; error: string };

/** An answer after the server has gone (a shutdown mid-job) is dropped: 'disconnect' ends this. */
function answer(message: WorkerAnswer) {
  if (process.connected) process.send!(message, () => undefined);
}

process.on('message', ({ id, job }: WorkerRequest) => {
  doImageJob(job).then(
    (made) => answer({ id, ok: true, answer: made }),
    (error: unknown) =>
      answer({ id, ok: false, error: error instanceof Error ? error.message : String(error) }),
  );
});
// The server gone, so is this.
process.on('disconnect', () => process.exit(0));
