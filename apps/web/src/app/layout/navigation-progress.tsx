import { SHELL_MESSAGES } from '@quillpost/domain';
import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';

/** Quick navigations finish before this; only slower ones say so. */
const SHOW_AFTER_MS = 250;

/**
 * While a client-side navigation loads the next page's code and data, the current page stays on
 * screen and a bar at the top says 'Loading page...' (spec section 2), so nothing jumps.
 */
export function NavigationProgress() {
  // The navigation under way, if any: its target location's key.
  const pending = useNavigation().location?.key ?? null;
  const [slow, setSlow] = useState<string | null>(null);

  useEffect(() => {
    if (pending === null) return;
    const timer = setTimeout(() => setSlow(pending), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [pending]);

  const visible = pending !== null && slow === pending;

  return (
    <div className="navigation-progress" role="status" aria-live="polite">
      {visible ? (
        <>
          <span className="navigation-progress__bar" aria-hidden="true" />
          <span className="navigation-progress__label">{SHELL_MESSAGES.PAGE_LOADING}</span>
        </>
      ) : null}
    </div>
  );
}
