/** What each route of the table (routes.tsx) tells the renderer, the head and the shell. */
import type { Site } from '@quillpost/domain';
import { isRouteErrorResponse } from 'react-router-dom';
import type { PageMeta } from './page-head';

/** The HTTP status a route's error stands for: a loader's response, else a failure (500). */
export function errorStatus(error: unknown): number {
  return isRouteErrorResponse(error) ? error.status : 500;
}

export interface MetaContext {
  /** The request's URL (the page's path and query). */
  url: URL;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** The root route's data: the owner's profiles (structured data's sameAs). */
  site: Site;
}

export interface RouteHandle {
  /** The source module of the route's component (Vite manifest key), for modulepreload. */
  module?: string;
  /** The page's head, from its loader's data. */
  meta?: (data: never, context: MetaContext) => PageMeta;
  /** What a 404 on this route is about, for its title: 'Post' gives 'Post not found'. */
  item?: string;
  /** Depends on who is signed in: the splash stays until the session is known; never cached. */
  personal?: boolean;
}
