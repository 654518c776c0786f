/** The members module's public face: other modules and the app import from here only. */
export { memberRoutes } from './routes.js';
export { directoryEntries, eraseAccount } from './service.js';
