/**
 * The shape of a page's route module, and what each route of the table (app/routes.tsx) tells the
 * renderer, the head and the shell once its module has loaded.
 */
import type { ContentReader, Site } from '@quillpost/domain';
import type { ComponentType } from 'react';
import { isRouteErrorResponse, type LoaderFunctionArgs } from 'react-router-dom';
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

/** What a page module says about its route besides its data and head. */
export interface PageHandle {
  /** What a 404 on this route is about, for its title: 'Post' gives 'Post not found'. */
  item?: string;
  /** Depends on who is signed in: the splash stays until the session is known; never cached. */
  personal?: boolean;
  /**
   * A page the reader acts on as a whole (after subscribing: resend, sign in): the browser
   * hydrates it as the app, as it does personal pages. Reading pages are islands (decision 0035).
   */
  hydrates?: boolean;
}

export interface RouteHandle extends PageHandle {
  /** The route's page module (Vite manifest key), for modulepreload. */
  module?: string;
  /** The page's head, from its loader's data. */
  meta?: (data: never, context: MetaContext) => PageMeta;
}

/**
 * A page loader's arguments: React Router's, and the content reader of the side it runs on (the
 * API's in-process reader on the server, the HTTP one in the browser).
 */
export type PageLoaderArgs = LoaderFunctionArgs & { reader: ContentReader };

export type PageLoader<D = unknown> = (args: PageLoaderArgs) => Promise<D>;

/** What a page loader resolves to: its component's `useLoaderData()`, its head's data. */
export type LoaderData<L extends PageLoader> = Awaited<ReturnType<L>>;

/** A page's head from its loader's data (`typeof loader`), or with no loader, from nothing. */
export type PageMetaFunction<L extends PageLoader = PageLoader<undefined>> = (
  data: LoaderData<L>,
  context: MetaContext,
) => PageMeta;

/**
 * A page's route module, React Router's shape in data mode: the component as the default export,
 * and beside it, where the page has them, `loader`, `meta` (its head), `handle` and its own
 * `ErrorBoundary`. The route table pairs each with its path from PAGE_PATHS.
 */
export interface PageModule {
  default: ComponentType;
  ErrorBoundary?: ComponentType;
  loader?: PageLoader<unknown>;
  meta?: PageMetaFunction<PageLoader<never>>;
  handle?: PageHandle;
}
