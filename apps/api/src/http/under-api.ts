import type { RequestHandler, Router } from 'express';

const API_PREFIX = '/api/';

/** A layer of Express 5's router (the `router` package); @types/express still describes 4's. */
interface RouterLayer {
  route?: { path: unknown };
  /** What `router.use(path, …)` was given; `/` for a middleware of every path. */
  rawPath?: unknown;
}

/**
 * The API area a path lies in, its first two segments ('/api/posts' of '/api/posts/:slug'),
 * lower-cased as Express matches them.
 */
function areaOf(path: string): string {
  const end = path.indexOf('/', API_PREFIX.length);
  return (end < 0 ? path : path.slice(0, end)).toLowerCase();
}

/**
 * A router whose routes all lie under /api/, as one handler that a request passes with one test
 * unless it is for one of the router's areas: a page request, or a request for /api/posts, would
 * otherwise try each of its routes in turn (the community's router alone has about 80). Refuses,
 * as the app is built, a router that answers anywhere else.
 */
export function underApi(router: Router): RequestHandler {
  const areas = new Set<string>();
  // A route like /api/:anything could answer any area.
  let everyArea = false;
  for (const layer of router.stack as unknown as RouterLayer[]) {
    const path = layer.route ? layer.route.path : layer.rawPath;
    if (typeof path !== 'string' || !path.toLowerCase().startsWith(API_PREFIX)) {
      throw new Error(
        `underApi: a route of this router is not under ${API_PREFIX}: ${path === '/' ? 'a middleware for every path' : String(path)}`,
      );
    }
    const area = areaOf(path);
    if (/[:*?(]/.test(area)) everyArea = true;
    else areas.add(area);
  }
  return (req, res, next) => {
    if (everyArea ? req.path.toLowerCase().startsWith(API_PREFIX) : areas.has(areaOf(req.path))) {
      router(req, res, next);
    } else next();
  };
}
