/** The notifications module's public face: reply emails to members, the owner's daily digest. */
export { sendOwnerDigest, startOwnerDigest, type CommunityActivity } from './digest.js';
export {
  notificationsPersonalData,
  queueReplyNotice,
  REPLY_NOTICE_INTERVAL_MS,
  type NewReply,
} from './replies.js';
export { notificationRoutes, replyEmailsOffRoutes } from './routes.js';
