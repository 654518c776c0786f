/**
 * The root route: the providers for membership, menus, the subscribe popup and the sign-in
 * dialog, the query-parameter signals, the page (Outlet) and the global dialogs. Tests render it
 * in a memory router with fake API and storage providers (src/test/render-route.tsx).
 */
import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router-dom';
import { SplashScreen } from '../components/splash-screen';
import { useHydrated } from '../lib/use-hydrated';
import { MembershipProvider, useMembership } from '../lib/membership/membership-context';
import { MenuProvider } from '../features/menus/menu-context';
import { SignInDialogHost, SignInProvider } from '../features/sign-in';
import { SubscribePopupHost, SubscribePopupProvider } from '../features/subscribe';
import type { RouteHandle } from '../lib/route-handle';
import { URL_SIGNAL_PARAMS } from '../islands/boot-data';

const UrlSignals = lazy(() => import('./url-signals'));

/**
 * The query-parameter handler loads only when the address carries one of its parameters, and
 * only once the page has hydrated: the server renders pages without them (a one-time link's
 * token never reaches a page another reader is sent), so hydration must render nothing here too.
 */
function UrlSignalsGate() {
  const { search } = useLocation();
  const hydrated = useHydrated();
  if (!hydrated || !URL_SIGNAL_PARAMS.test(search)) return null;
  return (
    <Suspense fallback={null}>
      <UrlSignals />
    </Suspense>
  );
}

/** Whether the page on screen depends on who is signed in (RouteHandle.personal). */
export function usePersonalRoute(): boolean {
  return useMatches().some((match) => (match.handle as RouteHandle | undefined)?.personal);
}

/**
 * The spec's splash covers pages that cannot show anything before the session is known (the
 * members area, /auth/callback, /manage). Reading pages arrive rendered and stay readable; their
 * header holds a placeholder meanwhile (docs/decisions/0008-splash-only-where-the-session-matters.md).
 */
function StartupSplash() {
  const { initializing } = useMembership();
  const personal = usePersonalRoute();
  return initializing && personal ? <SplashScreen /> : null;
}

export function AppShell() {
  return (
    <MembershipProvider>
      <MenuProvider>
        <SubscribePopupProvider>
          <SignInProvider>
            <UrlSignalsGate />
            {/* New pages start at the top (or their #fragment); Back returns to where you were. */}
            <ScrollRestoration />
            <Outlet />
            <SubscribePopupHost />
            <SignInDialogHost />
            <StartupSplash />
          </SignInProvider>
        </SubscribePopupProvider>
      </MenuProvider>
    </MembershipProvider>
  );
}
