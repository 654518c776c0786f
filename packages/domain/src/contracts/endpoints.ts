/**
 * The catalogue of the product's JSON endpoints (and the few navigations the web builds URLs
 * for): one entry per endpoint, named once and used by name everywhere. The API mounts,
 * permission-checks and rate-limits from it; the web's typed client builds every URL from it.
 * Each entry's request and response schemas sit under the same name in `API_SCHEMAS`
 * (endpoint-schemas.ts), which must cover every name. This half is zod-free on purpose: reading
 * pages call the API through it without loading the schemas (docs/decisions/0012).
 */
import { ANALYTICS_HIT_PATH } from '../analytics-beacon.js';
import { fillPath } from '../path-pattern.js';
import type { Permission } from '../roles.js';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The per-client limits the API applies before the handler runs (its limiter counts per IP). */
export type RateLimitClass =
  'subscribe' | 'resend' | 'unsubscribe' | 'magic-link' | 'webhook' | 'analytics' | 'webmention';

export interface ApiRoute {
  method: ApiMethod;
  /** Express-style path; `:name` segments are filled by `apiPath`. */
  path: string;
  /**
   * The section 6 permission the server checks (signed out is 401, lacking it 403); null for
   * calls anyone may make. `view_content` here means "signed in, any role".
   */
  permission: Permission | null;
  rateLimit?: RateLimitClass;
}

const publicGet = (path: string) => ({ method: 'GET', path, permission: null }) as const;
const signedIn = (method: ApiMethod, path: string) =>
  ({ method, path, permission: 'view_content' }) as const;
const owner = (method: ApiMethod, path: string) =>
  ({ method, path, permission: 'admin_system' }) as const;

/**
 * Who may block on the social web, by what the block names (decision 0036): an account, as a
 * moderator bans a member for a while; a whole server, only the owner (Mastodon's domain blocks).
 */
export const FEDIVERSE_BLOCK_PERMISSIONS = {
  account: 'temp_ban_users',
  domain: 'admin_system',
} as const satisfies Record<'account' | 'domain', Permission>;

export const API_ROUTES = {
  // Health
  health: publicGet('/api/health'),

  // Cookieless analytics: a page's beacon (issue 25); 204, nothing to read back
  analyticsHit: {
    method: 'POST',
    path: ANALYTICS_HIT_PATH,
    permission: null,
    rateLimit: 'analytics',
  },

  // Reading (spec section 7 and issue 5); drafts only for staff, decided by the server
  posts: publicGet('/api/posts'),
  post: publicGet('/api/posts/:id'),
  // The conversation under a post, journal entry or poem as every visitor sees it (issue 26): in
  // its server-rendered page
  postConversation: publicGet('/api/posts/:slug/comments'),
  journalConversation: publicGet('/api/journal/:slug/comments'),
  poemConversation: publicGet('/api/poetry/:slug/comments'),
  // How many comments each item has, for the lists that show them
  commentCounts: publicGet('/api/comment-counts'),
  journal: publicGet('/api/journal'),
  journalEntry: publicGet('/api/journal/:slug'),
  poems: publicGet('/api/poetry'),
  poem: publicGet('/api/poetry/:slug'),
  books: publicGet('/api/books'),
  book: publicGet('/api/books/:slug'),
  projects: publicGet('/api/projects'),
  project: publicGet('/api/projects/:slug'),
  now: publicGet('/api/now'),
  nowArchives: publicGet('/api/now/archives'),
  nowArchive: publicGet('/api/now/archives/:slug'),
  categories: publicGet('/api/categories'),
  links: publicGet('/api/links'),
  site: publicGet('/api/site'),
  page: publicGet('/api/pages/:slug'),
  search: publicGet('/api/search'),

  // The newsletter subscription (spec section 7); the subscriber's own calls prove ownership
  // with a session or a manage token, checked by the handler
  subscribe: {
    method: 'POST',
    path: '/api/auth/subscribe',
    permission: null,
    rateLimit: 'subscribe',
  },
  verify: publicGet('/verify'),
  resendVerification: {
    method: 'POST',
    path: '/api/auth/resend-verification',
    permission: null,
    rateLimit: 'resend',
  },
  unsubscribe: {
    method: 'POST',
    path: '/api/auth/unsubscribe',
    permission: null,
    rateLimit: 'unsubscribe',
  },
  subscriptionStatus: publicGet('/api/auth/stats'),
  subscriptionData: publicGet('/api/auth/subscription/data'),
  subscriptionGet: publicGet('/api/auth/subscription/data/profile'),
  subscriptionProfileUpdate: {
    method: 'PUT',
    path: '/api/auth/subscription/profile',
    permission: null,
  },
  subscriptionPreferencesUpdate: {
    method: 'PUT',
    path: '/api/auth/subscription/preferences',
    permission: null,
  },
  subscriptionDelete: { method: 'DELETE', path: '/api/auth/subscription/delete', permission: null },

  // Relays reporting bounces and complaints; each request proves itself (a signature, or Basic
  // credentials) before its body, in the relay's own format, is read
  mailgunWebhook: {
    method: 'POST',
    path: '/api/mail/webhooks/mailgun',
    permission: null,
    rateLimit: 'webhook',
  },
  postmarkWebhook: {
    method: 'POST',
    path: '/api/mail/webhooks/postmark',
    permission: null,
    rateLimit: 'webhook',
  },
  sesWebhook: {
    method: 'POST',
    path: '/api/mail/webhooks/ses',
    permission: null,
    rateLimit: 'webhook',
  },

  // Webmention (issue 38 item 5): any site says one of its pages links to one of our posts, in a
  // form (the W3C recommendation's shape), answered 202 and verified later
  webmention: { method: 'POST', path: '/webmention', permission: null, rateLimit: 'webmention' },

  // Signing in
  session: publicGet('/api/auth/session'),
  me: signedIn('GET', '/api/auth/me'),
  logout: { method: 'POST', path: '/api/auth/logout', permission: null },
  magicLinkRequest: {
    method: 'POST',
    path: '/api/auth/magic-link',
    permission: null,
    rateLimit: 'magic-link',
  },
  magicLinkCode: { method: 'POST', path: '/api/auth/magic-link/code', permission: null },
  // "Also create a member account" (issue 26): the confirming browser signs in, by POST
  subscriptionAccount: {
    method: 'POST',
    path: '/api/auth/subscription/account',
    permission: null,
  },
  oauthProviders: publicGet('/api/oauth/providers'),
  /** A navigation (the browser follows its redirects to the provider), not a JSON call. */
  oauthAuthorize: publicGet('/api/oauth/authorize'),
  sessionList: signedIn('GET', '/api/auth/sessions'),
  sessionRevoke: signedIn('DELETE', '/api/auth/sessions/:id'),
  accountList: signedIn('GET', '/api/auth/accounts'),
  accountPrimary: signedIn('PUT', '/api/auth/accounts/primary'),
  accountUnlink: signedIn('DELETE', '/api/auth/accounts/:provider'),

  // Members area
  dashboard: signedIn('GET', '/api/members/dashboard'),
  profileGet: signedIn('GET', '/api/members/profile'),
  profileUpdate: { method: 'PUT', path: '/api/members/profile', permission: 'edit_profile' },
  // Anyone signed in: whoever once commented gets reply emails, whatever their role now.
  notificationsGet: signedIn('GET', '/api/members/notifications'),
  notificationsUpdate: signedIn('PUT', '/api/members/notifications'),
  /** A download (Content-Disposition), not a JSON call. */
  dataExport: signedIn('GET', '/api/members/export'),
  accountDelete: signedIn('DELETE', '/api/members/account'),
  directory: signedIn('GET', '/api/members/directory'),

  // Bookmarks
  bookmarkList: { method: 'GET', path: '/api/members/bookmarks', permission: 'bookmark' },
  bookmarkStatus: { method: 'GET', path: '/api/members/bookmarks/:postId', permission: 'bookmark' },
  bookmarkAdd: { method: 'PUT', path: '/api/members/bookmarks/:postId', permission: 'bookmark' },
  bookmarkRemove: {
    method: 'DELETE',
    path: '/api/members/bookmarks/:postId',
    permission: 'bookmark',
  },

  // Discussions: taking part (commenting, starting a thread, reporting) is `comment`
  threadList: signedIn('GET', '/api/discussions'),
  threadCreate: { method: 'POST', path: '/api/discussions', permission: 'comment' },
  threadGet: signedIn('GET', '/api/discussions/threads/:threadId'),
  postThreadGet: signedIn('GET', '/api/discussions/posts/:postId'),
  threadComment: {
    method: 'POST',
    path: '/api/discussions/threads/:threadId/comments',
    permission: 'comment',
  },
  postComment: {
    method: 'POST',
    path: '/api/discussions/posts/:postId/comments',
    permission: 'comment',
  },
  commentEdit: {
    method: 'PATCH',
    path: '/api/discussions/comments/:commentId',
    permission: 'comment',
  },
  commentDelete: {
    method: 'DELETE',
    path: '/api/discussions/comments/:commentId',
    permission: 'comment',
  },
  commentReport: {
    method: 'POST',
    path: '/api/discussions/comments/:commentId/reports',
    permission: 'comment',
  },

  // Events
  eventList: signedIn('GET', '/api/events'),
  /** An iCalendar download, not a JSON call. */
  eventCalendar: signedIn('GET', '/api/events/:eventId/ics'),
  eventRsvp: { method: 'PUT', path: '/api/events/:eventId/rsvp', permission: 'comment' },
  eventRsvpCancel: { method: 'DELETE', path: '/api/events/:eventId/rsvp', permission: 'comment' },

  // Moderation
  moderationQueue: {
    method: 'GET',
    path: '/api/moderation/queue',
    permission: 'moderate_comments',
  },
  commentHide: {
    method: 'POST',
    path: '/api/moderation/comments/:commentId/hide',
    permission: 'hide_content',
  },
  commentUnhide: {
    method: 'POST',
    path: '/api/moderation/comments/:commentId/unhide',
    permission: 'hide_content',
  },
  commentRemove: {
    method: 'DELETE',
    path: '/api/moderation/comments/:commentId',
    permission: 'delete_content',
  },
  reportsDismiss: {
    method: 'POST',
    path: '/api/moderation/comments/:commentId/dismiss',
    permission: 'manage_flags',
  },
  moderationUser: {
    method: 'GET',
    path: '/api/moderation/users/:userId',
    permission: 'moderate_comments',
  },
  userWarn: {
    method: 'POST',
    path: '/api/moderation/users/:userId/warnings',
    permission: 'warn_users',
  },
  userTempBan: {
    method: 'POST',
    path: '/api/moderation/users/:userId/ban',
    permission: 'temp_ban_users',
  },
  userUnban: {
    method: 'DELETE',
    path: '/api/moderation/users/:userId/ban',
    permission: 'temp_ban_users',
  },
  moderationLog: {
    method: 'GET',
    path: '/api/moderation/log',
    permission: 'view_moderation_logs',
  },

  // The social web (issue 38): replies from other servers, held for the moderators as the member
  // comments are, and blocks (the service checks a server's block needs more: decision 0036).
  adminRemoteReplies: {
    method: 'GET',
    path: '/api/admin/fediverse/replies',
    permission: 'moderate_comments',
  },
  adminRemoteReplyApprove: {
    method: 'POST',
    path: '/api/admin/fediverse/replies/:replyId/approve',
    permission: 'moderate_comments',
  },
  adminRemoteReplyReject: {
    method: 'POST',
    path: '/api/admin/fediverse/replies/:replyId/reject',
    permission: 'moderate_comments',
  },
  adminFediverseBlocks: {
    method: 'GET',
    path: '/api/admin/fediverse/blocks',
    permission: FEDIVERSE_BLOCK_PERMISSIONS.account,
  },
  adminFediverseBlockCreate: {
    method: 'POST',
    path: '/api/admin/fediverse/blocks',
    permission: FEDIVERSE_BLOCK_PERMISSIONS.account,
  },
  adminFediverseBlockDelete: {
    method: 'DELETE',
    path: '/api/admin/fediverse/blocks/:blockId',
    permission: FEDIVERSE_BLOCK_PERMISSIONS.account,
  },

  // The owner's console
  adminUsers: { method: 'GET', path: '/api/admin/users', permission: 'manage_users' },
  adminRoleAssign: {
    method: 'PUT',
    path: '/api/admin/users/:userId/role',
    permission: 'assign_roles',
  },
  adminBan: { method: 'POST', path: '/api/admin/users/:userId/ban', permission: 'permanent_ban' },
  adminUserDelete: {
    method: 'DELETE',
    path: '/api/admin/users/:userId',
    permission: 'manage_users',
  },
  adminSubscribers: { method: 'GET', path: '/api/admin/subscribers', permission: 'manage_users' },
  /** A CSV download, not a JSON call. */
  adminSubscribersExport: {
    method: 'GET',
    path: '/api/admin/subscribers/export',
    permission: 'export_data',
  },
  adminSubscribersImport: {
    method: 'POST',
    path: '/api/admin/subscribers/import',
    permission: 'manage_users',
  },
  // One subscriber opened from the list, and the owner's unsubscribe (kept in its consent history)
  adminSubscriber: {
    method: 'GET',
    path: '/api/admin/subscribers/:subscriberId',
    permission: 'manage_users',
  },
  adminSubscriberUnsubscribe: {
    method: 'POST',
    path: '/api/admin/subscribers/:subscriberId/unsubscribe',
    permission: 'manage_users',
  },
  // The social web's audience (issue 38 item 6): the handle, followers, each post's deliveries
  adminFediverse: owner('GET', '/api/admin/fediverse'),
  adminFediverseFollowers: owner('GET', '/api/admin/fediverse/followers'),
  adminFediverseDeliveries: owner('GET', '/api/admin/fediverse/deliveries'),
  adminAnalytics: { method: 'GET', path: '/api/admin/analytics', permission: 'view_analytics' },
  adminAnalyticsTraffic: {
    method: 'GET',
    path: '/api/admin/analytics/traffic',
    permission: 'view_analytics',
  },
  // A page's newsletter issue and its results, for anyone who reads the figures: the issue's own
  // page (who bounced, the send's controls) stays the owner's
  adminAnalyticsIssue: {
    method: 'GET',
    path: '/api/admin/analytics/issue',
    permission: 'view_analytics',
  },
  adminSettingsGet: { method: 'GET', path: '/api/admin/settings', permission: 'manage_settings' },
  adminSettingsUpdate: {
    method: 'PUT',
    path: '/api/admin/settings',
    permission: 'manage_settings',
  },
  adminContentSync: owner('POST', '/api/admin/content/sync'),
  // Who the site is: content/site.yml, read and rewritten (docs/decisions/0016)
  adminSiteGet: owner('GET', '/api/admin/site'),
  adminSiteUpdate: owner('PUT', '/api/admin/site'),
  // Writing in the browser: the Markdown files, their revisions and the trash (issue 24)
  adminWritingList: owner('GET', '/api/admin/writing'),
  adminWritingCreate: owner('POST', '/api/admin/writing'),
  adminWritingFile: owner('GET', '/api/admin/writing/file'),
  adminWritingSave: owner('PUT', '/api/admin/writing/file'),
  adminWritingRemove: owner('DELETE', '/api/admin/writing/file'),
  adminWritingPreview: owner('POST', '/api/admin/writing/preview'),
  adminWritingRevisions: owner('GET', '/api/admin/writing/revisions'),
  adminWritingRevision: owner('GET', '/api/admin/writing/revisions/:revisionId'),
  adminWritingRevisionRestore: owner('POST', '/api/admin/writing/revisions/:revisionId/restore'),
  adminWritingTrash: owner('GET', '/api/admin/writing/trash'),
  adminWritingTrashRestore: owner('POST', '/api/admin/writing/trash/:trashId/restore'),
  /** The image's bytes as the request body, not JSON. */
  adminImageUpload: owner('POST', '/api/admin/images'),
  // Moving in and out (issue 27): an export's bytes in (a dry run first), everything out as a zip
  adminImport: owner('POST', '/api/admin/import'),
  /** A zip download, not a JSON call. */
  adminExport: { method: 'GET', path: '/api/admin/export', permission: 'export_data' },
  adminEvents: owner('GET', '/api/admin/events'),
  adminEventCreate: owner('POST', '/api/admin/events'),
  adminEventUpdate: owner('PUT', '/api/admin/events/:eventId'),
  adminEventDelete: owner('DELETE', '/api/admin/events/:eventId'),

  // The newsletter console
  newsletterSources: owner('GET', '/api/admin/newsletter/sources'),
  newsletterIssueList: owner('GET', '/api/admin/newsletter/issues'),
  newsletterIssueCreate: owner('POST', '/api/admin/newsletter/issues'),
  newsletterIssueGet: owner('GET', '/api/admin/newsletter/issues/:issueId'),
  newsletterIssueDelete: owner('DELETE', '/api/admin/newsletter/issues/:issueId'),
  newsletterIssuePreview: owner('GET', '/api/admin/newsletter/issues/:issueId/preview'),
  newsletterIssueTest: owner('POST', '/api/admin/newsletter/issues/:issueId/test'),
  newsletterIssueSend: owner('POST', '/api/admin/newsletter/issues/:issueId/send'),
  newsletterIssuePause: owner('POST', '/api/admin/newsletter/issues/:issueId/pause'),
  newsletterIssueResume: owner('POST', '/api/admin/newsletter/issues/:issueId/resume'),
  newsletterIssueCancel: owner('POST', '/api/admin/newsletter/issues/:issueId/cancel'),
  newsletterUncertainResolve: owner('POST', '/api/admin/newsletter/issues/:issueId/uncertain'),
  newsletterDeliverability: owner('POST', '/api/admin/newsletter/deliverability'),
} as const satisfies Record<string, ApiRoute>;

export type ApiRouteName = keyof typeof API_ROUTES;

/** A route's path with its `:name` segments filled in (URI-encoded). */
export function apiPath(route: ApiRoute, params: Record<string, string | number> = {}): string {
  return fillPath(route.path, params, 'apiPath');
}

export interface RouteMatch {
  name: ApiRouteName;
  params: Record<string, string>;
}

const matchers = (Object.keys(API_ROUTES) as ApiRouteName[]).map((name) => {
  const { method, path } = API_ROUTES[name];
  const keys: string[] = [];
  const pattern = path.replace(/:([A-Za-z]+)/g, (_match, key: string) => {
    keys.push(key);
    return '([^/]+)';
  });
  return { name, method, keys, regex: new RegExp(`^${pattern}/?$`) };
});

/**
 * The catalogue entry a request is for, with its decoded path parameters; null when none is.
 * Literal segments win over parameters (`/api/now/archives` is not the archive called
 * "archives"), as Express picks the first route mounted.
 */
export function matchApiRoute(method: string, pathname: string): RouteMatch | null {
  let best: (RouteMatch & { literal: number }) | null = null;
  for (const matcher of matchers) {
    if (matcher.method !== method) continue;
    const found = matcher.regex.exec(pathname);
    if (!found) continue;
    const params = Object.fromEntries(
      matcher.keys.map((key, index) => [key, decodeURIComponent(found[index + 1]!)]),
    );
    const literal = API_ROUTES[matcher.name].path.length - matcher.keys.join('').length;
    if (!best || literal > best.literal) best = { name: matcher.name, params, literal };
  }
  return best && { name: best.name, params: best.params };
}
