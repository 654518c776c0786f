/** The events module's public face: other modules and the app import from here only. */
export { eventRoutes } from './routes.js';
export { eventsPersonalData, upcomingEvents } from './service.js';
export { eventsForExport } from './store.js';
