/** The discussions module's public face: other modules and the app import from here only. */
export { discussionRoutes } from './routes.js';
export { commentOnPost, startThread, toComment } from './service.js';
export type { Viewer } from './service.js';
