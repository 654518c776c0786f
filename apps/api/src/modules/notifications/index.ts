/** The notifications module's public face: reply emails to members, the owner's daily digest. */
export { sendOwnerDigest, startOwnerDigest } from './digest.js';
export { noticeOfReply, REPLY_NOTICE_INTERVAL_MS } from './replies.js';
export { notificationRoutes, replyEmailsOffRoutes } from './routes.js';
