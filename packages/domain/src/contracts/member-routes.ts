/**
 * The route table of the members, community, moderation and admin endpoints, with each one's
 * permission. Zod-free on purpose: the post page's bookmark button builds its URLs from here
 * without loading the schemas.
 */
import type { Permission } from '../roles.js';

export type ApiMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRoute {
  method: ApiMethod;
  /** Express-style path; `:name` segments are filled by `apiPath`. */
  path: string;
  /** The section 6 permission the server checks (signed out is 401, lacking it 403). */
  permission: Permission;
}

/**
 * Every members, community, moderation and admin endpoint with its permission. `view_content`
 * on a route here means "signed in, any role": requirePermission answers 401 to visitors.
 * Taking part (commenting, starting a thread, reporting, RSVP) is the `comment` permission.
 */
export const MEMBER_API_ROUTES = {
  // Members area
  dashboard: { method: 'GET', path: '/api/members/dashboard', permission: 'view_content' },
  profileGet: { method: 'GET', path: '/api/members/profile', permission: 'view_content' },
  profileUpdate: { method: 'PUT', path: '/api/members/profile', permission: 'edit_profile' },
  dataExport: { method: 'GET', path: '/api/members/export', permission: 'view_content' },
  accountDelete: { method: 'DELETE', path: '/api/members/account', permission: 'view_content' },
  directory: { method: 'GET', path: '/api/members/directory', permission: 'view_content' },
  // Bookmarks
  bookmarkList: { method: 'GET', path: '/api/members/bookmarks', permission: 'bookmark' },
  bookmarkStatus: { method: 'GET', path: '/api/members/bookmarks/:postId', permission: 'bookmark' },
  bookmarkAdd: { method: 'PUT', path: '/api/members/bookmarks/:postId', permission: 'bookmark' },
  bookmarkRemove: {
    method: 'DELETE',
    path: '/api/members/bookmarks/:postId',
    permission: 'bookmark',
  },
  // Discussions
  threadList: { method: 'GET', path: '/api/discussions', permission: 'view_content' },
  threadCreate: { method: 'POST', path: '/api/discussions', permission: 'comment' },
  threadGet: {
    method: 'GET',
    path: '/api/discussions/threads/:threadId',
    permission: 'view_content',
  },
  postThreadGet: {
    method: 'GET',
    path: '/api/discussions/posts/:postId',
    permission: 'view_content',
  },
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
  eventList: { method: 'GET', path: '/api/events', permission: 'view_content' },
  eventCalendar: { method: 'GET', path: '/api/events/:eventId/ics', permission: 'view_content' },
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
  // Admin
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
  adminAnalytics: { method: 'GET', path: '/api/admin/analytics', permission: 'view_analytics' },
  adminSettingsGet: { method: 'GET', path: '/api/admin/settings', permission: 'manage_settings' },
  adminSettingsUpdate: {
    method: 'PUT',
    path: '/api/admin/settings',
    permission: 'manage_settings',
  },
  adminContentSync: { method: 'POST', path: '/api/admin/content/sync', permission: 'admin_system' },
  adminEvents: { method: 'GET', path: '/api/admin/events', permission: 'admin_system' },
  adminEventCreate: { method: 'POST', path: '/api/admin/events', permission: 'admin_system' },
  adminEventUpdate: {
    method: 'PUT',
    path: '/api/admin/events/:eventId',
    permission: 'admin_system',
  },
  adminEventDelete: {
    method: 'DELETE',
    path: '/api/admin/events/:eventId',
    permission: 'admin_system',
  },
} as const satisfies Record<string, ApiRoute>;

export type MemberApiRouteName = keyof typeof MEMBER_API_ROUTES;

/** A route's path with its `:name` segments filled in (URI-encoded). */
export function apiPath(route: ApiRoute, params: Record<string, string | number> = {}): string {
  return route.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: missing :${name} for ${route.path}`);
    return encodeURIComponent(String(value));
  });
}
