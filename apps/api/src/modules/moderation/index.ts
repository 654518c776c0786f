/** The moderation module's public face: other modules and the app import from here only. */
export { writeLog } from './log.js';
export { moderationRoutes } from './routes.js';
export { banAccount, banStateOf, findTarget, requireOutranked } from './service.js';
