/**
 * Images the owner uploads in the editor (drag, paste or Upload image). Checked by what they are,
 * decoded by sharp in the image worker, not by their name or declared type; kept upright, without
 * metadata and at most 2400 px under `content/images/uploads/<year>/`, where the owner's own files
 * live too. Refused when they cannot be decoded whole, a file cut short included.
 * SVG is refused: a drawing can carry script, and nothing in a phone's camera roll is one.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MAX_IMAGE_UPLOAD_BYTES, MESSAGES, slugOf } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { DomainError } from '../../domain-error.js';
import { imagesFolder, registerMadeImage } from './sources.js';
import { MAX_IMAGE_PIXELS } from './variants.js';
import type { ImageHeader, NormalisedUpload, UploadFormat } from './worker-jobs.js';
import { isWorkerFault, type ImageWorker } from './worker-process.js';

/** What sharp calls each format it may keep, and the extension its file gets. */
const KEPT_FORMATS: Record<string, { extension: string; names: RegExp; label: string }> = {
  jpeg: { extension: 'jpg', names: /\.jpe?g$/i, label: 'JPEG' },
  png: { extension: 'png', names: /\.png$/i, label: 'PNG' },
  webp: { extension: 'webp', names: /\.webp$/i, label: 'WebP' },
  heif: { extension: 'avif', names: /\.avif$/i, label: 'AVIF' },
};

// Sniffed before sharp, which may not read a drawing without a size at all.
const SVG = /^\uFEFF?\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i;
const SVG_REFUSED = 'SVG images cannot be uploaded: export it as PNG.';

function refuse(message: string = MESSAGES.IMAGE_INVALID): never {
  throw DomainError.invalid('IMAGE_INVALID', message);
}

/** A file name's stem as a slug: `My Photo (1).JPG` → `my-photo-1`. */
const stemOf = (name: string) =>
  slugOf(name.replace(/\.[^.]*$/, ''), { fallback: 'image', max: 80 });

/** The first bytes of `file`: enough to tell a drawing by its opening tag. */
function firstBytes(file: string, length: number): Buffer {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(length);
    return head.subarray(0, fs.readSync(fd, head, 0, length, 0));
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Stores an upload received whole into `file` (the caller's, left where it is); answers the
 * address front matter and Markdown name it by.
 */
export async function storeUpload(
  deps: { db: Db; contentDir: string; clock: Clock; worker: ImageWorker },
  upload: { name: string; file: string },
): Promise<{ path: string; width: number; height: number }> {
  if (fs.statSync(upload.file).size > MAX_IMAGE_UPLOAD_BYTES) {
    throw DomainError.tooLarge('IMAGE_TOO_LARGE');
  }
  // A browser sends a file's name, never its folders: a path here is someone probing.
  if (/[/\\]|\.\./.test(upload.name)) refuse('A file name cannot contain a folder or "..".');
  if (SVG.test(firstBytes(upload.file, 1024).toString('utf8'))) refuse(SVG_REFUSED);
  let metadata: ImageHeader;
  try {
    metadata = await deps.worker.inspect(upload.file);
  } catch (error) {
    // The worker failing is not the file's fault: the owner is told to try again.
    if (isWorkerFault(error)) throw error;
    refuse();
  }
  if (metadata.format === 'svg') refuse(SVG_REFUSED);
  const kept = KEPT_FORMATS[metadata.format ?? ''];
  if (!kept || (metadata.format === 'heif' && metadata.compression !== 'av1')) refuse();
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_IMAGE_PIXELS) {
    throw DomainError.tooLarge('IMAGE_TOO_LARGE');
  }
  if (!kept.names.test(upload.name)) {
    refuse(
      `That file is a ${kept.label} image, but its name says otherwise. Rename it and try again.`,
    );
  }

  // Made beside the upload (outside the content folder, so a refusal leaves nothing there), then
  // copied beside its target under a dot-name the sync passes by, and named once whole: two
  // uploads of photo.jpg at once never pick the same name.
  const made = `${upload.file}.${kept.extension}`;
  const year = iso(deps.clock.now()).slice(0, 4);
  const folder = path.join(imagesFolder(deps.contentDir), 'uploads', year);
  const temporary = path.join(folder, `.upload-${process.pid}-${randomUUID()}.tmp`);
  const format = metadata.format === 'heif' ? 'avif' : (metadata.format as UploadFormat);
  let stored: NormalisedUpload;
  try {
    try {
      stored = await deps.worker.normalise(upload.file, format, made);
    } catch (error) {
      if (isWorkerFault(error)) throw error;
      refuse();
    }
    await fs.promises.mkdir(folder, { recursive: true });
    await fs.promises.copyFile(made, temporary);
  } finally {
    fs.rmSync(made, { force: true });
  }

  const stem = stemOf(upload.name);
  let name = `${stem}.${kept.extension}`;
  for (let n = 2; fs.existsSync(path.join(folder, name)); n += 1)
    name = `${stem}-${n}.${kept.extension}`;
  fs.renameSync(temporary, path.join(folder, name));

  const relative = `uploads/${year}/${name}`;
  // Registered now, so the background pipeline makes its variants before anyone asks.
  registerMadeImage(
    deps.db,
    deps.contentDir,
    relative,
    { ...stored, format },
    iso(deps.clock.now()),
  );
  return { path: `/content/images/${relative}`, width: stored.width, height: stored.height };
}
