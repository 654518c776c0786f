/** Bounces and complaints that relays report after delivery (issue 16). */
export { relayWebhookRoutes } from './routes.js';
