/**
 * Hydrates the server-rendered page: the route table with the HTTP content reader, the route
 * modules the server rendered with, and the router's data from the page (no second request).
 * src/main.tsx loads this once the page has painted.
 */
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import {
  createBrowserRouter,
  matchRoutes,
  RouterProvider,
  type RouteObject,
} from 'react-router-dom';
import { AppProviders } from './app';
import { followRouterHead } from './route-head';
import { readRouteData } from './route-data';
import { createRoutes } from './routes';
import { createHttpContentReader } from '../features/content/api/content-reader';
import { createApiClient } from '../lib/api-client';
import { currentApiBase } from '../lib/environment';
import { restoreCarriedState } from '../lib/carried-state';
import { storage } from '../lib/storage';
import { sendPageView } from '../lib/page-view-beacon';

const root = document.getElementById('root');
if (!root) throw new Error('index.html must contain #root');

const apiClient = createApiClient({ baseUrl: currentApiBase() });
const routes = createRoutes(createHttpContentReader(apiClient));

/**
 * The server rendered this page with its route modules loaded; hydration must render the same
 * tree, so the matched lazy modules load before it starts (src/main.tsx preloads them).
 */
async function loadMatchedModules(routeTable: RouteObject[]) {
  const matches = matchRoutes(routeTable, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
}

/**
 * A page's module (its loader included) loads as soon as the reader shows the intent to open it,
 * a pointer over its link, focus or a touch, so that following the link waits for its data only.
 */
function preloadPagesOnIntent(routeTable: RouteObject[]) {
  const requested = new Set<RouteObject>();
  const preload = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
    for (const { route } of matchRoutes(routeTable, link.pathname) ?? []) {
      if (typeof route.lazy !== 'function' || requested.has(route)) continue;
      requested.add(route);
      void route.lazy();
    }
  };
  for (const type of ['pointerover', 'focusin', 'touchstart']) {
    document.addEventListener(type, preload, { capture: true, passive: true });
  }
}

/** Each page reached inside the app (the first was counted by main.tsx) is a page view too. */
function countClientNavigations(router: ReturnType<typeof createBrowserRouter>) {
  let counted = router.state.location.pathname;
  router.subscribe((state) => {
    if (state.navigation.state !== 'idle' || state.location.pathname === counted) return;
    const from = new URL(counted, window.location.origin).href;
    counted = state.location.pathname;
    sendPageView(from);
  });
}

/**
 * Not top-level await: page chunks import shared code from this module's chunk, so it must finish
 * evaluating before the modules it waits for can.
 */
async function hydrate(container: HTMLElement) {
  await loadMatchedModules(routes);
  preloadPagesOnIntent(routes);
  restoreCarriedState();
  const router = createBrowserRouter(routes, { hydrationData: readRouteData(document) });

  // The canonical link the server wrote says which public URL the site answers on.
  const canonical = document.querySelector<HTMLLinkElement>('link[rel="canonical"]')?.href;
  const publicUrl = canonical ? new URL(canonical).origin : window.location.origin;
  followRouterHead(router, publicUrl);
  countClientNavigations(router);

  hydrateRoot(
    container,
    <StrictMode>
      <AppProviders apiClient={apiClient} storage={storage}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void hydrate(root);
