export * from './common.js';
export * from './auth.js';
export * from './subscriptions.js';
export * from './posts.js';
export * from './content.js';
export {
  ADMIN_PAGE_SIZE,
  normalizePlainText,
  pageQuerySchema,
  personSchema,
  REASON_MAX_LENGTH,
  WEBSITE_MAX_LENGTH,
  type Person,
} from './member-fields.js';
export * from './csv.js';
export * from './members.js';
export * from './bookmarks.js';
export * from './discussions.js';
export * from './events.js';
export * from './directory.js';
export * from './moderation.js';
export * from './admin.js';
export * from './subscribers.js';
export * from './social-profiles.js';
export * from './settings.js';
export * from './content-sync.js';
export * from './newsletter.js';
export * from './page-rendering.js';
export * from './endpoints.js';
export * from './endpoint-schemas.js';
export * from './secret-urls.js';
export * from './site-identity.js';
export * from './front-matter.js';
export * from './writing.js';
export * from './analytics.js';
export * from './portability.js';
export * from './fediverse.js';
export * from './webmention.js';
export * from './fediverse-audience.js';
