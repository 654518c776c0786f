/**
 * An image's variants by name: which files it has (each width in AVIF, WebP and the original's
 * format, and the mail's width) and where they live. The image worker makes them
 * (worker-jobs.ts); the server only names and serves them.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import {
  EMAIL_IMAGE_WIDTH,
  variantWidths,
  widthFor,
  type ImageFormat,
  type ImageVariants,
} from '@quillpost/domain';

/** Refused beyond this: a decompression bomb, or a panorama no page needs. */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** An image's name: the start of the SHA-256 of its source's bytes. */
export function hashOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 24);
}

/** One of an image's files: a width in a format. */
export interface VariantName {
  width: number;
  format: ImageFormat;
}

/** Where one image's variants live: `<dir>/<hash>/<width>.<format>`. */
export function variantFile(dir: string, hash: string, width: number, format: ImageFormat) {
  return path.join(dir, hash, `${width}.${format}`);
}

/** Every file an image has: each width in each format, and the email's width. */
export function variantsToMake(image: ImageVariants): VariantName[] {
  const formats: ImageFormat[] = ['avif', 'webp', image.fallback];
  const made = variantWidths(image).flatMap((width) =>
    formats.map((format) => ({ width, format })),
  );
  const email = widthFor(image, EMAIL_IMAGE_WIDTH);
  if (!made.some((variant) => variant.width === email && variant.format === image.fallback))
    made.push({ width: email, format: image.fallback });
  return made;
}
