/** The content module's public face: other modules and the app import from here only. */
export { paintPreviewCards } from './card-painter.js';
export { discoveryRoutes } from './discovery-routes.js';
export { slugify, truncate } from './markdown.js';
export { ContentFileError, parseFrontMatter } from './front-matter.js';
export { renderPreview } from './preview.js';
export { absolutizeHtml } from './feeds.js';
export {
  contentQueries,
  contentTitlesByIds,
  invalidateContentCache,
  latestVisiblePosts,
  recordNewsletterSent,
  sourceItems,
  visiblePostIds,
  visiblePostsByIds,
  visibleWritingByIds,
  visibleWritingBySlug,
  visibleWritingIds,
} from './store.js';
export type { ContentQueries, ContentRow, PostSummary } from './store.js';
export { contentReads, inProcessContentCall, type ContentReads, type OtherReads } from './reads.js';
export { PRIVATE_NO_STORE, PUBLIC_CACHE, contentRoutes } from './routes.js';
export { createContentService } from './service.js';
export type { ContentService, JsonBody, Viewer } from './service.js';
export { adoptSavedProfiles, readSiteFile, writeSiteFile } from './site-file.js';
export { AUTHORS_FILE, SITE_FILE, syncContent } from './sync.js';
export {
  isEmptyContentFolder,
  PLACEHOLDER_STARTER,
  writeStarter,
  type StarterDetails,
} from './starter.js';
export { effectiveStatus } from './service.js';
export { viewerOf } from './visibility.js';
export { watchContent } from './watch.js';
