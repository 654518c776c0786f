import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { AppShell } from '../app/app-shell';
import { ApiClientProvider } from '../lib/api-context';
import { createStorage, type KeyValueStore } from '../lib/storage';
import { StorageProvider } from '../lib/storage-context';
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

export function renderWithProviders(
  ui: ReactElement,
  {
    path = '/',
    routes = SIGNED_OUT,
    state,
    stored = {},
  }: {
    path?: string;
    /** Navigation state of the first history entry (what `navigate(path, { state })` passes). */
    state?: unknown;
    routes?: Record<string, FakeRoute>;
    stored?: Record<string, unknown>;
  } = {},
) {
  const fake = createFakeApi(routes);
  const store = memoryStore(stored);
  const storage = createStorage(store);
  const result = render(
    <ApiClientProvider client={fake.api}>
      <StorageProvider storage={storage}>
        <MemoryRouter initialEntries={[state === undefined ? path : { pathname: path, state }]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </StorageProvider>
    </ApiClientProvider>,
  );
  return { ...result, ...fake, store, storage };
}

/** The whole app shell at `path`, with a fake API and in-memory storage. */
export function renderApp(options: Parameters<typeof renderWithProviders>[1] = {}) {
  return renderWithProviders(<AppShell />, options);
}
