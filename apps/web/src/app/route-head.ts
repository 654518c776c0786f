/**
 * The head of whatever the router is showing: the deepest matched route's `meta` applied to its
 * loader data, or a not-found / failure head when a loader threw (or no route has a head). The server
 * calls it with its static handler's context, the browser with the router's state after each
 * navigation, so both write the same tags.
 */
import { NO_SITE, type Site } from '@quillpost/domain';
import type { Location, Params } from 'react-router-dom';
import { errorStatus } from '../lib/route-handle';
import { applyHead, type PageMeta } from '../lib/page-head';
import type { MetaContext, RouteHandle } from '../lib/route-handle';

export interface RoutedState {
  matches: ReadonlyArray<{ route: { id: string; handle?: unknown }; params: Params }>;
  loaderData: Record<string, unknown>;
  errors: Record<string, unknown> | null;
  location: Pick<Location, 'pathname' | 'search'>;
}

export interface RoutedHead {
  meta: PageMeta;
  /** A matched route depends on the session (RouteHandle.personal). */
  personal: boolean;
  /** The browser hydrates the page as the app: personal, or RouteHandle.hydrates. */
  hydrates: boolean;
  /** Who the site is (the root route's data), for the head's names and language. */
  site: Site;
}

function handleOf(match: RoutedState['matches'][number]): RouteHandle {
  return (match.route.handle ?? {}) as RouteHandle;
}

export function routedHead(state: RoutedState, publicUrl: string): RoutedHead {
  const { matches, loaderData, errors, location } = state;
  const personal = matches.some((match) => handleOf(match).personal === true);
  const hydrates = personal || matches.some((match) => handleOf(match).hydrates === true);
  const site = (loaderData.root as Site | undefined) ?? NO_SITE;
  const leaf = matches.findLast((match) => handleOf(match).meta !== undefined);
  const error = errors ? Object.values(errors)[0] : undefined;
  const fallback = (status: number): RoutedHead => {
    const item = leaf ? handleOf(leaf).item : undefined;
    const missing = status === 404;
    return {
      personal,
      hydrates,
      site,
      meta: {
        title: missing ? `${item ?? 'Page'} not found` : `${item ?? 'Page'} unavailable`,
        description: missing ? 'This page does not exist.' : 'This page could not be loaded.',
        path: location.pathname,
        noindex: true,
      },
    };
  };
  if (errors || !leaf) return fallback(errors ? errorStatus(error) : 404);
  const context: MetaContext = {
    url: new URL(location.pathname + location.search, `${publicUrl}/`),
    publicUrl,
    site,
  };
  try {
    const meta = handleOf(leaf).meta!(loaderData[leaf.route.id] as never, context);
    return { personal, hydrates, site, meta: personal ? { ...meta, noindex: true } : meta };
  } catch {
    // A head must never cost the page: whatever odd content made it throw, the page still shows.
    return { personal, hydrates, site, meta: { description: '', path: location.pathname } };
  }
}

interface HeadFollowingRouter {
  state: RoutedState & {
    initialized: boolean;
    navigation: { state: string };
    location: { key: string };
  };
  subscribe(listener: (state: HeadFollowingRouter['state']) => void): () => void;
}

/**
 * Keeps <head> in step with client-side navigation: when one settles, the new page's tags
 * replace the previous page's. `now` also writes the current page's (the server already has).
 */
export function followRouterHead(
  router: HeadFollowingRouter,
  publicUrl: string,
  { now = false }: { now?: boolean } = {},
): () => void {
  // What the head was last written for: a navigation, or a Try Again that reloaded its data.
  let shown: unknown[] = now
    ? []
    : [router.state.location.key, router.state.loaderData, router.state.errors];
  const show = (state: HeadFollowingRouter['state']) => {
    if (!state.initialized || state.navigation.state !== 'idle') return;
    const current = [state.location.key, state.loaderData, state.errors];
    if (current.every((part, index) => part === shown[index])) return;
    shown = current;
    const { meta, site } = routedHead(state, publicUrl);
    applyHead(meta, { publicUrl, site });
  };
  if (now) show(router.state);
  return router.subscribe(show);
}
