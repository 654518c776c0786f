/**
 * Drawings as mail can show them (issue 26): many mail clients (Gmail, Outlook) do not show SVG,
 * so a newsletter's SVG is sent as a PNG rendition at twice the mail's width, drawn by sharp
 * (librsvg) in the image worker once per drawing, however many readers ask for it at once, and
 * kept on disk by the hash of its bytes.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { EMAIL_IMAGE_WIDTH, type ImageVariants } from '@quillpost/domain';
import { plainVariant } from './picture.js';
import { contentImagePath, imageFilePath } from './sources.js';
import { isWorkerFault, type ImageWorker } from './worker-process.js';

/** `/content/images/<drawing>.svg.png`: the rendition's address beside the drawing's. */
export const RENDITION_SUFFIX = '.png';
const RENDITION_WIDTH = EMAIL_IMAGE_WIDTH * 2;

/** The drawing a rendition's path names, or null when it names none. */
export function drawingOfRendition(relative: string): string | null {
  return /\.svg\.png$/i.test(relative) ? relative.slice(0, -RENDITION_SUFFIX.length) : null;
}

/**
 * The rendition's PNG file, drawn now when missing; null when there is no such drawing or it
 * cannot be drawn. Rejects with the worker's refusal when the worker, not the drawing, failed.
 */
export async function svgRendition(
  worker: Pick<ImageWorker, 'rendition'>,
  contentDir: string,
  renditionsDir: string,
  drawing: string,
): Promise<string | null> {
  const source = imageFilePath(contentDir, drawing);
  const stat = source ? fs.statSync(source, { throwIfNoEntry: false }) : undefined;
  const bytes = source && stat?.isFile() ? fs.readFileSync(source) : null;
  if (!bytes) return null;
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 32);
  const file = path.join(renditionsDir, `${hash}-${RENDITION_WIDTH}.png`);
  if (fs.existsSync(file)) return file;
  try {
    await worker.rendition(bytes, RENDITION_WIDTH, file);
  } catch (error) {
    if (isWorkerFault(error)) throw error;
    return null;
  }
  return file;
}

/** An image as a newsletter shows it: its site path, and its size when known. */
export interface MailImage {
  path: string;
  width: number;
  height: number | null;
}

/**
 * The featured image of an item, as a mail shows it: a photo's variant at the mail's width, a
 * drawing's PNG rendition, a GIF as it is, another address untouched.
 */
export function mailImage(url: string, variants: ImageVariants | null): MailImage {
  if (variants) {
    const { src, width, height } = plainVariant(variants, EMAIL_IMAGE_WIDTH);
    return { path: src, width, height };
  }
  const relative = contentImagePath(url);
  if (!relative) return { path: url, width: EMAIL_IMAGE_WIDTH, height: null };
  const path = `/content/images/${relative.split('/').map(encodeURIComponent).join('/')}`;
  return {
    path: /\.svg$/i.test(relative) ? `${path}${RENDITION_SUFFIX}` : path,
    width: EMAIL_IMAGE_WIDTH,
    height: null,
  };
}
