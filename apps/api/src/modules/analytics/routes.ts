import { FEED_FILES } from '@quillpost/domain';
import { Router } from 'express';
import type { Env } from '../../env.js';
import type { Collector } from './collector.js';

/** The site's feeds, wherever they live: /rss.xml, /journal/atom.xml, /category/x/feed.json. */
const FEED = new RegExp(
  `/(?:${Object.values(FEED_FILES)
    .map((file) => file.replace('.', '\\.'))
    .join('|')})$`,
);

/**
 * Feed fetches, counted per feed and reader once answered (a 304 is a fetch too), when analytics
 * is on. Mounted before the feeds themselves.
 */
export function feedFetchCounter(
  deps: { env: Pick<Env, 'ANALYTICS'> },
  collector: Collector,
): Router {
  const router = Router();
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
