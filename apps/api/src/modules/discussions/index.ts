/** The discussions module's public face: other modules and the app import from here only. */
export { discussionRoutes } from './routes.js';
export { commentOnPost, discussionsPersonalData, startThread } from './service.js';
export { commentUnderModeration, communityActivity, reportQueue } from './staff.js';
export { liveCommentCount, moderateComment, resolveReports } from './store.js';
