import fs from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import { MAX_IMAGE_UPLOAD_BYTES } from '@quillpost/domain';
import type { Clock } from '../../clock.js';
import { besideDatabase, type Db } from '../../db/connection.js';
import { DomainError } from '../../domain-error.js';
import type { Env } from '../../env.js';
import type { Logger } from '../../logger.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import type { ImagePipeline } from './pipeline.js';
import { storeUpload } from './uploads.js';
import { createImageWorker } from './worker-process.js';

/** Where uploads wait, whole, for the image worker: beside the database, never in content. */
const uploadStaging = (env: Pick<Env, 'DATABASE_PATH'>) =>
  besideDatabase(env.DATABASE_PATH, 'upload-staging');

/** Uploads a previous process was receiving when it stopped: each file is named by its pid. */
function sweepUploadLeftovers(folder: string) {
  if (!fs.existsSync(folder)) return;
  for (const name of fs.readdirSync(folder)) {
    if (!name.startsWith(`${process.pid}-`)) fs.rmSync(path.join(folder, name), { force: true });
  }
}

let staged = 0;

/**
 * Uploads received at once. The image worker makes one at a time, so a second received while the
 * first is made keeps it busy; the rest wait their turn unread, their bytes held back by TCP,
 * instead of arriving together (twenty phone photos dropped into the editor are 84 MB) on the
 * thread that answers every reader.
 */
export const UPLOADS_AT_ONCE = 2;

/** Runs work `limit` at a time, the rest in the order they came. */
function takingTurns(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limit) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The turn passes straight to the next in line, if any.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/**
 * The request's body streamed into a file of its own under `folder`, whatever type the browser
 * declared (a zip, or octet-stream for a file it cannot name): storeUpload judges the bytes, so
 * the owner hears what is wrong with the file itself. Streamed rather than gathered: twenty
 * photos arriving at once are 84 MB, and joining each one's chunks into a buffer (and copying it
 * to the worker) held the readers' thread for a quarter of a second.
 */
async function receiveUpload(req: Request, folder: string): Promise<string> {
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `${process.pid}-${(staged += 1)}`);
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      received += chunk.length;
      done(
        received > MAX_IMAGE_UPLOAD_BYTES ? DomainError.tooLarge('IMAGE_TOO_LARGE') : null,
        chunk,
      );
    },
  });
  try {
    await pipeline(req, counted, fs.createWriteStream(file));
    return file;
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw error;
  }
}

export function imageUploadRoutes(
  deps: {
    db: Db;
    env: Pick<Env, 'CONTENT_DIR' | 'DATABASE_PATH'>;
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
  const staging = uploadStaging(deps.env);
  sweepUploadLeftovers(staging);
  const inTurn = takingTurns(UPLOADS_AT_ONCE);
  mount('adminImageUpload', async (req, res, { query }) => {
    // Over the limit, the owner is told the image limits at once, not a body's after a wait.
    if (Number(req.headers['content-length']) > MAX_IMAGE_UPLOAD_BYTES) {
      throw DomainError.tooLarge('IMAGE_TOO_LARGE');
    }
    const stored = await inTurn(async () => {
      // The body is the image itself, not JSON: no schema reads it.
      const file = await receiveUpload(req, staging);
      try {
        return await storeUpload(
          { db: deps.db, contentDir: deps.env.CONTENT_DIR, clock: deps.clock, worker },
          { name: query.name, file },
        );
      } finally {
        fs.rmSync(file, { force: true });
      }
    });
    res.status(201).json({ success: true, ...stored });
  });
}
