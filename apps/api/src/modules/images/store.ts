import type { ImageFallback, ImageVariants } from '@quillpost/domain';
import { statement } from '../../db/statements.js';
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';

/** The images the site serves and the files they come from: the site's, not anyone's. */
export const OWNED_TABLES = { images: 'site', image_files: 'site' } as const satisfies OwnedTables;

export type ImageStatus = 'pending' | 'ready' | 'failed';

export interface ImageRow extends ImageVariants {
  status: ImageStatus;
}

const COLUMNS = 'hash, width, height, fallback, status';

export function imageByHash(db: Db, hash: string): ImageRow | undefined {
  return statement(db, `SELECT ${COLUMNS} FROM images WHERE hash = ?`).get(hash) as
    ImageRow | undefined;
}

/** The image a file under CONTENT_DIR/images held when it last had this size and mtime. */
export function imageOfFile(
  db: Db,
  file: { path: string; size: number; mtimeMs: number },
): ImageRow | undefined {
  return statement(
    db,
    `SELECT ${COLUMNS.split(', ')
      .map((column) => `images.${column}`)
      .join(', ')}
     FROM image_files JOIN images ON images.hash = image_files.hash
     WHERE image_files.path = @path AND image_files.size = @size AND image_files.mtime_ms = @mtimeMs`,
  ).get({ path: file.path, size: file.size, mtimeMs: Math.trunc(file.mtimeMs) }) as
    ImageRow | undefined;
}

export function addImage(
  db: Db,
  image: { hash: string; width: number; height: number; fallback: ImageFallback },
  now: string,
): void {
  statement(
    db,
    `INSERT INTO images (hash, width, height, fallback, created_at)
     VALUES (@hash, @width, @height, @fallback, @now) ON CONFLICT (hash) DO NOTHING`,
  ).run({ ...image, now });
}

export function rememberFile(
  db: Db,
  file: { path: string; size: number; mtimeMs: number },
  hash: string,
): void {
  statement(
    db,
    `INSERT INTO image_files (path, size, mtime_ms, hash) VALUES (@path, @size, @mtimeMs, @hash)
     ON CONFLICT (path) DO UPDATE SET size = @size, mtime_ms = @mtimeMs, hash = @hash`,
  ).run({ path: file.path, size: file.size, mtimeMs: Math.trunc(file.mtimeMs), hash });
}

export function pendingImages(db: Db, limit: number): string[] {
  return (
    statement(
      db,
      "SELECT hash FROM images WHERE status = 'pending' ORDER BY created_at LIMIT ?",
    ).all(limit) as Array<{ hash: string }>
  ).map((row) => row.hash);
}

export function markImage(
  db: Db,
  hash: string,
  outcome: { status: 'ready' | 'failed' | 'pending'; error?: string },
  now: string,
): void {
  statement(
    db,
    'UPDATE images SET status = @status, error = @error, ready_at = @readyAt WHERE hash = @hash',
  ).run({
    hash,
    status: outcome.status,
    error: outcome.error ?? null,
    readyAt: outcome.status === 'ready' ? now : null,
  });
}

/** A file (relative to CONTENT_DIR/images) that last held this image, to make its variants from. */
export function fileOfImage(db: Db, hash: string): string | undefined {
  return (
    statement(db, 'SELECT path FROM image_files WHERE hash = ? LIMIT 1').get(hash) as
      { path: string } | undefined
  )?.path;
}
