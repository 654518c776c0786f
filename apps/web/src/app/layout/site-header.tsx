import { isMobileLinkActive, mainMenuLinks, PAGE_PATHS } from '@quillpost/domain';
import { Link, useLocation } from 'react-router-dom';
import { MobileMenuButton } from '../../features/menus/mobile-menu-button';
import { useSite } from '../../lib/use-site';
import { HeaderActions } from './header-actions';
import { NextStep } from './next-step';
import { SiteSearch } from './site-search';
import './site-header.css';

export function SiteHeader() {
  const site = useSite();
  const { pathname } = useLocation();
  return (
    <>
      <header className="site-header">
        <div className="site-header__inner">
          <Link
            to={PAGE_PATHS.home}
            className="site-header__brand"
            aria-current={pathname === PAGE_PATHS.home ? 'page' : undefined}
          >
            {site.title}
          </Link>
          <nav className="site-header__nav" aria-label="Main">
            <ul>
              {mainMenuLinks(site.sections)
                .filter((link) => link.path !== PAGE_PATHS.home)
                .map((link) => (
                  <li key={link.path}>
                    <Link
                      to={link.path}
                      className="site-header__link"
                      aria-current={isMobileLinkActive(link, pathname) ? 'page' : undefined}
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
          <SiteSearch />
          <HeaderActions />
        </div>
        <NextStep />
      </header>
      <MobileMenuButton />
    </>
  );
}
