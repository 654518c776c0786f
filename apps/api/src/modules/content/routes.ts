import { Router, type Response } from 'express';
import { AppError } from '../../http/errors.js';
import { endpointMounter } from '../../http/endpoints.js';
import { runRead, type ContentReads, type ReadEndpointName } from './reads.js';
import type { JsonBody, Viewer } from './service.js';
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

const READS: readonly ReadEndpointName[] = [
  'posts',
  'post',
  'postConversation',
  'journalConversation',
  'poemConversation',
  'commentCounts',
  'journal',
  'journalEntry',
  'poems',
  'poem',
  'books',
  'book',
  'projects',
  'project',
  'now',
  'nowArchives',
  'nowArchive',
  'categories',
  'links',
  'page',
  'site',
  'search',
];

/** The read endpoints of issue 5 (spec section 7), each answering from the reads table. */
export function contentRoutes(reads: ContentReads): Router {
  const router = Router();
  const mount = endpointMounter(router);
  for (const name of READS) {
    mount(name, (req, res, input) => {
      const viewer = viewerOf(req);
      // Post lists and posts take `refresh=true` (spec section 7): no caching at all.
      const refresh = (input.query as { refresh?: string }).refresh === 'true';
      sendJson(res, runRead(reads, name, viewer, input), viewer, { noStore: refresh });
    });
  }
  return router;
}
