/** The moderation module's public face: other modules and the app import from here only. */
export { moderationRoutes } from './routes.js';
export {
  banAccount,
  banStateOf,
  findTarget,
  moderationPersonalData,
  requireOutranked,
} from './service.js';
export { recentWarnings, writeLog } from './store.js';
export { moderationForExport } from './store.js';
