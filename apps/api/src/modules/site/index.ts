/**
 * Who the site is (content/site.yml, docs/decisions/0016): the identity the content sync keeps,
 * which every page, feed and mail reads, and what is drawn from it (the favicon, preview cards).
 */
export { keepSiteIdentity, siteIdentity } from './identity.js';
export { currentHandle, fullHandle } from './fediverse-account.js';
export { faviconSvg, initialsOf } from './mark.js';
export { OWN_FAVICON, siteRoutes } from './routes.js';
export { cardSvg, previewCard, previewCardsDir, CARD_HEIGHT, CARD_WIDTH } from './preview-card.js';
