/**
 * A page view, told to the site's own cookieless analytics (issue 25): the page's path, where the
 * reader came from and its UTM values, sent with sendBeacon once the page has loaded, never
 * before it paints. Nothing is set or read in the browser; a site with ANALYTICS=off renders no
 * `data-analytics` and nothing is sent.
 */
import { ANALYTICS_HIT_PATH } from '@quillpost/domain';

export function sendPageView(referrer: string): void {
  if (document.documentElement.dataset.analytics !== 'on' || !navigator.sendBeacon) return;
  const query = new URLSearchParams(location.search);
  const utm = (name: string) => query.get(name)?.slice(0, 200) || undefined;
  const hit = {
    path: location.pathname,
    referrer: referrer.slice(0, 2000),
    utm_source: utm('utm_source'),
    utm_medium: utm('utm_medium'),
    utm_campaign: utm('utm_campaign'),
  };
  navigator.sendBeacon(
    ANALYTICS_HIT_PATH,
    new Blob([JSON.stringify(hit)], { type: 'application/json' }),
  );
}
