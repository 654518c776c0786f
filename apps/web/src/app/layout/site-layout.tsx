import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../../components/page-loading';
import { useMembership } from '../../lib/membership/membership-context';
import { usePersonalRoute } from '../app-shell';
import { NavigationProgress } from './navigation-progress';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import './site-layout.css';

/** Header, main column and footer around every page except /links. */
export function SiteLayout() {
  const { initializing } = useMembership();
  const personal = usePersonalRoute();
  return (
    // While the splash covers a page, nothing underneath should take focus.
    <div className="site" inert={initializing && personal}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavigationProgress />
      <SiteHeader />
      <main id="main" className="site__main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteFooter />
    </div>
  );
}
