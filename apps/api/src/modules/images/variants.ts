/**
 * Making an image's variants with sharp: decoded once, turned upright by its EXIF orientation,
 * converted to sRGB and capped at 2400 px; then each width in AVIF, WebP and the original's
 * format. sharp writes no metadata unless asked, so no variant carries EXIF, GPS, XMP or IPTC.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  EMAIL_IMAGE_WIDTH,
  variantWidths,
  widthFor,
  type ImageFormat,
  type ImageVariants,
} from '@quillpost/domain';
import sharp, { type Sharp } from 'sharp';

/** Refused beyond this: a decompression bomb, or a panorama no page needs. */
export const MAX_IMAGE_PIXELS = 50_000_000;

// One libvips thread per image: the pipeline makes one image at a time, and the other core stays
// with the readers.
sharp.concurrency(1);

/** An image's name: the start of the SHA-256 of its source's bytes. */
export function hashOf(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 24);
}

/** Where one image's variants live: `<dir>/<hash>/<width>.<format>`. */
export function variantFile(dir: string, hash: string, width: number, format: ImageFormat) {
  return path.join(dir, hash, `${width}.${format}`);
}

/** Every file an image has: each width in each format, and the email's width. */
export function variantsToMake(
  image: ImageVariants,
): Array<{ width: number; format: ImageFormat }> {
  const formats: ImageFormat[] = ['avif', 'webp', image.fallback];
  const made = variantWidths(image).flatMap((width) =>
    formats.map((format) => ({ width, format })),
  );
  const email = widthFor(image, EMAIL_IMAGE_WIDTH);
  if (!made.some((variant) => variant.width === email && variant.format === image.fallback))
    made.push({ width: email, format: image.fallback });
  return made;
}

function encoder(format: ImageFormat, pipeline: Sharp): Sharp {
  switch (format) {
    case 'avif':
      return pipeline.avif({ quality: 52, effort: 2 });
    case 'webp':
      return pipeline.webp({ quality: 76, effort: 3 });
    case 'jpg':
      return pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true });
    case 'png':
      return pipeline.png({ compressionLevel: 9, palette: false });
  }
}

/**
 * Writes every variant of `image` from `source` into `dir/<hash>/`, each file written beside and
 * renamed so a reader never gets half of one. Rejects when sharp cannot decode the source.
 */
export async function makeVariants(source: string, image: ImageVariants, dir: string) {
  const bytes = fs.readFileSync(source);
  // Variants are cached for a year under this hash: never from other bytes than the hash names.
  if (hashOf(bytes) !== image.hash) throw new Error('the file changed since it was registered');
  const decoded = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    // Inside, not fill: a picture whose header hid its orientation is never squashed.
    .resize({ width: image.width, height: image.height, fit: 'inside' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = decoded.info;
  const folder = path.join(dir, image.hash);
  fs.mkdirSync(folder, { recursive: true });
  for (const variant of variantsToMake(image)) {
    const file = variantFile(dir, image.hash, variant.width, variant.format);
    if (fs.existsSync(file)) continue;
    const resized = sharp(decoded.data, { raw: { width, height, channels } }).resize({
      width: variant.width,
    });
    const bytes = await encoder(variant.format, resized).toBuffer();
    const temporary = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, file);
  }
}
