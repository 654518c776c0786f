/**
 * Served images: every photo the site shows is a set of variants the server made from the
 * owner's file (rotated upright, stripped of EXIF, GPS, XMP and IPTC, in sRGB), in a few widths
 * and formats, at `/images/<hash>/<width>.<ext>`. The hash is of the source's bytes, so a
 * variant's URL never changes meaning and is cached for good. Zod-free: reading pages use it.
 */

/** The widths a layout picks from; an image narrower than one is never upscaled to it. */
export const IMAGE_WIDTHS = [480, 800, 1200, 1600, 2400] as const;

/** No side of a served image is longer. */
export const MAX_IMAGE_EDGE = 2400;

/** The largest upload the editor sends and the API takes (IMAGE_TOO_LARGE beyond). */
export const MAX_IMAGE_UPLOAD_BYTES = 25 * 1024 * 1024;

/**
 * What the API would answer about a file before it is sent (the message's code), or null when it
 * may go: a type the browser knows that is not an image's (a PDF, a zip) can be nothing else, and
 * past the limit nothing is taken. A file of unknown type goes: the API decodes its bytes.
 */
export function imageUploadRefusal(file: {
  type: string;
  size: number;
}): 'IMAGE_INVALID' | 'IMAGE_TOO_LARGE' | null {
  if (file.type && !file.type.startsWith('image/')) return 'IMAGE_INVALID';
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return 'IMAGE_TOO_LARGE';
  return null;
}

/** What an email shows (a mail is 600 px wide), twice that for sharp screens. */
export const EMAIL_IMAGE_WIDTH = 600;

/** What a feed reader or a link preview (og:image) gets. */
export const SHARED_IMAGE_WIDTH = 1200;

/** The original's format family: JPEG for photos, PNG when the image has transparency. */
export type ImageFallback = 'jpg' | 'png';

export type ImageFormat = 'avif' | 'webp' | ImageFallback;

/** A source image as served: its hash and its size after rotation and the 2400 px cap. */
export interface ImageVariants {
  hash: string;
  width: number;
  height: number;
  fallback: ImageFallback;
}

export const IMAGE_MIME: Record<ImageFormat, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The served size of a `width` × `height` source: the long side capped at 2400 px. */
export function servedSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, MAX_IMAGE_EDGE / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The widths this image is served in, narrowest first; its own width is the last. */
export function variantWidths(image: Pick<ImageVariants, 'width'>): number[] {
  return [...IMAGE_WIDTHS.filter((width) => width < image.width), image.width];
}

/** The width nearest to `wanted` without upscaling. */
export function widthFor(image: Pick<ImageVariants, 'width'>, wanted: number): number {
  return Math.min(wanted, image.width);
}

export function variantUrl(
  image: Pick<ImageVariants, 'hash'>,
  width: number,
  format: ImageFormat,
): string {
  return `/images/${image.hash}/${width}.${format}`;
}

export function variantSrcset(image: ImageVariants, format: ImageFormat): string {
  return variantWidths(image)
    .map((width) => `${variantUrl(image, width, format)} ${width}w`)
    .join(', ');
}

/** The `<source>` elements of a `<picture>`, best format first, then the `<img>` fallback. */
export function pictureSources(image: ImageVariants): {
  sources: Array<{ type: string; srcset: string }>;
  src: string;
  srcset: string;
} {
  return {
    sources: (['avif', 'webp'] as const).map((format) => ({
      type: IMAGE_MIME[format],
      srcset: variantSrcset(image, format),
    })),
    src: variantUrl(image, widthFor(image, 1200), image.fallback),
    srcset: variantSrcset(image, image.fallback),
  };
}

/** A reading column: the article's measure on wide screens, the screen less its margins else. */
export const PROSE_IMAGE_SIZES = '(min-width: 46rem) 42rem, calc(100vw - 2.5rem)';
