/**
 * Every page of the site, rendered on the server. Anonymous HTML is the same for every visitor
 * (the header's account area resolves in the browser), so it is public for a minute and served
 * stale while revalidating, kept rendered in memory per path, content version and build, and
 * never sets a cookie. Pages that depend on the session, and anything rendered for an admin
 * (who sees drafts), are private and never stored.
 */
import { createHash } from 'node:crypto';
import type { PageRenderer } from '@quillpost/domain';
import { Router, type Request, type Response } from 'express';
import { PRIVATE_NO_STORE, PUBLIC_CACHE } from '../content/routes.js';
import type { ContentService } from '../content/service.js';
import { viewerOf } from '../content/visibility.js';
import { contentReaderFor } from './content-reader.js';
import type { PageHost } from './page-host.js';

interface CachedPage {
  status: number;
  html: string;
  etag: string;
}

/** Query strings come from anyone: past this many, pages render per request until the next version. */
const CACHE_MAX_ENTRIES = 1_000;

/** Paths that are never pages: the API, its verification link and the development mailbox. */
const NOT_PAGES = /^\/(?:api\/|verify$|dev\/)/;

function etagOf(html: string): string {
  return `"${createHash('sha1').update(html).digest('base64url')}"`;
}

export function pageRoutes(host: PageHost, content: ContentService): Router {
  const publicPages = host.rendererFor(contentReaderFor(content, { canSeeUnpublished: false }));
  const previewPages = host.rendererFor(contentReaderFor(content, { canSeeUnpublished: true }));
  const cache = new Map<string, CachedPage>();
  let cacheVersion = '';

  async function render(renderer: PageRenderer, req: Request, res: Response) {
    const page = await renderer.render(req.originalUrl);
    if (page.kind === 'redirect') {
      res.redirect(page.status, page.location);
      return null;
    }
    return page;
  }

  function send(req: Request, res: Response, page: CachedPage, cacheControl: string) {
    res.set('Cache-Control', cacheControl);
    res.set('ETag', page.etag);
    res.status(page.status).type('html');
    // Express answers 304 itself when If-None-Match matches, but only for a 2xx.
    res.send(req.method === 'HEAD' ? undefined : page.html);
  }

  const router = Router();
  router.use(host.assets);
  router.get(/.*/, async (req, res, next) => {
    if (NOT_PAGES.test(req.path) || !req.accepts('html')) return next();
    const viewer = viewerOf(req);

    if (viewer.canSeeUnpublished) {
      const page = await render(previewPages, req, res);
      if (page) send(req, res, { ...page, etag: etagOf(page.html) }, PRIVATE_NO_STORE);
      return;
    }

    const version = `${host.build}:${content.version()}`;
    if (version !== cacheVersion) {
      cache.clear();
      cacheVersion = version;
    }
    const cached = cache.get(req.originalUrl);
    if (cached) return send(req, res, cached, PUBLIC_CACHE);

    const page = await render(publicPages, req, res);
    if (!page) return;
    const entry = { status: page.status, html: page.html, etag: etagOf(page.html) };
    if (page.personal) return send(req, res, entry, PRIVATE_NO_STORE);
    if (host.build !== null && cache.size < CACHE_MAX_ENTRIES) cache.set(req.originalUrl, entry);
    send(req, res, entry, PUBLIC_CACHE);
  });
  return router;
}
