/** The oauth module's public face: other modules and the app import from here only. */
export { oauthRoutes } from './routes.js';
