import { createHash } from 'node:crypto';
import { Router } from 'express';
import type { Db } from '../../db/connection.js';
import { siteIdentity } from './identity.js';
import { faviconSvg } from './mark.js';
import { previewCard } from './preview-card.js';

/**
 * /favicon.svg and /og-default.png (the preview card of pages without their own), drawn from the
 * site's title, tagline and accent (site.yml), so they change with them.
 */
export function siteRoutes(db: Db, cardsDir: string): Router {
  const router = Router();
  router.get('/og-default.png', async (req, res) => {
    const site = siteIdentity(db);
    const card = await previewCard(cardsDir, site, { eyebrow: site.tagline, title: site.title });
    const etag = `"${card.key}"`;
    res.set({ 'Cache-Control': 'public, max-age=300', ETag: etag });
    if (req.get('If-None-Match') === etag) return res.status(304).end();
    res.type('image/png').send(card.png);
  });
  router.get('/favicon.svg', (req, res) => {
    const svg = faviconSvg(siteIdentity(db));
    const etag = `"${createHash('sha1').update(svg).digest('base64url')}"`;
    res.set({ 'Cache-Control': 'public, max-age=300', ETag: etag });
    if (req.get('If-None-Match') === etag) return res.status(304).end();
    res.type('image/svg+xml').send(svg);
  });
  return router;
}
