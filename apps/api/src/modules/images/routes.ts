import fs from 'node:fs';
import path from 'node:path';
import {
  EMAIL_IMAGE_WIDTH,
  IMAGE_MIME,
  variantWidths,
  widthFor,
  type ImageFormat,
} from '@quillpost/domain';
import express, { Router, type Response } from 'express';
import type { Db } from '../../db/connection.js';
import { iso, type Clock } from '../../clock.js';
import { AppError } from '../../http/errors.js';
import type { ImagePipeline } from './pipeline.js';
import { drawingOfRendition, svgRendition } from './renditions.js';
import { describeImage, imagesFolder, isRasterImage } from './sources.js';
import { imageByHash } from './store.js';
import { variantFile } from './variants.js';
import { INERT_FILE_HEADERS } from '../../http/file-headers.js';

const VARIANT = /^(\d{1,4})\.(avif|webp|jpg|png)$/;

/**
 * The owner's drawings and animations, sent as they are. Nothing else leaves the folder as it
 * is: a photo in a format without variants (HEIC, say) answers 404 rather than its GPS position.
 */
export const SERVED_AS_THEY_ARE = /\.(?:svg|gif)$/i;

// SVGs are the owner's drawings; should one ever carry a script, it does not run. And images are
// shown elsewhere too, in newsletters and feed readers: another origin may embed them (the site's
// same-origin resource policy would leave a blank where a mail's picture goes).
const IMAGE_HEADERS = {
  ...INERT_FILE_HEADERS,
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** How long a reader waits for an image still being made before being asked to come back. */
const MAKING_WAIT_MS = 15_000;

const LATE = Symbol('late');

/**
 * What `making` answers, when it answers within MAKING_WAIT_MS; else the reader is asked to come
 * back, and the work goes on for them (and for whoever asks next).
 */
async function inTime<T>(res: Response, making: Promise<T>): Promise<T> {
  // Answered after the reader has gone, a refusal is nobody's to handle.
  making.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<typeof LATE>((resolve) => {
    timer = setTimeout(() => resolve(LATE), MAKING_WAIT_MS);
  });
  const answer = await Promise.race([making, late]).finally(() => clearTimeout(timer));
  if (answer === LATE) {
    res.set('Retry-After', '10');
    throw new AppError(503, 'SERVERS_UNAVAILABLE');
  }
  return answer;
}

/** The variant's file once it is there: made now if missing, null when it cannot be (yet). */
async function variantReady(
  res: Response,
  pipeline: ImagePipeline,
  variant: { hash: string; width: number; format: ImageFormat },
): Promise<string | null> {
  const file = variantFile(pipeline.dir, variant.hash, variant.width, variant.format);
  if (fs.existsSync(file)) return file;
  const made = await inTime(
    res,
    pipeline.variantNow(variant.hash, { width: variant.width, format: variant.format }),
  );
  return made && fs.existsSync(file) ? file : null;
}

async function sendVariant(
  res: Response,
  pipeline: ImagePipeline,
  variant: { hash: string; width: number; format: ImageFormat },
  cacheControl: string,
): Promise<boolean> {
  const file = await variantReady(res, pipeline, variant);
  if (!file) return false;
  res.set({
    'Content-Type': IMAGE_MIME[variant.format],
    'Cache-Control': cacheControl,
    ...IMAGE_HEADERS,
    ETag: `"${variant.hash}-${variant.width}-${variant.format}"`,
  });
  // A data folder under a dot-directory (~/.quillpost) is still ours to serve from.
  res.sendFile(file, { dotfiles: 'allow' });
  return true;
}

/**
 * `/images/<hash>/<width>.<format>`: the variants, cached for good (the hash names the source's
 * bytes). `/content/images/...`: the owner's files by name; photos answer with their largest
 * variant in the original's format (upright, no metadata), SVG and GIF as they are, anything else
 * not at all; `<drawing>.svg.png` is a drawing's PNG rendition, for mail.
 */
export function imageRoutes(deps: {
  db: Db;
  contentDir: string;
  clock: Clock;
  pipeline: ImagePipeline;
}): Router {
  const { db, contentDir, clock, pipeline } = deps;
  const renditionsDir = path.join(pipeline.dir, 'renditions');
  const router = Router();

  router.get('/images/:hash/:file', async (req, res, next) => {
    const image = imageByHash(db, req.params.hash);
    const match = VARIANT.exec(req.params.file);
    // A failed image is not decoded again on every request for it.
    if (!image || image.status === 'failed' || !match) return next(new AppError(404, 'NOT_FOUND'));
    const width = Number(match[1]);
    const format = match[2] as ImageFormat;
    const offered =
      format === 'avif' || format === 'webp' || format === image.fallback
        ? variantWidths(image).includes(width) ||
          (format === image.fallback && width === widthFor(image, EMAIL_IMAGE_WIDTH))
        : false;
    if (!offered) return next(new AppError(404, 'NOT_FOUND'));
    const sent = await sendVariant(
      res,
      pipeline,
      { hash: image.hash, width, format },
      'public, max-age=31536000, immutable',
    );
    if (!sent) next(new AppError(404, 'NOT_FOUND'));
  });

  router.get('/content/images/*path', async (req, res, next) => {
    const relative = path.posix.join(...([] as string[]).concat(req.params.path));
    const drawing = drawingOfRendition(relative);
    if (drawing) {
      const file = await inTime(
        res,
        svgRendition(pipeline.worker, contentDir, renditionsDir, drawing),
      );
      if (!file) return next(new AppError(404, 'NOT_FOUND'));
      res.set({
        'Content-Type': 'image/png',
        'Cache-Control': 'public, max-age=86400',
        ...IMAGE_HEADERS,
      });
      return res.sendFile(file, { dotfiles: 'allow' });
    }
    if (SERVED_AS_THEY_ARE.test(relative)) return next();
    if (!isRasterImage(relative)) return next(new AppError(404, 'NOT_FOUND'));
    const image = describeImage(db, contentDir, relative, iso(clock.now()));
    if (!image) return next(new AppError(404, 'NOT_FOUND'));
    // Not named by a hash: a day's cache, revalidated by the ETag when the file changes.
    const sent = await sendVariant(
      res,
      pipeline,
      { hash: image.hash, width: image.width, format: image.fallback },
      'public, max-age=86400',
    );
    if (!sent) next(new AppError(404, 'NOT_FOUND'));
  });

  router.use(
    '/content/images',
    express.static(imagesFolder(contentDir), {
      index: false,
      dotfiles: 'ignore',
      maxAge: '1d',
      setHeaders: (res) => res.set(IMAGE_HEADERS),
    }),
    (_req, _res, next) => next(new AppError(404, 'NOT_FOUND')),
  );
  return router;
}
