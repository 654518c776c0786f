/** The discussions module's public face: other modules and the app import from here only. */
export { discussionRoutes } from './routes.js';
export {
  commentCountsByPath,
  commentOnPost,
  conversationChanges,
  discussionsPersonalData,
  moderateComment,
  conversationUnder,
  startThread,
} from './service.js';
export { commentUnderModeration, communityActivity, reportQueue } from './staff.js';
export { liveCommentCount, resolveReports } from './store.js';
export { discussionsForExport } from './store.js';
export {
  approveRemoteReply,
  rejectRemoteReply,
  remoteReplyUnderReview,
  deleteRemoteReply,
  editRemoteReply,
  forgetRemoteAuthor,
  forgetRemoteAuthorsWhere,
  receiveRemoteReply,
  staffAnswer,
  staffAnswersAfter,
  withdrawnAnswers,
  type IncomingRemoteReply,
  type StaffAnswer,
  type RemoteReplyTarget,
} from './remote-replies.js';
export { remoteAvatarSource } from './store.js';
export {
  archivedRemoteRepliesSchema,
  hasRemoteReply,
  remoteRepliesForMoving,
  restoreRemoteReplies,
  type ArchivedRemoteReply,
} from './moving-replies.js';
