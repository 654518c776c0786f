/**
 * The members area's calls, one function each, by endpoint name from the domain's catalogue,
 * their answers checked with its response schemas. Components get them through
 * `useMembersApi()`, so tests pass a fake API client in through context.
 */
import {
  accountProviderSchema,
  type Comment,
  type ModerationAction,
  type NewsletterPreferences,
  type OAuthProvider,
  type ProfileUpdate,
  type SignInMethod,
  type ThreadCreate,
} from '@quillpost/domain';
import { useMemo } from 'react';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { withResponseChecks } from '../../../lib/checked-api-client';

type Signal = { signal?: AbortSignal };

/** What a reply answers: a member's comment, or a reply from another server (decision 0033). */
export type ReplyTo = { parentId?: number; answersReplyId?: number };

export const replyTo = (answered: Comment): ReplyTo =>
  answered.remote ? { answersReplyId: answered.id } : { parentId: answered.id };

export function createMembersApi(client: ApiClient) {
  const api = withResponseChecks(client);
  return {
    // Members area
    dashboard: (o: Signal = {}) => api.call('dashboard', o),
    profile: (o: Signal = {}) => api.call('profileGet', o),
    updateProfile: (input: ProfileUpdate) => api.call('profileUpdate', { body: input }),
    notifications: (o: Signal = {}) => api.call('notificationsGet', o),
    updateNotifications: (replies: boolean) =>
      api.call('notificationsUpdate', { body: { replies } }),
    /** Where the browser downloads "my data" from (a same-origin navigation carries the cookie). */
    exportUrl: () => api.url('dataExport'),
    deleteAccount: () => api.call('accountDelete', { body: { confirmDelete: true } }),
    directory: (q: string, o: Signal = {}) => api.call('directory', { ...o, query: { q } }),

    // Account: the auth module's calls and the newsletter subscription's
    linkedAccounts: (o: Signal = {}) => api.call('accountList', o),
    setPrimaryAccount: (provider: SignInMethod) =>
      api.call('accountPrimary', { body: accountProviderSchema.parse({ provider }) }),
    unlinkAccount: (provider: SignInMethod) => api.call('accountUnlink', { params: { provider } }),
    linkAccountUrl: (provider: OAuthProvider, returnUrl: string) =>
      api.url('oauthAuthorize', { query: { provider, return_url: returnUrl, mode: 'link' } }),
    sessions: (o: Signal = {}) => api.call('sessionList', o),
    revokeSession: (id: string) => api.call('sessionRevoke', { params: { id } }),
    updatePreferences: (email: string, preferences: NewsletterPreferences) =>
      api.call('subscriptionPreferencesUpdate', { body: { email, preferences } }),

    // Bookmarks
    bookmarks: (o: Signal = {}) => api.call('bookmarkList', o),
    bookmarkStatus: (postId: string, o: Signal = {}) =>
      api.call('bookmarkStatus', { ...o, params: { postId } }),
    addBookmark: (postId: string) => api.call('bookmarkAdd', { params: { postId } }),
    removeBookmark: (postId: string) => api.call('bookmarkRemove', { params: { postId } }),

    // Discussions
    threads: (o: Signal = {}) => api.call('threadList', o),
    startThread: (input: ThreadCreate) => api.call('threadCreate', { body: input }),
    thread: (threadId: string, o: Signal = {}) =>
      api.call('threadGet', { ...o, params: { threadId } }),
    postThread: (postId: string, o: Signal = {}) =>
      api.call('postThreadGet', { ...o, params: { postId } }),
    commentOnThread: (threadId: string, body: string, to: ReplyTo = {}) =>
      api.call('threadComment', { params: { threadId }, body: { body, ...to } }),
    commentOnPost: (postId: string, body: string, to: ReplyTo = {}) =>
      api.call('postComment', { params: { postId }, body: { body, ...to } }),
    editComment: (commentId: number, body: string) =>
      api.call('commentEdit', { params: { commentId }, body: { body } }),
    deleteComment: (commentId: number) => api.call('commentDelete', { params: { commentId } }),
    reportComment: (commentId: number, reason: string) =>
      api.call('commentReport', { params: { commentId }, body: { reason } }),

    // Events
    events: (o: Signal = {}) => api.call('eventList', o),
    rsvp: (eventId: number) => api.call('eventRsvp', { params: { eventId } }),
    cancelRsvp: (eventId: number) => api.call('eventRsvpCancel', { params: { eventId } }),
    calendarUrl: (eventId: number) => api.url('eventCalendar', { params: { eventId } }),

    // Moderation
    moderationQueue: (o: Signal = {}) => api.call('moderationQueue', o),
    hideComment: (commentId: number, reason: string) =>
      api.call('commentHide', { params: { commentId }, body: { reason } }),
    unhideComment: (commentId: number) =>
      api.call('commentUnhide', { params: { commentId }, body: {} }),
    removeComment: (commentId: number, reason: string) =>
      api.call('commentRemove', { params: { commentId }, body: { reason } }),
    // Replies from other servers, the moderators' as the comments are (decisions 0033, 0036).
    heldRemoteReplies: (o: Signal = {}) =>
      api.call('adminRemoteReplies', { ...o, query: { status: 'held' } }),
    approveRemoteReply: (replyId: number) =>
      api.call('adminRemoteReplyApprove', { params: { replyId } }),
    rejectRemoteReply: (replyId: number) =>
      api.call('adminRemoteReplyReject', { params: { replyId } }),
    blockRemoteAccount: (value: string) =>
      api.call('adminFediverseBlockCreate', { body: { kind: 'account', value } }),
    dismissReports: (commentId: number) =>
      api.call('reportsDismiss', { params: { commentId }, body: {} }),
    moderationUser: (userId: number, o: Signal = {}) =>
      api.call('moderationUser', { ...o, params: { userId } }),
    warnUser: (userId: number, reason: string) =>
      api.call('userWarn', { params: { userId }, body: { reason } }),
    tempBan: (userId: number, hours: number, reason: string) =>
      api.call('userTempBan', { params: { userId }, body: { hours, reason } }),
    liftBan: (userId: number) => api.call('userUnban', { params: { userId } }),
    moderationLog: (page: number, action: ModerationAction | '', o: Signal = {}) =>
      api.call('moderationLog', { ...o, query: { page, action: action || undefined } }),

    // What a member's account page offers to link.
    oauthProviders: (o: Signal = {}) => api.call('oauthProviders', o),
  };
}

export type MembersApi = ReturnType<typeof createMembersApi>;

export function useMembersApi(): MembersApi {
  const api = useApiClient();
  return useMemo(() => createMembersApi(api), [api]);
}
