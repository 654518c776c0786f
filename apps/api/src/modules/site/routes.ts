import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { BRAND_LIGHT } from '@quillpost/domain';
import { Router, type Request, type Response } from 'express';
import type { Db } from '../../db/connection.js';
import { INERT_FILE_HEADERS } from '../../http/file-headers.js';
import type { ImageWorker } from '../images/index.js';
import { siteIdentity } from './identity.js';
import { faviconSvg } from './mark.js';
import { previewCard } from './preview-card.js';

/**
 * The PNG renditions of the mark: the tab's (a picture the browser shows as it is, where an SVG
 * would be laid out, text and fonts and all, on the reader's main thread as the page becomes
 * usable: 57 ms on a 4× slowed phone), Apple's touch icon and the manifest's, full-bleed tiles a
 * home screen rounds itself.
 */
const ICONS = {
  'favicon-48.png': { size: 48, square: false },
  'apple-touch-icon.png': { size: 180, square: true },
  'icon-192.png': { size: 192, square: true },
  'icon-512.png': { size: 512, square: true },
} as const;

/** The owner's own mark, when they give one: it replaces the drawn initials everywhere. */
export const OWN_FAVICON = 'images/favicon.svg';

/**
 * /favicon.svg, its PNG renditions, /manifest.webmanifest and /og-default.png (the preview card of
 * pages without their own), drawn from the site's title, tagline and accent (site.yml), so they
 * change with them; the owner's own `images/favicon.svg` in the content folder, when there is one.
 */
export function siteRoutes(
  db: Db,
  cardsDir: string,
  contentDir: string,
  /** Draws the card and the icons, off the server's threads. */
  worker: Pick<ImageWorker, 'card' | 'icon'>,
): Router {
  const router = Router();
  // Read again only when the file changes: a stat per request, not a read.
  const ownFile = path.join(contentDir, OWN_FAVICON);
  let own: { version: string; svg: string } | null = null;
  const ownMark = () => {
    const stat = fs.statSync(ownFile, { throwIfNoEntry: false });
    if (!stat) return null;
    const version = `${stat.mtimeMs}:${stat.size}`;
    if (own?.version !== version) own = { version, svg: fs.readFileSync(ownFile, 'utf8') };
    return own.svg;
  };
  router.get('/og-default.png', async (req, res) => {
    const site = siteIdentity(db);
    const card = await previewCard(worker, cardsDir, site, {
      eyebrow: site.tagline,
      title: site.title,
    });
    const etag = `"${card.key}"`;
    res.set({ 'Cache-Control': 'public, max-age=300', ETag: etag });
    if (req.get('If-None-Match') === etag) return res.status(304).end();
    res.type('image/png').send(card.png);
  });
  router.get('/favicon.svg', (req, res) => {
    const svg = ownMark() ?? faviconSvg(siteIdentity(db));
    if (isFresh(req, res, svg)) return;
    res.set(INERT_FILE_HEADERS).type('image/svg+xml').send(svg);
  });
  // Drawn from the mark on each change of it; a handful of small PNGs, kept in memory.
  const icons = new Map<string, Promise<Buffer>>();
  for (const [name, { size, square }] of Object.entries(ICONS)) {
    router.get(`/${name}`, async (req, res, next) => {
      const svg = ownMark() ?? faviconSvg(siteIdentity(db), { square });
      const key = `${size}:${svg}`;
      if (isFresh(req, res, key)) return;
      if (!icons.has(key)) {
        if (icons.size > 12) icons.clear();
        icons.set(key, worker.icon(svg, size));
      }
      try {
        res.type('image/png').send(await icons.get(key));
      } catch (error) {
        icons.delete(key);
        next(error);
      }
    });
  }
  router.get('/manifest.webmanifest', (req, res) => {
    const site = siteIdentity(db);
    const manifest = JSON.stringify({
      name: site.title,
      short_name: site.title,
      description: site.description,
      lang: site.language,
      start_url: '/',
      scope: '/',
      display: 'minimal-ui',
      background_color: BRAND_LIGHT.bg,
      theme_color: BRAND_LIGHT.bg,
      icons: [
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
      ],
    });
    if (isFresh(req, res, manifest)) return;
    res.type('application/manifest+json').send(manifest);
  });
  return router;
}

/** Sets the cache headers of a drawn file; true (and a 304 sent) when the browser's copy is current. */
function isFresh(req: Request, res: Response, drawnFrom: string): boolean {
  const etag = `"${createHash('sha1').update(drawnFrom).digest('base64url')}"`;
  res.set({ 'Cache-Control': 'public, max-age=300', ETag: etag });
  if (req.get('If-None-Match') !== etag) return false;
  res.status(304).end();
  return true;
}
