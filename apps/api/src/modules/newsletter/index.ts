/** The newsletter module's public face: other modules and the app import from here only. */
export { pageIssueOf, progressOf, reportOf } from './queries.js';
export { clickRoutes } from './click-links.js';
export { newsletterRoutes } from './routes.js';
export { NewsletterSender } from './sender.js';
export type { NewsletterSenderOptions } from './sender.js';
export { createIssue, resume, send } from './service.js';
export type { NewsletterDeps } from './service.js';
export { publishedItem, publishedItems } from './source.js';
export { findIssue, findIssueForContent, listIssueRows } from './store/issues.js';
export { recordSentElsewhere, type SentElsewhere } from './store/sent-elsewhere.js';
export { newsletterPersonalData } from './personal-data.js';
