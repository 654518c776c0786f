import { FOOTER_LINKS, messageTemplates } from '@quillpost/domain';
import { Link, useLocation } from 'react-router-dom';
import { useSite } from '../../lib/use-site';
import './site-footer.css';

export function SiteFooter() {
  const { pathname } = useLocation();
  const { socialProfiles, title } = useSite();
  // UTC, as on the server, so the rendered page and its hydration agree at New Year too.
  const year = new Date().getUTCFullYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__copyright">{messageTemplates.copyright(year, title)}</p>
        <nav aria-label="Legal and contact">
          <ul className="site-footer__links">
            {FOOTER_LINKS.map((link) => {
              const current = pathname === link.path;
              return (
                <li key={link.path}>
                  <Link
                    to={link.path}
                    className="site-footer__link"
                    aria-current={current ? 'page' : undefined}
                  >
                    {link.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {socialProfiles.length > 0 ? (
          <nav aria-label="Elsewhere">
            <ul className="site-footer__links">
              {socialProfiles.map((profile) => (
                <li key={profile.network}>
                  <a href={profile.url} className="site-footer__link" rel="me noopener">
                    {profile.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
      </div>
    </footer>
  );
}
