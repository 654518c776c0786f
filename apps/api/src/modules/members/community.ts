/**
 * Every members, community, moderation and admin endpoint, mounted from the domain's route table
 * (see route-table.ts). app.ts mounts the router this returns after the same-site JSON guard.
 */
import type { MemberApiRouteName } from '@quillpost/domain';
import { Router } from 'express';
import { adminRoutes } from '../admin/routes.js';
import { bookmarkRoutes } from '../bookmarks/routes.js';
import { directoryRoutes } from '../directory/routes.js';
import { discussionRoutes } from '../discussions/routes.js';
import { eventRoutes } from '../events/routes.js';
import { moderationRoutes } from '../moderation/routes.js';
import { routeMounter } from './route-table.js';
import { memberRoutes } from './routes.js';
import type { CommunityDeps } from '../../deps.js';

export function communityRoutes(
  deps: CommunityDeps,
  options: { onMount?: (name: MemberApiRouteName) => void } = {},
): Router {
  const router = Router();
  const mount = routeMounter(router, options.onMount);
  memberRoutes(deps, mount);
  directoryRoutes(deps, mount);
  bookmarkRoutes(deps, mount);
  discussionRoutes(deps, mount);
  eventRoutes(deps, mount);
  moderationRoutes(deps, mount);
  adminRoutes(deps, mount);
  return router;
}
