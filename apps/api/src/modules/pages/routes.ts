/**
 * Every page of the site, rendered on the server. Anonymous HTML is the same for every visitor
 * (the header's account area resolves in the browser), so it is public for a minute and served
 * stale while revalidating, and kept rendered in memory per URL, content version and build.
 * Pages that depend on the session, anything rendered for an admin (who sees drafts), failures,
 * and any answer that must change a cookie are private and never stored.
 */
import { createHash } from 'node:crypto';
import type { RenderedPage } from '@quillpost/domain';
import { Router, type Request, type Response } from 'express';
import type { Logger } from '../../logger.js';
import { contentReaderOver } from '@quillpost/domain';
import {
  PRIVATE_NO_STORE,
  PUBLIC_CACHE,
  contentReads,
  inProcessContentCall,
  viewerOf,
  type ContentService,
} from '../content/index.js';
import type { PageHost } from '../../deps.js';

interface Page {
  status: number;
  html: string;
  etag: string;
}

/** URLs come from anyone (query strings, scanners): the least recently used pages make room. */
const CACHE_MAX_ENTRIES = 500;
/** Only answers that are the same for every visitor and stay right until the content changes. */
const CACHEABLE_STATUSES = new Set([200, 404]);

/** Paths that are never pages: the API, its verification link and the development mailbox. */
const NOT_PAGES = /^\/(?:api\/|verify$|dev\/)/;

function etagOf(html: string): string {
  return `"${createHash('sha1').update(html).digest('base64url')}"`;
}

/** A small LRU: a Map keeps insertion order, so the first key is the least recently used. */
function createPageCache() {
  const pages = new Map<string, Page>();
  let version = '';
  return {
    get(key: string, currentVersion: string): Page | undefined {
      if (currentVersion !== version) {
        pages.clear();
        version = currentVersion;
      }
      const page = pages.get(key);
      if (page) {
        pages.delete(key);
        pages.set(key, page);
      }
      return page;
    },
    /** Keeps a page rendered under `renderedVersion`, unless the content has moved on since. */
    set(key: string, page: Page, renderedVersion: string) {
      if (renderedVersion !== version) return;
      pages.delete(key);
      pages.set(key, page);
      if (pages.size > CACHE_MAX_ENTRIES) pages.delete(pages.keys().next().value!);
    },
  };
}

export function pageRoutes(host: PageHost, content: ContentService, logger: Logger): Router {
  const reads = contentReads(content);
  const rendererFor = (canSeeUnpublished: boolean) =>
    host.rendererFor(contentReaderOver(inProcessContentCall(reads, { canSeeUnpublished })));
  const publicPages = rendererFor(false);
  const previewPages = rendererFor(true);
  const cache = createPageCache();
  // Requests for a page that is being rendered wait for that render instead of starting another.
  const rendering = new Map<string, Promise<RenderedPage>>();

  function renderShared(url: string): Promise<RenderedPage> {
    let pending = rendering.get(url);
    if (!pending) {
      pending = publicPages.render(url).finally(() => rendering.delete(url));
      rendering.set(url, pending);
    }
    return pending;
  }

  function send(res: Response, page: Page, cacheControl: string) {
    // A response that changes a cookie (clearing an expired session) is for this browser only.
    const shared = cacheControl === PUBLIC_CACHE && !res.getHeader('Set-Cookie');
    res.set('Cache-Control', shared ? PUBLIC_CACHE : PRIVATE_NO_STORE);
    res.set('ETag', page.etag);
    // Express answers 304 itself when If-None-Match matches (for a 2xx), and sends no body to HEAD.
    res.status(page.status).type('html').send(page.html);
  }

  /** A redirect, or the page with what the response may say about caching it. */
  function answer(req: Request, res: Response, rendered: RenderedPage) {
    if (rendered.kind === 'redirect') {
      res.redirect(rendered.status, rendered.location);
      return null;
    }
    if (rendered.status >= 500) {
      logger.error({ url: req.originalUrl, error: rendered.error }, 'page failed to render');
    }
    return { status: rendered.status, html: rendered.html, etag: etagOf(rendered.html) };
  }

  const router = Router();
  router.use(host.assets);
  router.get(/.*/, async (req, res, next) => {
    if (NOT_PAGES.test(req.path) || !req.accepts('html')) return next();
    // `//x` would read as a host name to a URL parser; the page meant is `/x`.
    if (req.path.startsWith('//')) {
      const query = req.originalUrl.slice(req.path.length);
      return res.redirect(301, `/${req.path.replace(/^\/+/, '')}${query}`);
    }

    if (viewerOf(req).canSeeUnpublished) {
      const page = answer(req, res, await previewPages.render(req.originalUrl));
      if (page) send(res, page, PRIVATE_NO_STORE);
      return;
    }

    // The footer's year is part of every page, so a new year is a new version too.
    const currentVersion = () =>
      `${host.build}:${content.version()}:${content.nowIso().slice(0, 4)}`;
    const version = currentVersion();
    const cached = host.build === null ? undefined : cache.get(req.originalUrl, version);
    if (cached) return send(res, cached, PUBLIC_CACHE);

    const rendered = await renderShared(req.originalUrl);
    const page = answer(req, res, rendered);
    if (!page || rendered.kind !== 'page') return;
    if (rendered.personal || !CACHEABLE_STATUSES.has(page.status)) {
      return send(res, page, PRIVATE_NO_STORE);
    }
    // A scheduled post may have gone live while this page rendered: then it is already stale.
    if (host.build !== null && currentVersion() === version) {
      cache.set(req.originalUrl, page, version);
    }
    send(res, page, PUBLIC_CACHE);
  });
  return router;
}
