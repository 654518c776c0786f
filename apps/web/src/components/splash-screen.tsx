import { SHELL_MESSAGES } from '@quillpost/domain';
import { useSite } from '../lib/use-site';
import './splash-screen.css';

/** Covers the page while authentication initializes. */
export function SplashScreen() {
  const site = useSite();
  return (
    <div className="splash" role="status" aria-live="polite">
      <div className="splash__inner">
        <span className="splash__mark" aria-hidden="true">
          {site.title.charAt(0)}
        </span>
        <p className="splash__title">{SHELL_MESSAGES.SPLASH_TITLE}</p>
        <p className="splash__subtitle">{SHELL_MESSAGES.SPLASH_SUBTITLE}</p>
      </div>
    </div>
  );
}
