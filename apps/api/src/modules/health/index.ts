/** The health module's public face: other modules and the app import from here only. */
export { healthRoutes } from './routes.js';
