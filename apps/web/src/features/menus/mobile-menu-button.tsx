/**
 * The floating menu button, top right on small screens. It takes a raised look once the page
 * has scrolled past 130 px, and steps aside while the user menu is open.
 */
import { MENU_SCROLL_THRESHOLD_PX } from '@quillpost/domain';
import { lazy, Suspense } from 'react';
import { Island } from '../../islands/island';
import { MOBILE_MENU_ID, useMenus, useScrolledPast } from './menu-context';
import './menus.css';

const MobileMenuPanel = lazy(() => import('./mobile-menu-panel'));

export function MobileMenuButtonBody() {
  const { active, toggle } = useMenus();
  const scrolled = useScrolledPast(MENU_SCROLL_THRESHOLD_PX);
  const open = active === 'mobile';
  return (
    <>
      <button
        type="button"
        className={`menu-button${scrolled ? ' menu-button--scrolled' : ''}`}
        hidden={active === 'user'}
        aria-expanded={open}
        aria-controls={open ? MOBILE_MENU_ID : undefined}
        aria-label="Menu"
        data-scrolled={scrolled}
        onClick={() => toggle('mobile')}
        onPointerEnter={() => void import('./mobile-menu-panel')}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M4 7h16M4 12h16M4 17h16"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileMenuPanel />
        </Suspense>
      ) : null}
    </>
  );
}

export function MobileMenuButton() {
  return <Island name="mobile-menu" when="intent" component={MobileMenuButtonBody} props={{}} />;
}
