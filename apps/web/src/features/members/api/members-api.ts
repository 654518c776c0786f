/**
 * The members area's calls, one function each, built from the domain's route table and parsed
 * with its response schemas. Components get them through `useMembersApi()`, so tests pass a fake
 * API client in through context.
 */
import {
  MEMBER_API_ROUTES as R,
  accountProviderSchema,
  analyticsResponseSchema,
  apiPath,
  adminEventListResponseSchema,
  adminSubscribersResponseSchema,
  adminUserResponseSchema,
  adminUsersResponseSchema,
  bookmarkListResponseSchema,
  bookmarkStatusResponseSchema,
  commentResponseSchema,
  contentSyncResponseSchema,
  dashboardResponseSchema,
  directoryResponseSchema,
  eventListResponseSchema,
  eventResponseSchema,
  importResultSchema,
  linkedAccountsResponseSchema,
  messageResponseSchema,
  moderationLogResponseSchema,
  moderationQueueResponseSchema,
  moderationUserResponseSchema,
  profileResponseSchema,
  sessionListResponseSchema,
  siteSettingsResponseSchema,
  threadListResponseSchema,
  threadResponseSchema,
  threadSummarySchema,
  type AssignableRole,
  type EventInput,
  type ModerationAction,
  type NewsletterPreferences,
  type OAuthProvider,
  type ProfileUpdate,
  type SignInMethod,
  type SiteSettings,
  type SubscriberFilter,
  type ThreadCreate,
} from '@quillpost/domain';
import { useMemo } from 'react';
import { z } from 'zod';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

const ok = z.object({ success: z.literal(true) });
const threadCreatedSchema = ok.extend({ thread: threadSummarySchema });
const subscriptionAnswerSchema = z.object({ success: z.literal(true), message: z.string() });

type Signal = { signal?: AbortSignal };

export function createMembersApi(api: ApiClient) {
  return {
    // Members area
    dashboard: (o: Signal = {}) =>
      api.get(apiPath(R.dashboard), { ...o, schema: dashboardResponseSchema }),
    profile: (o: Signal = {}) =>
      api.get(apiPath(R.profileGet), { ...o, schema: profileResponseSchema }),
    updateProfile: (input: ProfileUpdate) =>
      api.put(apiPath(R.profileUpdate), input, { schema: profileResponseSchema }),
    /** Where the browser downloads "my data" from (a same-origin navigation carries the cookie). */
    exportUrl: () => api.url(apiPath(R.dataExport)),
    deleteAccount: () =>
      api.delete(
        apiPath(R.accountDelete),
        { confirmDelete: true },
        { schema: messageResponseSchema },
      ),
    directory: (q: string, o: Signal = {}) =>
      api.get(apiPath(R.directory), { ...o, query: { q }, schema: directoryResponseSchema }),

    // Account: the auth module's calls and the newsletter subscription's
    linkedAccounts: (o: Signal = {}) =>
      api.get('/api/auth/accounts', { ...o, schema: linkedAccountsResponseSchema }),
    setPrimaryAccount: (provider: SignInMethod) =>
      api.put('/api/auth/accounts/primary', accountProviderSchema.parse({ provider }), {
        schema: linkedAccountsResponseSchema,
      }),
    unlinkAccount: (provider: SignInMethod) =>
      api.delete(`/api/auth/accounts/${encodeURIComponent(provider)}`, undefined, {
        schema: linkedAccountsResponseSchema,
      }),
    linkAccountUrl: (provider: OAuthProvider, returnUrl: string) =>
      api.url('/api/oauth/authorize', { provider, return_url: returnUrl, mode: 'link' }),
    sessions: (o: Signal = {}) =>
      api.get('/api/auth/sessions', { ...o, schema: sessionListResponseSchema }),
    revokeSession: (id: string) => api.delete(`/api/auth/sessions/${encodeURIComponent(id)}`),
    updatePreferences: (email: string, preferences: NewsletterPreferences) =>
      api.put(
        '/api/auth/subscription/preferences',
        { email, preferences },
        { schema: subscriptionAnswerSchema },
      ),

    // Bookmarks
    bookmarks: (o: Signal = {}) =>
      api.get(apiPath(R.bookmarkList), { ...o, schema: bookmarkListResponseSchema }),
    bookmarkStatus: (postId: string, o: Signal = {}) =>
      api.get(apiPath(R.bookmarkStatus, { postId }), {
        ...o,
        schema: bookmarkStatusResponseSchema,
      }),
    addBookmark: (postId: string) =>
      api.put(apiPath(R.bookmarkAdd, { postId }), undefined, {
        schema: bookmarkStatusResponseSchema,
      }),
    removeBookmark: (postId: string) =>
      api.delete(apiPath(R.bookmarkRemove, { postId }), undefined, {
        schema: bookmarkStatusResponseSchema,
      }),

    // Discussions
    threads: (o: Signal = {}) =>
      api.get(apiPath(R.threadList), { ...o, schema: threadListResponseSchema }),
    startThread: (input: ThreadCreate) =>
      api.post(apiPath(R.threadCreate), input, { schema: threadCreatedSchema }),
    thread: (threadId: string, o: Signal = {}) =>
      api.get(apiPath(R.threadGet, { threadId }), { ...o, schema: threadResponseSchema }),
    postThread: (postId: string, o: Signal = {}) =>
      api.get(apiPath(R.postThreadGet, { postId }), { ...o, schema: threadResponseSchema }),
    commentOnThread: (threadId: string, body: string, parentId?: number) =>
      api.post(
        apiPath(R.threadComment, { threadId }),
        { body, parentId },
        { schema: commentResponseSchema },
      ),
    commentOnPost: (postId: string, body: string, parentId?: number) =>
      api.post(
        apiPath(R.postComment, { postId }),
        { body, parentId },
        { schema: commentResponseSchema },
      ),
    editComment: (commentId: number, body: string) =>
      api.request('PATCH', apiPath(R.commentEdit, { commentId }), {
        body: { body },
        schema: commentResponseSchema,
      }),
    deleteComment: (commentId: number) => api.delete(apiPath(R.commentDelete, { commentId })),
    reportComment: (commentId: number, reason: string) =>
      api.post(apiPath(R.commentReport, { commentId }), { reason }),

    // Events
    events: (o: Signal = {}) =>
      api.get(apiPath(R.eventList), { ...o, schema: eventListResponseSchema }),
    rsvp: (eventId: number) =>
      api.put(apiPath(R.eventRsvp, { eventId }), undefined, { schema: eventResponseSchema }),
    cancelRsvp: (eventId: number) =>
      api.delete(apiPath(R.eventRsvpCancel, { eventId }), undefined, {
        schema: eventResponseSchema,
      }),
    calendarUrl: (eventId: number) => api.url(apiPath(R.eventCalendar, { eventId })),

    // Moderation
    moderationQueue: (o: Signal = {}) =>
      api.get(apiPath(R.moderationQueue), { ...o, schema: moderationQueueResponseSchema }),
    hideComment: (commentId: number, reason: string) =>
      api.post(apiPath(R.commentHide, { commentId }), { reason }),
    unhideComment: (commentId: number) => api.post(apiPath(R.commentUnhide, { commentId }), {}),
    removeComment: (commentId: number, reason: string) =>
      api.delete(apiPath(R.commentRemove, { commentId }), { reason }),
    dismissReports: (commentId: number) => api.post(apiPath(R.reportsDismiss, { commentId }), {}),
    moderationUser: (userId: number, o: Signal = {}) =>
      api.get(apiPath(R.moderationUser, { userId }), {
        ...o,
        schema: moderationUserResponseSchema,
      }),
    warnUser: (userId: number, reason: string) =>
      api.post(apiPath(R.userWarn, { userId }), { reason }),
    tempBan: (userId: number, hours: number, reason: string) =>
      api.post(apiPath(R.userTempBan, { userId }), { hours, reason }),
    liftBan: (userId: number) => api.delete(apiPath(R.userUnban, { userId })),
    moderationLog: (page: number, action: ModerationAction | '', o: Signal = {}) =>
      api.get(apiPath(R.moderationLog), {
        ...o,
        query: { page, action: action || undefined },
        schema: moderationLogResponseSchema,
      }),

    // Admin
    users: (q: string, page: number, o: Signal = {}) =>
      api.get(apiPath(R.adminUsers), {
        ...o,
        query: { q, page },
        schema: adminUsersResponseSchema,
      }),
    assignRole: (userId: number, role: AssignableRole) =>
      api.put(
        apiPath(R.adminRoleAssign, { userId }),
        { role },
        { schema: adminUserResponseSchema },
      ),
    permanentBan: (userId: number, reason: string) =>
      api.post(apiPath(R.adminBan, { userId }), { reason }, { schema: adminUserResponseSchema }),
    deleteUser: (userId: number) => api.delete(apiPath(R.adminUserDelete, { userId })),
    subscribers: (status: SubscriberFilter | '', q: string, page: number, o: Signal = {}) =>
      api.get(apiPath(R.adminSubscribers), {
        ...o,
        query: { status: status || undefined, q, page },
        schema: adminSubscribersResponseSchema,
      }),
    subscribersExportUrl: (status: SubscriberFilter | '') =>
      api.url(apiPath(R.adminSubscribersExport), { status: status || undefined }),
    importSubscribers: (csv: string) =>
      api.post(apiPath(R.adminSubscribersImport), { csv }, { schema: importResultSchema }),
    analytics: (o: Signal = {}) =>
      api.get(apiPath(R.adminAnalytics), { ...o, schema: analyticsResponseSchema }),
    settings: (o: Signal = {}) =>
      api.get(apiPath(R.adminSettingsGet), { ...o, schema: siteSettingsResponseSchema }),
    updateSettings: (patch: Partial<SiteSettings>) =>
      api.put(apiPath(R.adminSettingsUpdate), patch, { schema: siteSettingsResponseSchema }),
    syncContent: () =>
      api.post(apiPath(R.adminContentSync), {}, { schema: contentSyncResponseSchema }),
    adminEvents: (o: Signal = {}) =>
      api.get(apiPath(R.adminEvents), { ...o, schema: adminEventListResponseSchema }),
    createEvent: (input: EventInput) =>
      api.post(apiPath(R.adminEventCreate), input, { schema: eventResponseSchema }),
    updateEvent: (eventId: number, input: EventInput) =>
      api.put(apiPath(R.adminEventUpdate, { eventId }), input, { schema: eventResponseSchema }),
    deleteEvent: (eventId: number) => api.delete(apiPath(R.adminEventDelete, { eventId })),
  };
}

export type MembersApi = ReturnType<typeof createMembersApi>;

export function useMembersApi(): MembersApi {
  const api = useApiClient();
  return useMemo(() => createMembersApi(api), [api]);
}
