/** The directory module's public face: other modules and the app import from here only. */
export { directoryRoutes } from './routes.js';
