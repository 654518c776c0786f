import { FEED_FILES } from '@quillpost/domain';
import { Router, type Request, type RequestHandler } from 'express';
import type { Env } from '../../env.js';
import { AppError } from '../../http/errors.js';
import { endpointMounter } from '../../http/endpoints.js';
import { clientKey } from '../../http/rate-limit.js';
import { asksNotToBeTracked, isPrefetch, isRobot, readerOf, sourceOf } from './classify.js';
import type { Collector } from './collector.js';

/** Far above what a reader's pages send, far below what a flood does. */
const HITS_PER_MINUTE = 120;

/** Pages of the members area and the API are nobody's reading: never counted. */
const NOT_READING = /^\/(?:api|members|auth)(?:[/?#]|$)/;

/** The site's feeds, wherever they live: /rss.xml, /journal/atom.xml, /category/x/feed.json. */
const FEED = new RegExp(
  `/(?:${Object.values(FEED_FILES)
    .map((file) => file.replace('.', '\\.'))
    .join('|')})$`,
);

/**
 * Per client, in this process's memory: a beacon must cost readers no database write of its own
 * (the hits themselves are written in batches).
 */
function beaconLimit(): RequestHandler {
  let window = 0;
  let counts = new Map<string, number>();
  return (req, _res, next) => {
    const minute = Math.floor(Date.now() / 60_000);
    if (minute !== window) {
      window = minute;
      counts = new Map();
    }
    const key = clientKey(req.ip);
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    next(count > HITS_PER_MINUTE ? new AppError(429, 'RATE_LIMITED') : undefined);
  };
}

export function analyticsRoutes(
  deps: { env: Pick<Env, 'ANALYTICS' | 'PUBLIC_URL' | 'WEB_ORIGIN'> },
  collector: Collector,
  /** Whether the request is the owner's, signed in: their own visits are not readership. */
  isOwner: (req: Request) => boolean,
): Router {
  const router = Router();
  const mount = endpointMounter(router, { noStore: true, limits: { analytics: beaconLimit() } });
  const ownHosts = new Set(
    [deps.env.PUBLIC_URL, deps.env.WEB_ORIGIN].map((url) =>
      new URL(url).hostname.toLowerCase().replace(/^www\./, ''),
    ),
  );

  mount('analyticsHit', (req, res, { body }) => {
    if (!deps.env.ANALYTICS) throw new AppError(404, 'NOT_FOUND');
    const userAgent = req.get('user-agent') ?? '';
    const owner = isOwner(req);
    const counted =
      !owner && !isRobot(userAgent) && !isPrefetch(req) && !NOT_READING.test(body.path);
    if (counted) {
      collector.record(
        { ...body, path: body.path.split(/[?#]/)[0]!, source: sourceOf(body.referrer, ownHosts) },
        readerOf(userAgent),
        asksNotToBeTracked(req) ? null : { address: req.ip ?? '', userAgent },
      );
    }
    res.status(204).end();
  });

  // Feed fetches, counted once answered (a 304 is a fetch too), when analytics is on.
  router.get(FEED, (req, res, next) => {
    if (deps.env.ANALYTICS) {
      res.on('finish', () => {
        if (res.statusCode < 400) collector.recordFeedFetch(req.path, req.get('user-agent') ?? '');
      });
    }
    next();
  });
  return router;
}
