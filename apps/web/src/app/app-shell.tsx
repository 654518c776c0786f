/**
 * Everything inside the router: the providers for membership, menus, the subscribe popup and
 * the sign-in dialog, the query-parameter signals, the routes and the global dialogs.
 * Tests render this inside a MemoryRouter with fake API and storage providers.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { SplashScreen } from '../components/splash-screen';
import { MembershipProvider, useMembership } from '../features/membership/membership-context';
import { MenuProvider } from '../features/menus/menu-context';
import { SignInDialogHost, SignInProvider } from '../features/sign-in/sign-in-context';
import {
  SubscribePopupHost,
  SubscribePopupProvider,
} from '../features/subscribe/subscribe-popup-context';
import { AppRoutes } from './routes';

const UrlSignals = lazy(() => import('./url-signals'));
const SIGNAL_PARAMS = /[?&](verify|verified|verify_error)=/;

/** The query-parameter handler loads only when the address carries one of its parameters. */
function UrlSignalsGate() {
  const { search } = useLocation();
  if (!SIGNAL_PARAMS.test(search)) return null;
  return (
    <Suspense fallback={null}>
      <UrlSignals />
    </Suspense>
  );
}

function StartupSplash() {
  const { initializing } = useMembership();
  return initializing ? <SplashScreen /> : null;
}

export function AppShell() {
  return (
    <MembershipProvider>
      <MenuProvider>
        <SubscribePopupProvider>
          <SignInProvider>
            <UrlSignalsGate />
            <AppRoutes />
            <SubscribePopupHost />
            <SignInDialogHost />
            <StartupSplash />
          </SignInProvider>
        </SubscribePopupProvider>
      </MenuProvider>
    </MembershipProvider>
  );
}
