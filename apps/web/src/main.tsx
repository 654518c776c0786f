// Global styles first, so feature stylesheets imported by components come after them.
import './styles/tokens.css';
import './styles/base.css';
import './styles/ui.css';
import { sendPageView } from './lib/page-view-beacon';
import { ROUTE_DATA_ELEMENT_ID } from './app/route-data-id';
import { bootIslands } from './islands/boot';

declare global {
  var __zod_globalConfig: { jitless?: boolean } | undefined;
}

// zod compiles object schemas with `new Function` once a probe says it may; the site's CSP forbids
// eval, so the probe alone is a violation report. zod reads this global (shared by every copy it
// loads) as each schema is built, so it is set here, before any other module of the app runs;
// saying jitless this way costs reading pages no zod.
(globalThis.__zod_globalConfig ??= {}).jitless = true;

const FALLBACK_MS = 3000;
/** The longest a page view waits for the browser to be idle. */
const PAGE_VIEW_WAIT_MS = 2000;

/**
 * The page arrives rendered and readable; its JavaScript only makes it interactive. So the app
 * (React, the router, this page's modules) loads once the browser has painted the page's content,
 * instead of competing with its text and styles on a slow connection or a slow phone.
 */
function afterFirstPaint(run: () => void) {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    run();
  };
  const observer =
    typeof PerformanceObserver === 'function' &&
    PerformanceObserver.supportedEntryTypes?.includes('paint')
      ? new PerformanceObserver((entries) => {
          if (entries.getEntriesByName('first-contentful-paint').length > 0) start();
        })
      : null;
  observer?.observe({ type: 'paint', buffered: true });
  // Without paint timing, or for a page that never paints (opened in a background tab, say):
  // start anyway, a little later.
  setTimeout(start, observer ? FALLBACK_MS : 0);
}

/**
 * The page view, in the first idle moment after the page has loaded, so that it never lengthens
 * the task a phone is busy with as the page becomes usable; told before the reader leaves if no
 * such moment came. A page the browser prerendered for a link the reader might follow
 * (Speculation Rules) counts only if they do.
 */
function countPageView() {
  let sent = false;
  const send = () => {
    if (sent) return;
    sent = true;
    removeEventListener('pagehide', send);
    sendPageView(document.referrer);
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(send, { timeout: PAGE_VIEW_WAIT_MS })
      : setTimeout(send, 0);
  addEventListener('pagehide', send);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
if ((document as Document & { prerendering?: boolean }).prerendering) {
  document.addEventListener('prerenderingchange', countPageView, { once: true });
} else {
  countPageView();
}

// A reading page carries its islands' data and runs as islands (decision 0035); the members area
// and the console carry the router's data and hydrate as the app.
if (document.getElementById(ROUTE_DATA_ELEMENT_ID)) {
  afterFirstPaint(() => {
    // The server lists them on the route data element (app/route-data.ts).
    const modules = document.querySelector<HTMLElement>('[data-modules]')?.dataset.modules;
    for (const href of modules?.split(' ').filter(Boolean) ?? []) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.append(link);
    }
    void import('./app/hydrate');
  });
} else {
  bootIslands();
}
