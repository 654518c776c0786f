/**
 * The owner's view of the site's audience on the social web (issue 38 item 6): the handle and
 * how many follow it, month by month; who follows, a page at a time; and what became of each
 * recent post's deliveries. Fedify is not loaded for any of it: these read the module's tables.
 */
import { itemPath } from '@quillpost/domain';
import { iso, lastMonths, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import type { ContentService } from '../content/index.js';
import { fullHandle } from '../site/index.js';
import { followerCount, followersAt, followersPage } from './store/account.js';
import { sentArticles } from './store/articles.js';
import { deliveryFigures } from './store/deliveries.js';

export const FOLLOWERS_PAGE_SIZE = 50;

/** The posts whose deliveries the console shows: the newest published that went out. */
export const DELIVERY_POSTS = 20;

export function fediverseAdminRoutes(
  deps: {
    db: Db;
    clock: Clock;
    env: Pick<Env, 'PUBLIC_URL'>;
    content: Pick<ContentService, 'rows'>;
  },
  mount: MountEndpoint,
): void {
  const { db, clock, env, content } = deps;

  mount('adminFediverse', (_req, res) => {
    const months = lastMonths(iso(clock.now()));
    const counts = followersAt(
      db,
      months.map(({ end }) => end),
    );
    res.json({
      success: true,
      handle: fullHandle(db, env.PUBLIC_URL),
      followers: followerCount(db),
      months: months.map(({ month }, index) => ({ month, followers: counts[index]! })),
    });
  });

  mount('adminFediverseFollowers', (_req, res, { query: { page } }) => {
    const rows = followersPage(db, {
      limit: FOLLOWERS_PAGE_SIZE,
      offset: (page - 1) * FOLLOWERS_PAGE_SIZE,
    });
    res.json({
      success: true,
      items: rows.map((row) => ({
        id: row.id,
        handle: row.handle,
        name: row.name ?? row.handle ?? row.actorId,
        url: row.url ?? row.actorId,
        instance: row.host,
        followedAt: row.followedAt,
      })),
      total: followerCount(db),
      page,
      pageSize: FOLLOWERS_PAGE_SIZE,
    });
  });

  mount('adminFediverseDeliveries', (_req, res) => {
    const sent = sentArticles(db);
    const posts = content
      .rows('post')
      .slice(0, DELIVERY_POSTS)
      .map((row) => ({ row, objectId: sent.get(row.id)?.objectId ?? null }));
    const figures = deliveryFigures(
      db,
      posts.flatMap(({ objectId }) => (objectId ? [objectId] : [])),
    );
    res.json({
      success: true,
      // Only posts that went out: an older one, there before any follower, has nothing to say.
      items: posts.flatMap(({ row, objectId }) => {
        const figure = objectId ? figures.get(objectId) : undefined;
        return figure && (figure.deliveredTo > 0 || figure.failures.length > 0)
          ? [{ post: { title: row.title, path: itemPath('post', row.slug) }, ...figure }]
          : [];
      }),
    });
  });
}
