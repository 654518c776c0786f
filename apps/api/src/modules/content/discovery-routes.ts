import path from 'node:path';
import express, { Router, type Response } from 'express';
import type { Env } from '../../env.js';
import { AppError } from '../../http/errors.js';
import {
  renderAtom,
  renderJsonFeed,
  renderRobots,
  renderRss,
  renderSitemap,
  type FeedSite,
  type SitemapEntry,
} from './feeds.js';
import type { ContentRow } from './queries.js';
import { PUBLIC_CACHE } from './routes.js';
import type { ContentService } from './service.js';

const PUBLIC_VIEWER = { canSeeUnpublished: false } as const;

/** Client routes of spec section 2 that are public pages worth indexing. */
const STATIC_PAGES = [
  '/',
  '/start',
  '/now',
  '/blog',
  '/journal',
  '/poetry',
  '/bookshelf',
  '/list',
  '/projects',
  '/build',
  '/learn',
  '/write',
  '/links',
  '/contact',
  '/privacy',
  '/tos',
];

function send(res: Response, type: string, body: string) {
  // Express adds the ETag and answers If-None-Match with 304.
  res.set('Cache-Control', PUBLIC_CACHE).type(type).send(body);
}

function lastmod(row: ContentRow): string {
  return row.updated_at && row.updated_at > row.published_at ? row.updated_at : row.published_at;
}

/**
 * Feeds, sitemap, robots.txt and content images, mounted at the root before the SPA fallback
 * (which would otherwise answer browsers with index.html). Feeds never carry drafts or scheduled
 * posts, whoever asks. Per-category feeds live beside the category page:
 * /category/{category}/rss.xml, /category/{category}/atom.xml and /category/{category}/feed.json.
 */
export function discoveryRoutes(
  env: Pick<Env, 'PUBLIC_URL' | 'SITE_NAME' | 'CONTENT_DIR'>,
  content: ContentService,
): Router {
  const router = Router();
  const base = env.PUBLIC_URL.replace(/\/+$/, '');

  function site(category: string | undefined, file: string): FeedSite {
    const description = content.siteDescription() ?? `Writing from ${env.SITE_NAME}`;
    if (!category) {
      return { base, title: env.SITE_NAME, description, selfPath: `/${file}`, homePath: '/' };
    }
    const name = category.charAt(0).toUpperCase() + category.slice(1).replace(/-/g, ' ');
    return {
      base,
      title: `${env.SITE_NAME}: ${name}`,
      description,
      selfPath: `/category/${category}/${file}`,
      homePath: `/category/${category}`,
    };
  }

  function rowsFor(category: string | undefined): ContentRow[] {
    if (category !== undefined && !/^[a-z0-9-]{1,100}$/.test(category)) {
      throw new AppError(404, 'NOT_FOUND');
    }
    const rows = content.postRows(PUBLIC_VIEWER, category);
    if (category && rows.length === 0) throw new AppError(404, 'NOT_FOUND');
    return rows;
  }

  const feeds = {
    'rss.xml': (category?: string) => ({
      type: 'application/rss+xml; charset=utf-8',
      body: renderRss(site(category, 'rss.xml'), rowsFor(category), content.nowIso()),
    }),
    'atom.xml': (category?: string) => ({
      type: 'application/atom+xml; charset=utf-8',
      body: renderAtom(site(category, 'atom.xml'), rowsFor(category), content.nowIso()),
    }),
    'feed.json': (category?: string) => ({
      type: 'application/feed+json; charset=utf-8',
      body: JSON.stringify(renderJsonFeed(site(category, 'feed.json'), rowsFor(category))),
    }),
  };

  for (const [file, render] of Object.entries(feeds)) {
    router.get(`/${file}`, (_req, res) => {
      const { type, body } = render();
      send(res, type, body);
    });
    router.get(`/category/:category/${file}`, (req, res) => {
      const { type, body } = render(String(req.params.category));
      send(res, type, body);
    });
  }

  router.get('/sitemap.xml', (_req, res) => {
    const entries: SitemapEntry[] = STATIC_PAGES.map((page) => ({ path: page }));
    const posts = content.postRows(PUBLIC_VIEWER);
    for (const category of new Set(posts.map((row) => row.category))) {
      entries.push({ path: `/category/${category}` });
    }
    for (const row of posts) entries.push({ path: `/posts/${row.slug}`, lastmod: lastmod(row) });
    for (const row of content.rows('book')) {
      entries.push({ path: `/books/${row.slug}`, lastmod: lastmod(row) });
    }
    for (const row of content.rows('project')) {
      entries.push({ path: `/projects/${row.slug}`, lastmod: lastmod(row) });
    }
    for (const row of content.rows('now').slice(1)) {
      entries.push({ path: `/nowArchives/${row.slug}`, lastmod: lastmod(row) });
    }
    send(res, 'application/xml; charset=utf-8', renderSitemap(base, entries));
  });

  router.get('/robots.txt', (_req, res) => {
    send(res, 'text/plain; charset=utf-8', renderRobots(base));
  });

  // Images the owner keeps beside the Markdown. Names are not content-hashed, so a day's cache with
  // revalidation; SVGs get a CSP that forbids scripts, in case one ever carries some.
  router.use(
    '/content/images',
    express.static(path.join(env.CONTENT_DIR, 'images'), {
      index: false,
      dotfiles: 'ignore',
      maxAge: '1d',
      setHeaders: (res) => {
        res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
      },
    }),
    (_req, _res, next) => next(new AppError(404, 'NOT_FOUND')),
  );

  return router;
}
