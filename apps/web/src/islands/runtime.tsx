/**
 * What a reading page loads when a reader first acts on it (decision 0035): React, one root for
 * the whole page, and the shell every island shares (membership, menus, the subscribe popup, the
 * sign-in dialog). Each island renders into its place in the server's HTML through a portal, so
 * one island's change (a subscription, a sign-in) shows in every other. src/islands/boot.ts loads
 * this module and calls `activate` and `perform`.
 *
 * The islands see the same router hooks as in the app, from a memory router that starts at the
 * page's address; a navigation away from the page is a real one (the next page is plain HTML
 * from the page cache), while one that only rewrites the query (a handled ?verified=) replaces
 * the address in place.
 */
import { NO_SITE, type Site, type SubscribePopupPosition } from '@quillpost/domain';
import {
  lazy,
  StrictMode,
  Suspense,
  useEffect,
  useSyncExternalStore,
  type ComponentType,
} from 'react';
import { createPortal, flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, createPath, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../app/app';
import { MembershipProvider } from '../lib/membership/membership-context';
import { MenuProvider } from '../features/menus/menu-context';
import { SignInDialogHost, SignInProvider, useSignIn } from '../features/sign-in';
import {
  SubscribePopupHost,
  SubscribePopupProvider,
  useSubscribePopup,
} from '../features/subscribe';
import { createApiClient } from '../lib/api-client';
import { currentApiBase } from '../lib/environment';
import { carryState } from '../lib/carried-state';
import { storage } from '../lib/storage';
import { ISLAND_DATA_ELEMENT_ID, URL_SIGNAL_PARAMS } from './boot-data';
import type { IslandName } from './island';
import { ISLAND_COMPONENTS } from './registry';

const UrlSignals = lazy(() => import('../app/url-signals'));

interface Mounted {
  key: number;
  element: HTMLElement;
  Component: ComponentType<Record<string, unknown>>;
  props: Record<string, unknown>;
}

/** The islands rendered so far; the shell subscribes to it. */
const mounted = (() => {
  let current: readonly Mounted[] = [];
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    add(island: Mounted) {
      current = [...current, island];
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
})();

/** What a reader's action asks of the shell (the `data-action` links of the server's HTML). */
export type Action =
  | { kind: 'subscribe'; source: string; position: SubscribePopupPosition }
  | { kind: 'sign-in'; title?: string; returnUrl?: string };

let performAction: ((action: Action) => void) | undefined;
let shellIsReady: () => void;
const shellReady = new Promise<void>((resolve) => (shellIsReady = resolve));

/** Hands the shell's contexts to `perform`. */
function ActionBridge() {
  const { openPopup } = useSubscribePopup();
  const { openSignIn } = useSignIn();
  useEffect(() => {
    performAction = (action) => {
      if (action.kind === 'subscribe') {
        openPopup({
          source: action.source,
          position: action.position,
          backdrop: action.position !== 'header',
        });
      } else {
        openSignIn({
          ...(action.title ? { title: action.title } : {}),
          ...(action.returnUrl ? { returnUrl: action.returnUrl } : {}),
        });
      }
    };
    shellIsReady();
  }, [openPopup, openSignIn]);
  return null;
}

function IslandShell() {
  const islands = useSyncExternalStore(mounted.subscribe, mounted.get);
  const signals = URL_SIGNAL_PARAMS.test(window.location.search);
  return (
    <MembershipProvider>
      <MenuProvider>
        <SubscribePopupProvider>
          <SignInProvider>
            <ActionBridge />
            {islands.map(({ key, element, Component, props }) =>
              createPortal(<Component {...props} />, element, String(key)),
            )}
            {signals ? (
              <Suspense fallback={null}>
                <UrlSignals />
              </Suspense>
            ) : null}
            <SubscribePopupHost />
            <SignInDialogHost />
          </SignInProvider>
        </SubscribePopupProvider>
      </MenuProvider>
    </MembershipProvider>
  );
}

function readSite(): Site {
  const text = document.getElementById(ISLAND_DATA_ELEMENT_ID)?.textContent;
  return text ? ((JSON.parse(text) as { site: Site }).site ?? NO_SITE) : NO_SITE;
}

/** A navigation the islands' router makes: to another page for real, else in place. */
function followRouter(router: ReturnType<typeof createMemoryRouter>) {
  let shown = createPath(router.state.location);
  router.subscribe(({ location, historyAction }) => {
    const next = createPath(location);
    if (next === shown) return;
    shown = next;
    if (location.pathname !== window.location.pathname) {
      if (location.state !== null) carryState(next, location.state);
      window.location.assign(next);
    } else if (historyAction === 'PUSH') window.history.pushState(null, '', next);
    else window.history.replaceState(null, '', next);
  });
}

function start() {
  const site = readSite();
  const router = createMemoryRouter(
    [{ id: 'root', path: '*', loader: () => site, Component: IslandShell }],
    {
      initialEntries: [createPath(window.location)],
      hydrationData: { loaderData: { root: site } },
    },
  );
  followRouter(router);
  const container = document.createElement('div');
  container.className = 'island-root';
  document.body.append(container);
  const apiClient = createApiClient({ baseUrl: currentApiBase() });
  flushSync(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders apiClient={apiClient} storage={storage}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
}

start();

const activated = new WeakMap<HTMLElement, Promise<void>>();
let nextKey = 0;

/** Fetches the code of the island `element` holds, without rendering it yet. */
export function preload(element: HTMLElement): void {
  void ISLAND_COMPONENTS[element.dataset.island as IslandName]();
}

/**
 * Renders the island `element` holds in its place: its server HTML goes and React's arrives in
 * the same task, so the reader never sees the gap.
 */
export function activate(element: HTMLElement): Promise<void> {
  const existing = activated.get(element);
  if (existing) return existing;
  const name = element.dataset.island as IslandName;
  const activation = ISLAND_COMPONENTS[name]().then((Component) => {
    const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
    flushSync(() => {
      element.replaceChildren();
      element.dataset.active = '';
      mounted.add({
        key: nextKey++,
        element,
        Component: Component as ComponentType<Record<string, unknown>>,
        props,
      });
    });
  });
  activated.set(element, activation);
  return activation;
}

export async function perform(action: Action): Promise<void> {
  await shellReady;
  performAction?.(action);
}
