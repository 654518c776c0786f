import { PAGE_PATHS } from '@quillpost/domain';
import type { RequestHandler, Router } from 'express';

const API_PREFIX = '/api/';
/** A page no API route answers: a middleware of the router that matches it is not the API's. */
const PAGE_PROBE = PAGE_PATHS.home;

/** A layer of Express 5's router (the `router` package); @types/express still describes 4's. */
interface RouterLayer {
  route?: { path: unknown };
  match(path: string): boolean;
}

/**
 * A router whose routes all lie under /api/, as one handler that every other request passes with
 * one test: a page request would otherwise try each of its routes in turn (the community's router
 * alone has about 80). Refuses, as the app is built, a router that answers anywhere else.
 */
export function underApi(router: Router): RequestHandler {
  for (const layer of router.stack as unknown as RouterLayer[]) {
    const path = layer.route?.path;
    const elsewhere =
      typeof path === 'string' ? !path.startsWith(API_PREFIX) : layer.match(PAGE_PROBE);
    if (elsewhere) {
      throw new Error(
        `underApi: a route of this router is not under ${API_PREFIX}: ${typeof path === 'string' ? path : 'a middleware for every path'}`,
      );
    }
  }
  return (req, res, next) => {
    if (req.path.startsWith(API_PREFIX)) router(req, res, next);
    else next();
  };
}
