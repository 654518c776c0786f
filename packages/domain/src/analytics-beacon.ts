/**
 * Where a page's cookieless page-view beacon posts (issue 25): apart from the endpoint catalogue,
 * which a page's first-load script must not carry just for this one path.
 */
export const ANALYTICS_HIT_PATH = '/api/analytics/hit';
