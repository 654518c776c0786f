/** Cookieless analytics (issue 25, decision 0019): page views counted without cookies or addresses. */
export { createCollector, type Client, type Collector } from './collector.js';
export { createBeacon, type Beacon } from './beacon.js';
export { pageTitles, sitePages } from './site-pages.js';
export { feedFetchCounter } from './routes.js';
export { analyticsAdminRoutes } from './admin-routes.js';
