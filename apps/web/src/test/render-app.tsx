import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import {
  createMemoryRouter,
  Outlet,
  RouterProvider,
  useLocation,
  type HydrationState,
  type RouteObject,
} from 'react-router-dom';
import { AppProviders } from '../app/app';
import { followRouterHead } from '../app/route-head';
import { createRoutes } from '../app/routes';
import type { ContentReader, Site } from '@quillpost/domain';
import { createHttpContentReader } from '../features/content/api/content-reader';
import type { ApiClient } from '../lib/api-client';
import { createStorage, type KeyValueStore } from '../lib/storage';
import { createFakeApi, SIGNED_OUT, type FakeRoute } from './fake-api';

export function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore & {
  data: Map<string, string>;
} {
  const data = new Map(
    Object.entries(initial).map(([key, value]) => [
      key,
      typeof value === 'string' ? value : JSON.stringify(value),
    ]),
  );
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

/** What this browser stores on subscribing (STORAGE_KEYS.subscription), not yet confirmed. */
export const STORED_PENDING_SUBSCRIPTION = {
  email: 'reader@example.com',
  name: null,
  subscribedAt: '2025-01-01T00:00:00.000Z',
  verified: false,
  status: 'pending',
  wantsAccount: false,
};

/** Shows the current location, so tests can assert navigation. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.search}
    </output>
  );
}

interface RenderOptions {
  path?: string;
  /** Navigation state of the first history entry (what `navigate(path, { state })` passes). */
  state?: unknown;
  routes?: Record<string, FakeRoute>;
  stored?: Record<string, unknown>;
}

/** `routeTable` in a memory data router at `path`, with `api` and in-memory storage. */
function renderRouter(
  api: ApiClient,
  routeTable: (reader: ContentReader) => RouteObject[],
  { path = '/', state, stored = {} }: Omit<RenderOptions, 'routes'>,
  hydrationData?: HydrationState,
) {
  const store = memoryStore(stored);
  const storage = createStorage(store);
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LocationProbe />
          </>
        ),
        children: routeTable(createHttpContentReader(api, { now: () => 0 })),
      },
    ],
    { initialEntries: [state === undefined ? path : { pathname: path, state }], hydrationData },
  );
  followRouterHead(router, 'http://localhost', { now: true });
  const result = render(
    <AppProviders apiClient={api} storage={storage}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, store, storage, router };
}

/** Resolves once the router's first page has its code and data, as a server-rendered page. */
async function initialized(router: ReturnType<typeof createMemoryRouter>) {
  await act(
    () =>
      new Promise<void>((resolve) => {
        if (router.state.initialized) return resolve();
        const unsubscribe = router.subscribe((state) => {
          if (!state.initialized) return;
          unsubscribe();
          resolve();
        });
      }),
  );
}

/**
 * One component (and whatever it renders) at `path`, inside a data router and the providers.
 * With `site`, the root route's data is that site (what useSite() reads), as the app has it
 * loaded; without, useSite() gives NO_SITE.
 */
export function renderWithProviders(
  ui: ReactElement,
  { site, ...options }: RenderOptions & { site?: Site } = {},
) {
  const fake = createFakeApi(options.routes ?? SIGNED_OUT);
  const page: RouteObject = { path: '*', element: ui };
  const routeTable = () => (site ? [{ id: 'root', loader: () => site, children: [page] }] : [page]);
  const loaded = site ? { loaderData: { root: site } } : undefined;
  return { ...renderRouter(fake.api, routeTable, options, loaded), ...fake };
}

/**
 * The whole app at `path`: the real route table, with a fake API and in-memory storage. Resolves
 * once the first page's code and data have loaded, as a server-rendered page arrives.
 */
export async function renderApp(options: RenderOptions = {}) {
  const fake = createFakeApi(options.routes ?? SIGNED_OUT);
  const rendered = renderRouter(fake.api, createRoutes, options);
  await initialized(rendered.router);
  return { ...rendered, ...fake };
}

/** The whole app at `path` with a given API client (the content pages' table-driven fake). */
export async function renderAppWithClient(
  api: ApiClient,
  options: Omit<RenderOptions, 'routes'> = {},
) {
  const rendered = renderRouter(api, createRoutes, options);
  await initialized(rendered.router);
  return rendered;
}
