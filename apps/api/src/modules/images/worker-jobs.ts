/**
 * What the image worker does, and the only code that loads sharp: image-worker.ts runs these in
 * a process of its own at a low priority, so decoding and encoding never take the server's
 * threads (worker-process.ts). Each job is what the server asks; its answer is plain data.
 */
import fs from 'node:fs';
import { MAX_IMAGE_EDGE, type ImageFormat, type ImageVariants } from '@quillpost/domain';
import sharp, { type OverlayOptions, type Sharp } from 'sharp';
import { writeAtomically } from '../../folder-files.js';
import {
  hashOf,
  MAX_IMAGE_PIXELS,
  variantFile,
  variantsToMake,
  type VariantName,
} from './variants.js';

// One libvips thread: the worker does one job at a time, and the other core stays with readers.
sharp.concurrency(1);

/** The formats an upload is kept in: its own, HEIF's AV1 kept as AVIF. */
export type UploadFormat = 'jpeg' | 'png' | 'webp' | 'avif';

/** What a file's header says it is, before a pixel is decoded. */
export interface ImageHeader {
  format?: string;
  compression?: string;
  width?: number;
  height?: number;
}

/** A picture laid over a drawing (a preview card's right side), cut to cover its box. */
export interface PictureBox {
  file: string;
  left: number;
  top: number;
  width: number;
  height: number;
}

export type ImageJob =
  /** Every variant of an image (variants.ts) written into `dir/<hash>/`. */
  | { kind: 'variants'; source: string; image: ImageVariants; dir: string }
  /** One variant of an image, the one a reader asks for, written into `dir/<hash>/`. */
  | { kind: 'variant'; source: string; image: ImageVariants; dir: string; variant: VariantName }
  /** The header of an upload waiting in `file`. */
  | { kind: 'inspect'; file: string }
  /** An upload upright, without metadata, at most MAX_IMAGE_EDGE, in its own format, into `into`. */
  | { kind: 'normalise'; file: string; format: UploadFormat; into: string }
  /** A drawing as a PNG `width` wide on white (mail clients that show no SVG), into `file`. */
  | { kind: 'rendition'; svg: Buffer; width: number; file: string }
  /** An SVG as a PNG into `file`, with a picture over part of it when there is one. */
  | { kind: 'card'; svg: string; picture?: PictureBox; file: string }
  /** A square PNG of a mark, drawn at the resolution its size needs. */
  | { kind: 'icon'; svg: string; size: number };

/** An upload as the worker left it: upright, without metadata, its size and hash (hashOf). */
export interface NormalisedUpload {
  width: number;
  height: number;
  hash: string;
}

export interface ImageJobAnswers {
  variants: void;
  variant: void;
  inspect: ImageHeader;
  normalise: NormalisedUpload;
  rendition: void;
  card: void;
  icon: Buffer;
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
 * Decoded once, turned upright by its EXIF orientation, converted to sRGB and capped at 2400 px;
 * then each width in each format (or only the ones asked for). sharp writes no metadata unless
 * asked, so no variant carries EXIF, GPS, XMP or IPTC. Rejects when the source cannot be decoded.
 */
async function makeVariants(
  source: string,
  image: ImageVariants,
  dir: string,
  variants: VariantName[] = variantsToMake(image),
) {
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
  for (const variant of variants) {
    const file = variantFile(dir, image.hash, variant.width, variant.format);
    if (fs.existsSync(file)) continue;
    const resized = sharp(decoded.data, { raw: { width, height, channels } }).resize({
      width: variant.width,
    });
    writeAtomically(file, await encoder(variant.format, resized).toBuffer());
  }
}

async function inspect(file: string): Promise<ImageHeader> {
  const { format, compression, width, height } = await sharp(file, {
    limitInputPixels: false,
  }).metadata();
  return { format, compression, width, height };
}

async function normalise(
  file: string,
  format: UploadFormat,
  into: string,
): Promise<NormalisedUpload> {
  // failOn stays sharp's default for input nobody vouches for ('warning'): a file cut short,
  // even one closed again with an end marker, is refused rather than kept as a grey picture.
  const { data, info } = await sharp(file, { limitInputPixels: MAX_IMAGE_PIXELS })
    .rotate()
    .resize({
      width: MAX_IMAGE_EDGE,
      height: MAX_IMAGE_EDGE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toFormat(format, { quality: 90 })
    .toBuffer({ resolveWithObject: true });
  // Hashed as it is written, not read back.
  await fs.promises.writeFile(into, data);
  return { width: info.width, height: info.height, hash: hashOf(data) };
}

async function rendition(svg: Buffer, width: number, file: string) {
  const png = await sharp(svg, { density: 288 })
    .resize({ width, withoutEnlargement: false })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeAtomically(file, png);
}

/** The picture cut to its box (upright, no metadata); null when it cannot be read. */
async function pictureLayer(box: PictureBox): Promise<OverlayOptions | null> {
  try {
    const input = await sharp(box.file, { limitInputPixels: MAX_IMAGE_PIXELS })
      .rotate()
      .resize(box.width, box.height, { fit: 'cover', position: sharp.strategy.attention })
      .png()
      .toBuffer();
    return { input, left: box.left, top: box.top };
  } catch {
    return null;
  }
}

async function card(svg: string, picture: PictureBox | undefined, file: string) {
  const layer = picture ? await pictureLayer(picture) : null;
  const png = await sharp(Buffer.from(svg))
    .composite(layer ? [layer] : [])
    .png({ compressionLevel: 9 })
    .toBuffer();
  writeAtomically(file, png);
}

async function icon(svg: string, size: number): Promise<Buffer> {
  const { width = 32, height = 32 } = await sharp(Buffer.from(svg)).metadata();
  const density = Math.min(2400, (72 * size) / Math.min(width, height));
  return sharp(Buffer.from(svg), { density })
    .resize(size, size, { fit: 'contain', background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer();
}

export async function doImageJob(job: ImageJob): Promise<ImageJobAnswers[ImageJob['kind']]> {
  switch (job.kind) {
    case 'variants':
      return makeVariants(job.source, job.image, job.dir);
    case 'variant':
      return makeVariants(job.source, job.image, job.dir, [job.variant]);
    case 'inspect':
      return inspect(job.file);
    case 'normalise':
      return normalise(job.file, job.format, job.into);
    case 'rendition':
      return rendition(job.svg, job.width, job.file);
    case 'card':
      return card(job.svg, job.picture, job.file);
    case 'icon':
      return icon(job.svg, job.size);
  }
}
