/**
 * Makes variants off the request path: one image at a time, in the image worker's process of
 * lower priority (worker-process.ts), in the background for images a sync or an upload registered,
 * and on demand when a reader asks for a variant that is missing (a new data folder, a deleted
 * file). Pages never wait for it: their HTML only names the variants. The same worker does the
 * site's other image work (uploads, drawings' renditions, preview cards, icons): `worker`.
 */
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { besideDatabase } from '../../db/connection.js';
import type { Env } from '../../env.js';
import type { Logger } from '../../logger.js';
import { imageFilePath } from './sources.js';
import { fileOfImage, imageByHash, markImage, pendingImages } from './store.js';
import { createImageWorker, isWorkerFault, type ImageWorker } from './worker-process.js';

export interface ImagePipeline {
  /** Where variants are kept: `images/` beside the database. */
  readonly dir: string;
  /** The process all image work is done in: other modules draw through it. */
  readonly worker: ImageWorker;
  /**
   * Resolves true once the image's variants are on disk, false when they cannot be made.
   * `urgent`: a reader is waiting, so the worker stops waiting for idle moments meanwhile.
   */
  ensure(hash: string, options?: { urgent?: boolean }): Promise<boolean>;
  /** Makes the variants of every image waiting for them when it starts, one after another. */
  drain(): Promise<void>;
  /** Drains every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  /** Stops draining and ends the worker process. */
  stop(): void;
}

export function imageVariantsDir(env: Pick<Env, 'DATABASE_PATH'>): string {
  return besideDatabase(env.DATABASE_PATH, 'images');
}

export function createImagePipeline(
  deps: {
    db: Db;
    env: Pick<Env, 'DATABASE_PATH' | 'CONTENT_DIR'>;
    clock: Clock;
    logger: Logger;
  },
  /** `idle: false` (tests on a busy machine): the worker never waits for idle moments. */
  options: { idle?: boolean } = {},
): ImagePipeline {
  const { db, env, clock, logger } = deps;
  const dir = imageVariantsDir(env);
  const inFlight = new Map<string, Promise<boolean>>();
  // One image at a time: each job waits for the one before it.
  let queue: Promise<unknown> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let draining: Promise<void> | null = null;
  const worker = createImageWorker({ idle: options.idle ?? true, logger });
  const crashes = new Map<string, number>();

  async function make(hash: string): Promise<boolean> {
    const image = imageByHash(db, hash);
    const relative = fileOfImage(db, hash);
    const source = relative && imageFilePath(env.CONTENT_DIR, relative);
    if (!image) return false;
    if (!source) {
      markImage(db, hash, { status: 'failed', error: 'its file is gone' }, iso(clock.now()));
      return false;
    }
    const started = clock.now();
    try {
      await worker.variants(source, image, dir);
      markImage(db, hash, { status: 'ready' }, iso(clock.now()));
      logger.info({ file: relative, ms: clock.now() - started }, 'image variants made');
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The worker itself failing (not the image) is worth a second try, twice at most.
      const tries = (crashes.get(hash) ?? 0) + 1;
      const retry = isWorkerFault(error) && tries < 3;
      crashes.set(hash, tries);
      markImage(
        db,
        hash,
        { status: retry ? 'pending' : 'failed', error: message },
        iso(clock.now()),
      );
      logger.warn({ file: relative, error: message }, 'image variants could not be made');
      return false;
    }
  }

  function ensure(hash: string, { urgent = false } = {}): Promise<boolean> {
    const job = queued(hash);
    if (!urgent) return job;
    const release = worker.hold();
    return job.finally(release);
  }

  function queued(hash: string): Promise<boolean> {
    let job = inFlight.get(hash);
    if (!job) {
      job = queue.then(() => make(hash)).finally(() => inFlight.delete(hash));
      inFlight.set(hash, job);
      // A job that throws must not stop the ones after it.
      queue = job.catch(() => undefined);
    }
    return job;
  }

  function drain(): Promise<void> {
    draining ??= (async () => {
      // Each round takes what is pending now; an image put back for a retry waits for the next.
      for (const hash of pendingImages(db, 100)) await queued(hash);
    })().finally(() => (draining = null));
    return draining;
  }

  return {
    dir,
    worker,
    ensure,
    drain,
    start(intervalMs = 2_000) {
      const drainLogged = () =>
        drain().catch((error: unknown) =>
          logger.error({ error }, 'image pipeline stopped a round'),
        );
      timer = setInterval(() => void drainLogged(), intervalMs);
      timer.unref();
      void drainLogged();
    },
    stop() {
      clearInterval(timer);
      worker.stop();
    },
  };
}
