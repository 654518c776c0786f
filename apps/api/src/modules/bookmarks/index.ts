/** The bookmarks module's public face: other modules and the app import from here only. */
export { bookmarkRoutes } from './routes.js';
export { bookmarksPersonalData, listBookmarks } from './service.js';
export { bookmarksForExport } from './store.js';
