import type { Subscription } from '@quillpost/domain';
import type { RequestHandler, Router } from 'express';
import type { AppDeps } from '../../deps.js';
import { loadSession } from './middleware.js';
import {
  authRoutes,
  createAuthLimiters,
  magicLinkPageRoutes,
  type AuthLimiters,
} from './routes.js';

export interface AuthModuleOptions {
  /** The newsletter subscription of a proven address, shown by /me. */
  subscriptionOf?: (email: string) => Subscription | null;
}

export interface AuthModule {
  /** Mount first: every later router can then ask who is signed in. */
  loadSession: RequestHandler;
  /** The magic-link confirm page and its form POST; mount before the same-site JSON guard. */
  pageRoutes: Router;
  /** The JSON calls; mount after the guard. */
  routes: Router;
  limiters: AuthLimiters;
}

/** Builds the auth pieces of one app instance (limiters live as long as the app). */
export function createAuthModule(
  deps: Pick<AppDeps, 'db' | 'clock' | 'env'>,
  options: AuthModuleOptions = {},
): AuthModule {
  const limiters = createAuthLimiters(deps);
  const routeDeps = { ...deps, limiters, subscriptionOf: options.subscriptionOf };
  return {
    loadSession: loadSession(deps),
    pageRoutes: magicLinkPageRoutes(routeDeps),
    routes: authRoutes(routeDeps),
    limiters,
  };
}
