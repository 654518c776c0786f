/** The admin module's public face: other modules and the app import from here only. */
export { adminRoutes } from './routes.js';
