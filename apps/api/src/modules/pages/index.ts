/** The pages module's public face: other modules and the app import from here only. */
export { loadBuiltPages } from './page-host.js';
export { pageRoutes } from './routes.js';
export { createViteHost } from './vite-host.js';
