import { createHash } from 'node:crypto';
import { BOOK_LISTS } from '@quillpost/domain';
import { Router, type Response } from 'express';
import { AppError } from '../../http/errors.js';
import { endpointMounter } from '../../http/endpoints.js';
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

/** A slug that cannot name an item is simply not found (never a 400 a crawler would keep). */
function slugOf(params: { slug: string }): string {
  if (!/^[a-z0-9~-]{1,200}$/.test(params.slug)) throw new AppError(404, 'NOT_FOUND');
  return params.slug;
}

/** The read endpoints of issue 5 (spec section 7), as the catalogue declares them. */
export function contentRoutes(content: ContentService): Router {
  const router = Router();
  const mount = endpointMounter(router);

  mount('posts', (req, res, { query }) => {
    const viewer = viewerOf(req);
    sendJson(res, content.posts(viewer, query.category), viewer, {
      noStore: query.refresh === 'true',
    });
  });

  mount('post', (req, res, { params: { id }, query }) => {
    const viewer = viewerOf(req);
    if (id.length > 200) throw new AppError(404, 'NOT_FOUND');
    sendJson(res, content.post(id, viewer), viewer, { noStore: query.refresh === 'true' });
  });

  mount('journal', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.journal(viewer), viewer);
  });
  mount('journalEntry', (req, res, { params }) => {
    const viewer = viewerOf(req);
    sendJson(res, content.journalEntry(slugOf(params), viewer), viewer);
  });

  mount('poems', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.poems(viewer), viewer);
  });
  mount('poem', (req, res, { params }) => {
    const viewer = viewerOf(req);
    sendJson(res, content.poem(slugOf(params), viewer), viewer);
  });

  mount('books', (req, res, { query }) => {
    const viewer = viewerOf(req);
    let statuses: readonly string[] | undefined = query.list ? BOOK_LISTS[query.list] : undefined;
    if (query.status) {
      statuses = statuses ? statuses.filter((status) => status === query.status) : [query.status];
    }
    sendJson(res, content.books(viewer, { statuses }), viewer);
  });
  mount('book', (req, res, { params }) => {
    const viewer = viewerOf(req);
    sendJson(res, content.book(slugOf(params), viewer), viewer);
  });

  mount('projects', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.projects(viewer), viewer);
  });
  mount('project', (req, res, { params }) => {
    const viewer = viewerOf(req);
    sendJson(res, content.project(slugOf(params), viewer), viewer);
  });

  mount('now', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.now(viewer), viewer);
  });
  mount('nowArchives', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.nowArchives(viewer), viewer);
  });
  mount('nowArchive', (req, res, { params }) => {
    const viewer = viewerOf(req);
    sendJson(res, content.nowArchive(slugOf(params), viewer), viewer);
  });

  mount('categories', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.categories(viewer), viewer);
  });

  mount('links', (req, res) => {
    const viewer = viewerOf(req);
    sendJson(res, content.links(viewer), viewer);
  });

  mount('page', (req, res, { params }) => {
    const viewer = viewerOf(req);
    sendJson(res, content.page(slugOf(params), viewer), viewer);
  });

  mount('search', (req, res, { query: { q } }) => {
    const viewer = viewerOf(req);
    const body = JSON.stringify(content.search(q, viewer));
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    sendJson(res, { body, etag }, viewer);
  });

  return router;
}
