/**
 * The request and response schemas of every endpoint in `API_ROUTES`, under the same names
 * (the `satisfies` clause makes a missing one a type error). The API validates requests with
 * them before a handler runs; tests validate every answer with them; the web's typed client
 * derives its argument and result types from them, and checks answers with them where a
 * feature's bundle already carries zod. `response: null` marks a navigation or a download.
 */
import { z } from 'zod';
import type { ApiRouteName } from './endpoints.js';
import {
  accountProviderSchema,
  linkedAccountsResponseSchema,
  magicLinkCodeRequestSchema,
  magicLinkCodeResponseSchema,
  magicLinkRequestSchema,
  meResponseSchema,
  oauthAuthorizeQuerySchema,
  oauthProvidersResponseSchema,
  sessionIdParamsSchema,
  sessionListResponseSchema,
  sessionResponseSchema,
  statsQuerySchema,
  statsResponseSchema,
} from './auth.js';
import { messageResponseSchema } from './common.js';
import { webmentionBodySchema } from './webmention.js';
import { siteFileResponseSchema, siteFileSchema } from './site-identity.js';
import {
  analyticsHitSchema,
  pageIssueQuerySchema,
  pageIssueResponseSchema,
  trafficQuerySchema,
  trafficResponseSchema,
} from './analytics.js';
import {
  imageUploadQuerySchema,
  imageUploadResponseSchema,
  revisionListResponseSchema,
  revisionParamsSchema,
  revisionResponseSchema,
  revisionRestoreBodySchema,
  trashListResponseSchema,
  trashParamsSchema,
  trashRestoreResponseSchema,
  writingCreateBodySchema,
  writingFileQuerySchema,
  writingFileResponseSchema,
  writingListResponseSchema,
  writingPreviewBodySchema,
  writingPreviewResponseSchema,
  writingRemoveResponseSchema,
  writingSaveBodySchema,
  writingSaveResponseSchema,
} from './writing.js';
import { importQuerySchema, importResponseSchema } from './portability.js';
import {
  fediverseDeliveriesResponseSchema,
  fediverseFollowersQuerySchema,
  fediverseFollowersResponseSchema,
  fediverseOverviewResponseSchema,
} from './fediverse-audience.js';
import {
  bookListQuerySchema,
  bookListResponseSchema,
  bookSchema,
  categoryListResponseSchema,
  journalEntrySchema,
  journalListResponseSchema,
  linksPageSchema,
  siteSchema,
  nowArchiveListResponseSchema,
  nowPageSchema,
  pageSchema,
  poemListResponseSchema,
  poemSchema,
  projectListResponseSchema,
  projectSchema,
  searchQuerySchema,
  searchResponseSchema,
} from './content.js';
import {
  adminUserResponseSchema,
  adminUsersQuerySchema,
  adminUsersResponseSchema,
  analyticsResponseSchema,
  roleAssignSchema,
} from './admin.js';
import {
  bookmarkListResponseSchema,
  bookmarkStatusResponseSchema,
  postIdParamsSchema,
} from './bookmarks.js';
import { contentSyncResponseSchema } from './content-sync.js';
import { directoryQuerySchema, directoryResponseSchema } from './directory.js';
import {
  commentCountsResponseSchema,
  commentCreateSchema,
  commentEditSchema,
  commentIdParamsSchema,
  commentResponseSchema,
  postConversationResponseSchema,
  reportCreateSchema,
  threadCreateSchema,
  threadIdParamsSchema,
  threadListResponseSchema,
  threadResponseSchema,
  threadSummarySchema,
} from './discussions.js';
import {
  adminEventListResponseSchema,
  eventIdParamsSchema,
  eventInputSchema,
  eventListResponseSchema,
  eventResponseSchema,
} from './events.js';
import {
  accountDeleteSchema,
  dashboardResponseSchema,
  notificationSettingsResponseSchema,
  notificationSettingsSchema,
  profileResponseSchema,
  profileUpdateSchema,
} from './members.js';
import {
  banStateSchema,
  moderationActionSchema,
  moderationLogQuerySchema,
  moderationLogResponseSchema,
  moderationQueueResponseSchema,
  moderationUserResponseSchema,
  permanentBanSchema,
  tempBanSchema,
  userIdParamsSchema,
  warnSchema,
} from './moderation.js';
import {
  fediverseBlockCreateSchema,
  fediverseBlockIdParamsSchema,
  fediverseBlockListResponseSchema,
  fediverseBlockSchema,
  remoteReplyIdParamsSchema,
  remoteReplyListQuerySchema,
  remoteReplyListResponseSchema,
  remoteReplySchema,
} from './fediverse.js';
import { siteSettingsResponseSchema, siteSettingsUpdateSchema } from './settings.js';
import {
  adminSubscriberDetailResponseSchema,
  adminSubscribersResponseSchema,
  importResultSchema,
  subscriberIdParamsSchema,
  subscriberImportSchema,
  subscribersExportQuerySchema,
  subscribersQuerySchema,
} from './subscribers.js';
import {
  newsletterIssueActionResponseSchema,
  newsletterIssueCreateSchema,
  newsletterIssueListResponseSchema,
  newsletterIssueParamsSchema,
  newsletterIssueResponseSchema,
  newsletterPreviewResponseSchema,
  newsletterSendSchema,
  newsletterSourcesResponseSchema,
  newsletterTestResponseSchema,
  deliverabilityReportSchema,
  uncertainResolveSchema,
} from './newsletter.js';
import { postListQuerySchema, postListResponseSchema, postResponseSchema } from './posts.js';
import {
  deleteSubscriptionRequestSchema,
  preferencesUpdateRequestSchema,
  profileUpdateRequestSchema,
  resendVerificationRequestSchema,
  subscribeRequestSchema,
  subscribeResponseSchema,
  subscriptionAccountRequestSchema,
  subscriptionDataResponseSchema,
  subscriptionQuerySchema,
  subscriptionSchema,
  unsubscribeRequestSchema,
  verifyQuerySchema,
  verifyResponseSchema,
} from './subscriptions.js';

export interface EndpointSchemas {
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 2xx JSON answer; null for a navigation or a download. */
  response: z.ZodType | null;
}

/** `{ success: true }`: the answer of calls that change something and report nothing more. */
export const okResponseSchema = z.object({ success: z.literal(true) });

const healthResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal('ok'),
  time: z.string(),
});
/** Content items are found by slug (or a post by slug or id); an unknown one is a 404. */
const slugParams = z.object({ slug: z.string() });
const postParams = z.object({ id: z.string() });
const unsubscribeResponseSchema = messageResponseSchema.extend({
  data: z.object({ unsubscribed: z.boolean() }),
});
const subscriptionUpdateResponseSchema = messageResponseSchema.extend({
  subscription: subscriptionSchema,
});
const threadCreatedResponseSchema = okResponseSchema.extend({ thread: threadSummarySchema });
const tempBanResponseSchema = okResponseSchema.extend({ ban: banStateSchema });

export const API_SCHEMAS = {
  health: { response: healthResponseSchema },

  posts: { query: postListQuerySchema, response: postListResponseSchema },
  post: {
    params: postParams,
    query: postListQuerySchema.pick({ t: true, refresh: true }),
    response: postResponseSchema,
  },
  postConversation: { params: slugParams, response: postConversationResponseSchema },
  journalConversation: { params: slugParams, response: postConversationResponseSchema },
  poemConversation: { params: slugParams, response: postConversationResponseSchema },
  commentCounts: { response: commentCountsResponseSchema },
  journal: { response: journalListResponseSchema },
  journalEntry: { params: slugParams, response: journalEntrySchema },
  poems: { response: poemListResponseSchema },
  poem: { params: slugParams, response: poemSchema },
  books: { query: bookListQuerySchema, response: bookListResponseSchema },
  book: { params: slugParams, response: bookSchema },
  projects: { response: projectListResponseSchema },
  project: { params: slugParams, response: projectSchema },
  now: { response: nowPageSchema },
  nowArchives: { response: nowArchiveListResponseSchema },
  nowArchive: { params: slugParams, response: nowPageSchema },
  categories: { response: categoryListResponseSchema },
  links: { response: linksPageSchema },
  site: { response: siteSchema },
  page: { params: slugParams, response: pageSchema },
  search: { query: searchQuerySchema, response: searchResponseSchema },

  subscribe: { body: subscribeRequestSchema, response: subscribeResponseSchema },
  verify: { query: verifyQuerySchema, response: verifyResponseSchema },
  resendVerification: { body: resendVerificationRequestSchema, response: messageResponseSchema },
  unsubscribe: { body: unsubscribeRequestSchema, response: unsubscribeResponseSchema },
  subscriptionStatus: { query: statsQuerySchema, response: statsResponseSchema },
  subscriptionData: { query: subscriptionQuerySchema, response: subscriptionDataResponseSchema },
  subscriptionGet: { query: subscriptionQuerySchema, response: subscriptionDataResponseSchema },
  subscriptionProfileUpdate: {
    body: profileUpdateRequestSchema,
    response: subscriptionUpdateResponseSchema,
  },
  subscriptionPreferencesUpdate: {
    body: preferencesUpdateRequestSchema,
    response: subscriptionUpdateResponseSchema,
  },
  subscriptionDelete: { body: deleteSubscriptionRequestSchema, response: messageResponseSchema },

  mailgunWebhook: { response: okResponseSchema },
  postmarkWebhook: { response: okResponseSchema },
  sesWebhook: { response: okResponseSchema },
  webmention: { body: webmentionBodySchema, response: messageResponseSchema },

  session: { response: sessionResponseSchema },
  me: { response: meResponseSchema },
  logout: { response: messageResponseSchema },
  magicLinkRequest: { body: magicLinkRequestSchema, response: messageResponseSchema },
  magicLinkCode: { body: magicLinkCodeRequestSchema, response: magicLinkCodeResponseSchema },
  subscriptionAccount: {
    body: subscriptionAccountRequestSchema,
    response: magicLinkCodeResponseSchema,
  },
  oauthProviders: { response: oauthProvidersResponseSchema },
  oauthAuthorize: { query: oauthAuthorizeQuerySchema, response: null },
  sessionList: { response: sessionListResponseSchema },
  sessionRevoke: { params: sessionIdParamsSchema, response: okResponseSchema },
  accountList: { response: linkedAccountsResponseSchema },
  accountPrimary: { body: accountProviderSchema, response: linkedAccountsResponseSchema },
  accountUnlink: { params: accountProviderSchema, response: linkedAccountsResponseSchema },

  dashboard: { response: dashboardResponseSchema },
  profileGet: { response: profileResponseSchema },
  profileUpdate: { body: profileUpdateSchema, response: profileResponseSchema },
  notificationsGet: { response: notificationSettingsResponseSchema },
  notificationsUpdate: {
    body: notificationSettingsSchema,
    response: notificationSettingsResponseSchema,
  },
  dataExport: { response: null },
  accountDelete: { body: accountDeleteSchema, response: messageResponseSchema },
  directory: { query: directoryQuerySchema, response: directoryResponseSchema },

  bookmarkList: { response: bookmarkListResponseSchema },
  bookmarkStatus: { params: postIdParamsSchema, response: bookmarkStatusResponseSchema },
  bookmarkAdd: { params: postIdParamsSchema, response: bookmarkStatusResponseSchema },
  bookmarkRemove: { params: postIdParamsSchema, response: bookmarkStatusResponseSchema },

  threadList: { response: threadListResponseSchema },
  threadCreate: { body: threadCreateSchema, response: threadCreatedResponseSchema },
  threadGet: { params: threadIdParamsSchema, response: threadResponseSchema },
  postThreadGet: { params: postIdParamsSchema, response: threadResponseSchema },
  threadComment: {
    params: threadIdParamsSchema,
    body: commentCreateSchema,
    response: commentResponseSchema,
  },
  postComment: {
    params: postIdParamsSchema,
    body: commentCreateSchema,
    response: commentResponseSchema,
  },
  commentEdit: {
    params: commentIdParamsSchema,
    body: commentEditSchema,
    response: commentResponseSchema,
  },
  commentDelete: { params: commentIdParamsSchema, response: okResponseSchema },
  commentReport: {
    params: commentIdParamsSchema,
    body: reportCreateSchema,
    response: messageResponseSchema,
  },

  eventList: { response: eventListResponseSchema },
  eventCalendar: { params: eventIdParamsSchema, response: null },
  eventRsvp: { params: eventIdParamsSchema, response: eventResponseSchema },
  eventRsvpCancel: { params: eventIdParamsSchema, response: eventResponseSchema },

  moderationQueue: { response: moderationQueueResponseSchema },
  commentHide: {
    params: commentIdParamsSchema,
    body: moderationActionSchema,
    response: okResponseSchema,
  },
  commentUnhide: {
    params: commentIdParamsSchema,
    body: moderationActionSchema,
    response: okResponseSchema,
  },
  commentRemove: {
    params: commentIdParamsSchema,
    body: moderationActionSchema,
    response: okResponseSchema,
  },
  reportsDismiss: {
    params: commentIdParamsSchema,
    body: moderationActionSchema,
    response: okResponseSchema,
  },
  moderationUser: { params: userIdParamsSchema, response: moderationUserResponseSchema },
  userWarn: { params: userIdParamsSchema, body: warnSchema, response: okResponseSchema },
  userTempBan: { params: userIdParamsSchema, body: tempBanSchema, response: tempBanResponseSchema },
  userUnban: { params: userIdParamsSchema, response: okResponseSchema },
  moderationLog: { query: moderationLogQuerySchema, response: moderationLogResponseSchema },

  adminRemoteReplies: {
    query: remoteReplyListQuerySchema,
    response: remoteReplyListResponseSchema,
  },
  adminRemoteReplyApprove: { params: remoteReplyIdParamsSchema, response: remoteReplySchema },
  adminRemoteReplyReject: { params: remoteReplyIdParamsSchema, response: remoteReplySchema },
  adminFediverseBlocks: { response: fediverseBlockListResponseSchema },
  adminFediverseBlockCreate: { body: fediverseBlockCreateSchema, response: fediverseBlockSchema },
  adminFediverseBlockDelete: { params: fediverseBlockIdParamsSchema, response: okResponseSchema },

  adminUsers: { query: adminUsersQuerySchema, response: adminUsersResponseSchema },
  adminRoleAssign: {
    params: userIdParamsSchema,
    body: roleAssignSchema,
    response: adminUserResponseSchema,
  },
  adminBan: {
    params: userIdParamsSchema,
    body: permanentBanSchema,
    response: adminUserResponseSchema,
  },
  adminUserDelete: { params: userIdParamsSchema, response: messageResponseSchema },
  adminSubscribers: { query: subscribersQuerySchema, response: adminSubscribersResponseSchema },
  adminSubscribersExport: { query: subscribersExportQuerySchema, response: null },
  adminSubscribersImport: { body: subscriberImportSchema, response: importResultSchema },
  adminSubscriber: {
    params: subscriberIdParamsSchema,
    response: adminSubscriberDetailResponseSchema,
  },
  adminSubscriberUnsubscribe: {
    params: subscriberIdParamsSchema,
    response: adminSubscriberDetailResponseSchema,
  },
  adminFediverse: { response: fediverseOverviewResponseSchema },
  adminFediverseFollowers: {
    query: fediverseFollowersQuerySchema,
    response: fediverseFollowersResponseSchema,
  },
  adminFediverseDeliveries: { response: fediverseDeliveriesResponseSchema },
  adminAnalytics: { response: analyticsResponseSchema },
  adminAnalyticsTraffic: { query: trafficQuerySchema, response: trafficResponseSchema },
  adminAnalyticsIssue: { query: pageIssueQuerySchema, response: pageIssueResponseSchema },
  adminSettingsGet: { response: siteSettingsResponseSchema },
  adminSettingsUpdate: { body: siteSettingsUpdateSchema, response: siteSettingsResponseSchema },
  adminContentSync: { response: contentSyncResponseSchema },
  adminSiteGet: { response: siteFileResponseSchema },
  adminSiteUpdate: { body: siteFileSchema, response: siteFileResponseSchema },
  analyticsHit: { body: analyticsHitSchema, response: null },
  adminWritingList: { response: writingListResponseSchema },
  adminWritingCreate: { body: writingCreateBodySchema, response: writingFileResponseSchema },
  adminWritingFile: { query: writingFileQuerySchema, response: writingFileResponseSchema },
  adminWritingSave: { body: writingSaveBodySchema, response: writingSaveResponseSchema },
  adminWritingRemove: { query: writingFileQuerySchema, response: writingRemoveResponseSchema },
  adminWritingPreview: { body: writingPreviewBodySchema, response: writingPreviewResponseSchema },
  adminWritingRevisions: { query: writingFileQuerySchema, response: revisionListResponseSchema },
  adminWritingRevision: { params: revisionParamsSchema, response: revisionResponseSchema },
  adminWritingRevisionRestore: {
    params: revisionParamsSchema,
    body: revisionRestoreBodySchema,
    response: writingSaveResponseSchema,
  },
  adminWritingTrash: { response: trashListResponseSchema },
  adminWritingTrashRestore: { params: trashParamsSchema, response: trashRestoreResponseSchema },
  adminImageUpload: { query: imageUploadQuerySchema, response: imageUploadResponseSchema },
  adminImport: { query: importQuerySchema, response: importResponseSchema },
  adminExport: { response: null },
  adminEvents: { response: adminEventListResponseSchema },
  adminEventCreate: { body: eventInputSchema, response: eventResponseSchema },
  adminEventUpdate: {
    params: eventIdParamsSchema,
    body: eventInputSchema,
    response: eventResponseSchema,
  },
  adminEventDelete: { params: eventIdParamsSchema, response: okResponseSchema },

  newsletterSources: { response: newsletterSourcesResponseSchema },
  newsletterIssueList: { response: newsletterIssueListResponseSchema },
  newsletterIssueCreate: {
    body: newsletterIssueCreateSchema,
    response: newsletterIssueResponseSchema,
  },
  newsletterIssueGet: {
    params: newsletterIssueParamsSchema,
    response: newsletterIssueResponseSchema,
  },
  newsletterIssueDelete: { params: newsletterIssueParamsSchema, response: okResponseSchema },
  newsletterIssuePreview: {
    params: newsletterIssueParamsSchema,
    response: newsletterPreviewResponseSchema,
  },
  newsletterIssueTest: {
    params: newsletterIssueParamsSchema,
    response: newsletterTestResponseSchema,
  },
  newsletterIssueSend: {
    params: newsletterIssueParamsSchema,
    body: newsletterSendSchema,
    response: newsletterIssueActionResponseSchema,
  },
  newsletterIssuePause: {
    params: newsletterIssueParamsSchema,
    response: newsletterIssueActionResponseSchema,
  },
  newsletterIssueResume: {
    params: newsletterIssueParamsSchema,
    response: newsletterIssueActionResponseSchema,
  },
  newsletterIssueCancel: {
    params: newsletterIssueParamsSchema,
    response: newsletterIssueActionResponseSchema,
  },
  newsletterUncertainResolve: {
    params: newsletterIssueParamsSchema,
    body: uncertainResolveSchema,
    response: newsletterIssueActionResponseSchema,
  },
  newsletterDeliverability: { response: deliverabilityReportSchema },
} satisfies { [Name in ApiRouteName]: EndpointSchemas };

type Schemas<Name extends ApiRouteName> = (typeof API_SCHEMAS)[Name];
type Part<Name extends ApiRouteName, Key extends 'params' | 'query' | 'body'> =
  Schemas<Name> extends Record<Key, infer S extends z.ZodType> ? z.input<S> : undefined;

/** What a caller sends: path parameters, query and body, each as its schema accepts it. */
export type EndpointParams<Name extends ApiRouteName> = Part<Name, 'params'>;
export type EndpointQuery<Name extends ApiRouteName> = Part<Name, 'query'>;
export type EndpointBody<Name extends ApiRouteName> = Part<Name, 'body'>;
/** The 2xx JSON answer, as its schema reads it. */
export type EndpointResponse<Name extends ApiRouteName> =
  Schemas<Name>['response'] extends infer S extends z.ZodType ? z.output<S> : never;
/** What a handler gets once the request passed its schemas. */
export interface EndpointInput<Name extends ApiRouteName> {
  params: Schemas<Name> extends { params: infer S extends z.ZodType } ? z.output<S> : object;
  query: Schemas<Name> extends { query: infer S extends z.ZodType } ? z.output<S> : object;
  body: Schemas<Name> extends { body: infer S extends z.ZodType } ? z.output<S> : undefined;
}
