import express from 'express';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { MAX_UPLOAD_BYTES, storeUpload } from './uploads.js';

export function imageUploadRoutes(
  deps: { db: Db; env: Pick<Env, 'CONTENT_DIR'>; clock: Clock },
  mount: MountEndpoint,
): void {
  mount(
    'adminImageUpload',
    async (req, res, { query }) => {
      // The body is the image itself (raw below), not JSON: no schema reads it.
      const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const stored = await storeUpload(
        { db: deps.db, contentDir: deps.env.CONTENT_DIR, clock: deps.clock },
        { name: query.name, bytes },
      );
      res.status(201).json({ success: true, ...stored });
    },
    // One byte over the limit is enough to know it is too large.
    { before: express.raw({ type: 'image/*', limit: MAX_UPLOAD_BYTES + 1 }) },
  );
}
