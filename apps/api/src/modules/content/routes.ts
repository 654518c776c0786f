import { createHash } from 'node:crypto';
import {
  BOOK_LISTS,
  bookListQuerySchema,
  postListQuerySchema,
  searchQuerySchema,
} from '@quillpost/domain';
import { Router, type Request, type Response } from 'express';
import { AppError } from '../../http/errors.js';
import { validate } from '../../http/validate.js';
import type { ContentService, JsonBody, Viewer } from './service.js';
import { viewerOf } from './visibility.js';

/**
 * A minute fresh, then served stale for up to ten while revalidating: content changes when the owner
 * pushes, and the ETag makes each revalidation a cheap 304.
 */
export const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';
/** Drafts must never land in a shared cache, and `refresh=true` asks for no caching at all. */
export const PRIVATE_NO_STORE = 'private, no-store';

function sendJson(
  res: Response,
  result: JsonBody | undefined,
  viewer: Viewer,
  options: { noStore?: boolean } = {},
) {
  if (!result) throw new AppError(404, 'NOT_FOUND');
  res.set(
    'Cache-Control',
    viewer.canSeeUnpublished || options.noStore ? PRIVATE_NO_STORE : PUBLIC_CACHE,
  );
  // Set before send, so Express compares it with If-None-Match and answers 304 without hashing.
  res.set('ETag', result.etag);
  res.type('application/json').send(result.body);
}

function slugParam(req: Request): string {
  const slug = String(req.params.slug ?? '');
  if (!/^[a-z0-9~-]{1,200}$/.test(slug)) throw new AppError(404, 'NOT_FOUND');
  return slug;
}

/** The read endpoints of issue 5, mounted under /api. Shapes: packages/domain contracts/content.ts. */
export function contentRoutes(content: ContentService): Router {
  const router = Router();

  router.get('/posts', (req, res) => {
    const query = validate(postListQuerySchema, req.query);
    const viewer = viewerOf(req);
    sendJson(res, content.posts(viewer, query.category), viewer, {
      noStore: query.refresh === 'true',
    });
  });

  router.get('/posts/:id', (req, res) => {
    const viewer = viewerOf(req);
    const id = String(req.params.id);
    if (id.length > 200) throw new AppError(404, 'NOT_FOUND');
    sendJson(res, content.post(id, viewer), viewer, { noStore: req.query.refresh === 'true' });
  });

  router.get('/journal', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.journal(viewer), viewer);
  });
  router.get('/journal/:slug', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.journalEntry(slugParam(req), viewer), viewer);
  });

  router.get('/poetry', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.poems(viewer), viewer);
  });
  router.get('/poetry/:slug', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.poem(slugParam(req), viewer), viewer);
  });

  router.get('/books', (req, res) => {
    const query = validate(bookListQuerySchema, req.query);
    const viewer = viewerOf(req);
    let statuses: readonly string[] | undefined = query.list ? BOOK_LISTS[query.list] : undefined;
    if (query.status) {
      statuses = statuses ? statuses.filter((status) => status === query.status) : [query.status];
    }
    sendJson(res, content.books(viewer, { statuses }), viewer);
  });
  router.get('/books/:slug', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.book(slugParam(req), viewer), viewer);
  });

  router.get('/projects', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.projects(viewer), viewer);
  });
  router.get('/projects/:slug', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.project(slugParam(req), viewer), viewer);
  });

  router.get('/now', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.now(viewer), viewer);
  });
  router.get('/now/archives', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.nowArchives(viewer), viewer);
  });
  router.get('/now/archives/:slug', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.nowArchive(slugParam(req), viewer), viewer);
  });

  router.get('/categories', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.categories(viewer), viewer);
  });

  router.get('/links', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.links(viewer), viewer);
  });

  router.get('/pages/:slug', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.page(slugParam(req), viewer), viewer);
  });

  router.get('/search', (req, res) => {
    const { q } = validate(searchQuerySchema, req.query);
    const viewer = viewerOf(req);
    const body = JSON.stringify(content.search(q, viewer));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    sendJson(res, { body, etag }, viewer);
  });

  return router;
}
