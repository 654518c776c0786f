/**
 * Makes variants off the request path, in the image worker's processes of lower priority
 * (worker-process.ts): all of an image's, one image at a time in the background, for images a
 * sync or an upload registered; and the one a reader asks for when it is missing (a new data
 * folder, a deleted file, a photo the background has not reached), at once, in the lane for work
 * someone waits for. Pages never wait for it: their HTML only names the variants. The same
 * worker does the site's other image work (uploads, drawings' renditions, preview cards, icons).
 */
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { besideDatabase } from '../../db/connection.js';
import type { Env } from '../../env.js';
import type { Logger } from '../../logger.js';
import { imageFilePath } from './sources.js';
import { fileOfImage, imageByHash, markImage, pendingImages } from './store.js';
import type { VariantName } from './variants.js';
import { createImageWorker, isWorkerFault, type ImageWorker } from './worker-process.js';

export interface ImagePipeline {
  /** Where variants are kept: `images/` beside the database. */
  readonly dir: string;
  /** The process all image work is done in: other modules draw through it. */
  readonly worker: ImageWorker;
  /**
   * Resolves true once the variant a reader asks for is on disk, false when it cannot be made;
   * the image's other variants follow in the background.
   */
  variantNow(hash: string, variant: VariantName): Promise<boolean>;
  /** Makes the variants of every image waiting for them when it starts, one after another. */
  drain(): Promise<void>;
  /** Drains every `intervalMs` until stopped. */
  start(intervalMs?: number): void;
  /** Stops draining and ends the worker's processes; resolves once they have exited. */
  stop(): Promise<void>;
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

  /** The image and where its source is; null (and marked failed) when its file is gone. */
  function sourceOf(hash: string) {
    const image = imageByHash(db, hash);
    const relative = fileOfImage(db, hash);
    const source = relative && imageFilePath(env.CONTENT_DIR, relative);
    if (!image) return null;
    if (!relative || !source) {
      markImage(db, hash, { status: 'failed', error: 'its file is gone' }, iso(clock.now()));
      return null;
    }
    return { image, relative, source };
  }

  async function make(hash: string): Promise<boolean> {
    const found = sourceOf(hash);
    if (!found) return false;
    const { image, relative, source } = found;
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

  async function variantNow(hash: string, variant: VariantName): Promise<boolean> {
    const found = sourceOf(hash);
    if (!found) return false;
    void queued(hash);
    try {
      await worker.variant(found.source, found.image, dir, variant);
      return true;
    } catch (error) {
      // The image itself failing is the background job's to record; the worker's own fault is
      // the reader's to hear about (a 503, come back).
      if (isWorkerFault(error)) throw error;
      return false;
    }
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
    variantNow,
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
      return worker.stop();
    },
  };
}
