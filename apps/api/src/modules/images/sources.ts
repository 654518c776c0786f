/**
 * The owner's image files, as the content sync meets them: which ones the site serves as
 * variants (photos and pictures a browser or sharp decodes), and their served size, read from
 * the file's header so a sync never waits for pixels. The variants come later (pipeline.ts).
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { servedSize, type ImageVariants } from '@quillpost/domain';
import { imageSize } from 'image-size';
import type { Db } from '../../db/connection.js';
import { addImage, imageByHash, imageOfFile, rememberFile } from './store.js';
import { hashOf } from './variants.js';

/**
 * Made into variants. SVG (drawn by the owner, scaled by the browser) and GIF (often animated,
 * and without EXIF) are served as they are.
 */
const RASTER = /\.(?:jpe?g|png|webp|avif|tiff?)$/i;

export function isRasterImage(file: string): boolean {
  return RASTER.test(file);
}

/** The folder the owner's images live in. */
export function imagesFolder(contentDir: string): string {
  return path.join(contentDir, 'images');
}

/** `relative` inside the images folder, or null when it would leave it. */
export function imageFilePath(contentDir: string, relative: string): string | null {
  const root = path.resolve(imagesFolder(contentDir));
  const file = path.resolve(root, relative);
  return file.startsWith(root + path.sep) ? file : null;
}

/** EXIF orientations 5 to 8 turn the picture a quarter: its width is the file's height. */
function uprightSize(size: { width: number; height: number; orientation?: number }) {
  return (size.orientation ?? 1) >= 5
    ? { width: size.height, height: size.width }
    : { width: size.width, height: size.height };
}

/** What a file under CONTENT_DIR/images is known by: its path, size and modification time. */
const fileKey = (contentDir: string, file: string, stat: fs.Stats) => ({
  path: path.relative(imagesFolder(contentDir), file),
  size: stat.size,
  mtimeMs: stat.mtimeMs,
});

/** The image registered for its variants, and the file known to hold it. */
function remember(db: Db, key: ReturnType<typeof fileKey>, image: ImageVariants, now: string) {
  addImage(db, image, now);
  rememberFile(db, key, image.hash);
}

/** The format a browser without AVIF or WebP gets: PNG keeps a PNG's transparency. */
const fallbackFor = (format: string | undefined): ImageVariants['fallback'] =>
  format === 'png' ? 'png' : 'jpg';

/**
 * The served image of a file under CONTENT_DIR/images (`posts/harbour.jpg`), registered for
 * variants when first met; null when the file is missing, not a raster image, or unreadable.
 */
export function describeImage(
  db: Db,
  contentDir: string,
  relative: string,
  now: string,
): ImageVariants | null {
  if (!isRasterImage(relative)) return null;
  const file = imageFilePath(contentDir, relative);
  if (!file) return null;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    return null;
  }
  const key = fileKey(contentDir, file, stat);
  const known = imageOfFile(db, key);
  if (known) return known.status === 'failed' ? null : variantsOf(known);

  const bytes = fs.readFileSync(file);
  let header: ReturnType<typeof imageSize>;
  try {
    header = imageSize(bytes);
  } catch {
    return null;
  }
  const upright = uprightSize(header);
  const image: ImageVariants = {
    hash: hashOf(bytes),
    ...servedSize(upright.width, upright.height),
    fallback: fallbackFor(header.type),
  };
  remember(db, key, image, now);
  // The same bytes met before under another name or mtime: known to fail, not worth a picture.
  return imageByHash(db, image.hash)?.status === 'failed' ? null : image;
}

function variantsOf({ hash, width, height, fallback }: ImageVariants): ImageVariants {
  return { hash, width, height, fallback };
}

/**
 * The file under CONTENT_DIR/images an image address in Markdown or front matter names:
 * `/content/images/a.jpg`, `images/a.jpg` and `../images/a.jpg` all name `a.jpg`; null for
 * anything else (a remote URL, another folder).
 */
export function contentImagePath(src: string): string | null {
  const match = /^(?:\/content\/|(?:\.\.?\/)*)images\/([^?#]+)$/.exec(src.trim());
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}

// An image address in Markdown or front matter: `images/a.jpg`, `../images/a.jpg`, `/content/…`.
const IMAGE_REFERENCE = /(?:\/content\/|(?:\.\.?\/)*)images\/[^\s)"'\]>]+/g;

/**
 * A photo the image worker has just made under CONTENT_DIR/images (an upload), registered from
 * what the worker measured: describeImage would read and hash its megabytes again, on the thread
 * that answers readers.
 */
export function registerMadeImage(
  db: Db,
  contentDir: string,
  relative: string,
  made: { width: number; height: number; hash: string; format: string },
  now: string,
): void {
  const file = imageFilePath(contentDir, relative);
  if (!file) return;
  const image: ImageVariants = {
    hash: made.hash,
    ...servedSize(made.width, made.height),
    fallback: fallbackFor(made.format),
  };
  remember(db, fileKey(contentDir, file, fs.statSync(file)), image, now);
}

/**
 * The files under CONTENT_DIR/images a text refers to (`posts/harbour.jpg`), there or not yet, in
 * order.
 */
export function imagesReferencedBy(text: string): string[] {
  const files = new Set<string>();
  for (const [src] of text.matchAll(IMAGE_REFERENCE)) {
    const relative = contentImagePath(src);
    if (relative) files.add(relative);
  }
  return [...files].sort();
}

/**
 * Names the photos a text refers to (imagesReferencedBy) by path, size and modification time: a
 * file whose photos changed is rendered again (its pictures then name the new variants); the
 * others are not.
 */
export function imagesFingerprint(contentDir: string, referenced: string[]): string {
  const hash = createHash('sha256');
  for (const relative of referenced) {
    const file = isRasterImage(relative) && imageFilePath(contentDir, relative);
    const stat = file ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
    if (stat) hash.update(`${relative}\0${stat.size}\0${Math.trunc(stat.mtimeMs)}\n`);
  }
  return hash.digest('hex');
}

/** The file an image address names under CONTENT_DIR/images, if it is there. */
export function contentImageFile(contentDir: string, src: string): string | null {
  const relative = contentImagePath(src);
  const file = relative && imageFilePath(contentDir, relative);
  return file && fs.existsSync(file) ? file : null;
}
