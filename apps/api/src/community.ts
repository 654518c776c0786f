/**
 * Every members, community, moderation and admin endpoint, mounted from the domain's catalogue
 * (auth's endpoints.ts). Composition, like app.ts, so it sits beside it: the modules it mounts
 * never import it. app.ts mounts the router this returns after the same-site JSON guard.
 */
import type { ApiRouteName } from '@quillpost/domain';
import { Router } from 'express';
import { adminRoutes } from './modules/admin/index.js';
import { bookmarkRoutes } from './modules/bookmarks/index.js';
import { directoryRoutes } from './modules/directory/index.js';
import { discussionRoutes } from './modules/discussions/index.js';
import { eventRoutes } from './modules/events/index.js';
import { moderationRoutes } from './modules/moderation/index.js';
import { endpointMounter } from './http/endpoints.js';
import { accountsByStartPath, requirePermission } from './modules/auth/index.js';
import { subscriptionsByStartPath } from './modules/subscriptions/index.js';
import { memberRoutes } from './modules/members/index.js';
import { notificationRoutes } from './modules/notifications/index.js';
import { writingRoutes } from './modules/writing/index.js';
import { imageUploadRoutes } from './modules/images/index.js';
import { portabilityRoutes } from './modules/portability/index.js';
import { analyticsAdminRoutes, pageTitles } from './modules/analytics/index.js';
import { pageIssueOf } from './modules/newsletter/index.js';
import { createContentService } from './modules/content/index.js';
import { fediverseAdminRoutes, fediverseBlockRoutes } from './modules/fediverse/index.js';
import type { CommunityDeps } from './deps.js';

export function communityRoutes(
  deps: CommunityDeps,
  options: { onMount?: (name: ApiRouteName) => void } = {},
): Router {
  const router = Router();
  const mount = endpointMounter(router, {
    requirePermission,
    noStore: true,
    onMount: options.onMount,
  });
  memberRoutes(deps, mount);
  notificationRoutes(deps, mount);
  directoryRoutes(deps, mount);
  bookmarkRoutes(deps, mount);
  discussionRoutes(deps, mount);
  eventRoutes(deps, mount);
  moderationRoutes(deps, mount);
  adminRoutes(deps, mount);
  writingRoutes(deps, mount);
  imageUploadRoutes(deps, mount);
  portabilityRoutes(deps, mount);
  // Who subscribed and joined where, and what became of a page's newsletter issue: counted by
  // the modules that own those rows.
  analyticsAdminRoutes(
    {
      db: deps.db,
      startPaths: (from, to) => ({
        subscribers: subscriptionsByStartPath(deps.db, from, to),
        members: accountsByStartPath(deps.db, from, to),
      }),
      pageIssue: (path) => pageIssueOf(deps.db, path),
      pageTitle: pageTitles(createContentService(deps)),
    },
    mount,
  );
  // The social web's audience (FEDERATION=off leaves every part of it out).
  if (deps.env.FEDERATION) {
    fediverseAdminRoutes({ ...deps, content: createContentService(deps) }, mount);
    fediverseBlockRoutes(deps, mount);
  }
  return router;
}
