/**
 * Who the site is (content/site.yml, docs/decisions/0016): the identity the content sync keeps,
 * which every page, feed and mail reads, and what is drawn from it (the favicon).
 */
export { keepSiteIdentity, siteIdentity } from './identity.js';
export { faviconSvg, initialsOf, siteRoutes } from './routes.js';
