import { MAX_IMAGE_UPLOAD_BYTES } from '@quillpost/domain';
import express, { type RequestHandler } from 'express';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import type { Logger } from '../../logger.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import type { ImagePipeline } from './pipeline.js';
import { storeUpload } from './uploads.js';
import { createImageWorker } from './worker-process.js';

// Whatever type the browser declared (a zip, or octet-stream for a file it cannot name):
// storeUpload judges the bytes, so the owner hears what is wrong with the file itself.
const readUploadBytes = express.raw({ type: () => true, limit: MAX_IMAGE_UPLOAD_BYTES });

/** The upload's bytes; over the limit, the owner is told the image limits, not a body's. */
const uploadBytes: RequestHandler = (req, res, next) =>
  readUploadBytes(req, res, (error?: unknown) => {
    const tooLarge = (error as { type?: string } | undefined)?.type === 'entity.too.large';
    next(tooLarge ? new AppError(413, 'IMAGE_TOO_LARGE') : error);
  });

export function imageUploadRoutes(
  deps: {
    db: Db;
    env: Pick<Env, 'CONTENT_DIR'>;
    clock: Clock;
    logger: Logger;
    /** The app's pipeline: its worker makes the uploads too. */
    images?: ImagePipeline;
  },
  mount: MountEndpoint,
): void {
  // Mounted without the app's pipeline (a router on its own), a worker of its own, started by
  // the first upload.
  const worker = deps.images?.worker ?? createImageWorker({ idle: true, logger: deps.logger });
  mount(
    'adminImageUpload',
    async (req, res, { query }) => {
      // The body is the image itself (raw above), not JSON: no schema reads it.
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const stored = await storeUpload(
        { db: deps.db, contentDir: deps.env.CONTENT_DIR, clock: deps.clock, worker },
        { name: query.name, bytes },
      );
      res.status(201).json({ success: true, ...stored });
    },
    { before: uploadBytes },
  );
}
