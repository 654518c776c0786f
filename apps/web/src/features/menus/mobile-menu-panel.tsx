/** The slide-in panel: the main sections with their active rules, and the social drawer. */
import { DRAWER_SOCIAL_NETWORKS, isMobileLinkActive, mainMenuLinks } from '@quillpost/domain';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { useSite } from '../../lib/use-site';
import { Dialog, DialogCloseButton } from '../../components/dialog';
import { MOBILE_MENU_ID, useMenus } from './menu-context';

export default function MobileMenuPanel() {
  const { close } = useMenus();
  const { pathname } = useLocation();
  const titleId = useId();
  const drawerId = useId();
  const [socialOpen, setSocialOpen] = useState(false);
  // The drawer keeps the spec's four networks; the footer and /links show every profile.
  const site = useSite();
  const socialProfiles = site.socialProfiles.filter((profile) =>
    (DRAWER_SOCIAL_NETWORKS as readonly string[]).includes(profile.network),
  );

  return (
    <Dialog labelledBy={titleId} onClose={close} placement="sidebar-right" className="mobile-menu">
      <div id={MOBILE_MENU_ID} className="mobile-menu__inner">
        <h2 id={titleId} className="mobile-menu__title">
          Menu
        </h2>
        <nav aria-label="Sections">
          <ul className="mobile-menu__links">
            {mainMenuLinks(site.sections).map((link) => {
              const active = isMobileLinkActive(link, pathname);
              return (
                <li key={link.path}>
                  <Link
                    to={link.path}
                    className="mobile-menu__link"
                    aria-current={active ? 'page' : undefined}
                    onClick={close}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {socialProfiles.length > 0 ? (
          <div className="mobile-menu__social">
            <button
              type="button"
              className="mobile-menu__drawer-toggle"
              aria-expanded={socialOpen}
              aria-controls={drawerId}
              onClick={() => setSocialOpen((open) => !open)}
            >
              Elsewhere
              <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
                <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            <ul id={drawerId} className="mobile-menu__drawer" hidden={!socialOpen}>
              {socialProfiles.map((link) => (
                <li key={link.network}>
                  <a
                    href={link.url}
                    target="_blank"
                    rel="noopener"
                    className="mobile-menu__social-link"
                  >
                    {link.label}
                    <span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      <DialogCloseButton onClick={close} label="Close menu" />
    </Dialog>
  );
}
