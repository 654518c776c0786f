import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Once a list has rendered, brings the item named by the URL's #fragment into view (search
 * results link to /journal#{slug} and /poetry#{slug}); the browser cannot, as the item was not
 * there when the page loaded.
 */
export function useScrollToHash(ready: boolean): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || hash.length < 2) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView({ block: 'start' });
    // Move keyboard focus there too, without a second jump.
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [ready, hash]);
}
