/**
 * Mounts the members, community, moderation and admin endpoints from the domain's route table:
 * each route gets `requirePermission(route.permission)` before its handler, so the permission a
 * route checks is the one the table (and the permission-matrix test) says.
 */
import { MEMBER_API_ROUTES, type MemberApiRouteName } from '@quillpost/domain';
import type { Request, RequestHandler, Response, Router } from 'express';
import { requirePermission } from './middleware.js';

export type RouteHandler = (req: Request, res: Response) => void | Promise<void>;
export type MountRoute = (name: MemberApiRouteName, handler: RouteHandler) => void;

const noStore: RequestHandler = (_req, res, next) => {
  // Everything here is personal or staff-only: never kept by a browser or proxy cache.
  res.set('Cache-Control', 'no-store');
  next();
};

/** A `mount(name, handler)` for one router; `onMount` hears each mounted name (for tests). */
export function routeMounter(
  router: Router,
  onMount?: (name: MemberApiRouteName) => void,
): MountRoute {
  return (name, handler) => {
    const route = MEMBER_API_ROUTES[name];
    const method = route.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
    router[method](route.path, requirePermission(route.permission), noStore, handler);
    onMount?.(name);
  };
}
