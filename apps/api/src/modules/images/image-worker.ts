/**
 * The process that makes variants, at a lower CPU priority than the server (Linux's idle class
 * where chrt is there, worker-process.ts; a nice value besides): on a small machine a photo's
 * seconds of encoding then wait for readers' requests instead of the other way round. The nice
 * value is set before sharp starts its threads, which inherit it.
 */
import os from 'node:os';

os.setPriority(10);

const { makeVariants } = await import('./variants.js');

export interface VariantJob {
  id: number;
  source: string;
  image: { hash: string; width: number; height: number; fallback: 'jpg' | 'png' };
  dir: string;
}

export type VariantResult = { id: number; ok: true } | { id: number; ok: false; error: string };

process.on('message', (job: VariantJob) => {
  makeVariants(job.source, job.image, job.dir).then(
    () => process.send!({ id: job.id, ok: true } satisfies VariantResult),
    (error: unknown) =>
      process.send!({
        id: job.id,
        ok: false,
        error: error instanceof Error ? error.message : String(error),
      } satisfies VariantResult),
  );
});
// The server gone, so is this.
process.on('disconnect', () => process.exit(0));
