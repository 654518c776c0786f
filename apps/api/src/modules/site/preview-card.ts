/**
 * Link-preview cards (og:image, 1200 × 630 PNG): a page's title on the site's paper, its kind
 * above it, the site's title and mark below, in the site's accent. Drawn from an SVG by sharp
 * (librsvg, with the fonts the system has: the image installs DejaVu) in the image worker's
 * process, and kept on disk by the hash of what was drawn, so a card is drawn once per title,
 * site and accent.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BRAND_LIGHT, escapeHtml, inkOn, type SiteIdentity } from '@quillpost/domain';
import { besideDatabase } from '../../db/connection.js';
import type { Env } from '../../env.js';
import type { ImageWorker } from '../images/index.js';
import { initialsOf } from './mark.js';

/** Where drawn cards are kept: beside the database, in `cards/`. */
export function previewCardsDir(env: Pick<Env, 'DATABASE_PATH'>): string {
  return besideDatabase(env.DATABASE_PATH, 'cards');
}

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

export interface CardText {
  /** What the page is: 'Journal', 'A poem'; the site's tagline on the site's own card. */
  eyebrow: string;
  title: string;
  /** The page's picture (a file under CONTENT_DIR/images): the card's right side shows it. */
  picture?: string;
}

/** With a picture, it fills the card's right side and the words keep to the left. */
const PICTURE_WIDTH = 440;

// Glyphs the card's fonts lack (emoji, pictographs) would draw as boxes.
const UNDRAWABLE = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;

/**
 * `text` in lines of at most `perLine` characters, broken between words, at most `maxLines` of
 * them; what does not fit ends in an ellipsis.
 */
export function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const pieces =
      word.length > perLine ? (word.match(new RegExp(`.{1,${perLine}}`, 'gu')) ?? []) : [word];
    for (const piece of pieces) {
      if (line && line.length + 1 + piece.length > perLine) {
        lines.push(line);
        line = piece;
      } else line = line ? `${line} ${piece}` : piece;
    }
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/\s*\S*$/, '')}…`;
  return kept;
}

export function cardSvg(site: Pick<SiteIdentity, 'title' | 'accent'>, text: CardText): string {
  const title = text.title.replace(UNDRAWABLE, '').trim() || site.title;
  const measure = text.picture ? 1000 - PICTURE_WIDTH : 1000;
  // Long titles get smaller type: every one fits in four lines across the card.
  const size = text.picture
    ? title.length <= 24
      ? 66
      : title.length <= 60
        ? 52
        : 42
    : title.length <= 36
      ? 84
      : title.length <= 80
        ? 66
        : 52;
  // Bold serif runs about 0.6 em a character: the lines stay inside the card's margins.
  const lines = wrap(title, Math.floor(measure / (size * 0.6)), text.picture ? 5 : 4);
  const initials = initialsOf(site.title) || '·';
  const serif = "DejaVu Serif, Georgia, 'Times New Roman', serif";
  const sans = 'DejaVu Sans, Arial, sans-serif';
  const top = 190;
  const titleLines = lines
    .map(
      (line, index) =>
        `<text x="96" y="${top + 40 + index * size * 1.18}" font-family="${serif}" font-size="${size}" font-weight="bold" fill="${BRAND_LIGHT.text}">${escapeHtml(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${BRAND_LIGHT.bg}"/>
<rect width="${CARD_WIDTH}" height="18" fill="${escapeHtml(site.accent)}"/>
<text x="96" y="140" font-family="${sans}" font-size="26" font-weight="bold" letter-spacing="3" fill="${BRAND_LIGHT.muted}">${escapeHtml(text.eyebrow.replace(UNDRAWABLE, '').toUpperCase().slice(0, 60))}</text>
${titleLines}
<text x="96" y="560" font-family="${sans}" font-size="30" fill="${BRAND_LIGHT.muted}">${escapeHtml(site.title.replace(UNDRAWABLE, '').slice(0, text.picture ? 36 : 60))}</text>
${
  text.picture
    ? ''
    : `<circle cx="1072" cy="536" r="56" fill="${escapeHtml(site.accent)}"/>
<text x="1072" y="${initials.length > 1 ? 550 : 556}" text-anchor="middle" font-family="${serif}" font-size="${initials.length > 1 ? 40 : 56}" fill="${inkOn(site.accent, BRAND_LIGHT.text, '#ffffff')}">${escapeHtml(initials)}</text>`
}
</svg>`;
}

/**
 * The card as PNG bytes: from `dir` when this exact card was drawn before, else drawn now by the
 * image worker and kept there. `background`: nobody waits for it (the card painter), so the
 * worker keeps to idle moments.
 */
export async function previewCard(
  worker: Pick<ImageWorker, 'card'>,
  dir: string,
  site: Pick<SiteIdentity, 'title' | 'accent'>,
  text: CardText,
  options: { background?: boolean } = {},
): Promise<{ png: Buffer; key: string }> {
  const svg = cardSvg(site, text);
  const picture = text.picture && fs.statSync(text.picture, { throwIfNoEntry: false });
  // What was drawn names the card: its file, and the ETag of the answer that sends it.
  const key = createHash('sha256')
    .update(svg)
    .update(picture ? `${text.picture}\0${picture.size}\0${picture.mtimeMs}` : '')
    .digest('hex')
    .slice(0, 32);
  const file = path.join(dir, `${key}.png`);
  if (!fs.existsSync(file)) {
    // The picture cut to the card's right side, upright and without metadata.
    const box = picture
      ? {
          file: text.picture!,
          left: CARD_WIDTH - PICTURE_WIDTH,
          top: 0,
          width: PICTURE_WIDTH,
          height: CARD_HEIGHT,
        }
      : undefined;
    await worker.card(svg, file, box, options);
  }
  return { png: fs.readFileSync(file), key };
}
