/** Bounces and complaints that relays report after delivery (issue 16). */
export { relayEventsPersonalData } from './service.js';
export { relayWebhookRoutes } from './routes.js';
export { reportsBetween } from './store.js';
