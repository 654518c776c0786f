import { COMMENT_RATE_LIMITS, MESSAGES } from '@quillpost/domain';
import type { Request } from 'express';
import { DomainError } from '../../domain-error.js';
import { RateLimiter } from '../../http/rate-limit.js';
import { readSettings } from '../settings/index.js';
import type { MountEndpoint } from '../../http/endpoints.js';
import { isoNow } from '../../clock.js';
import type { CommunityDeps } from '../../deps.js';
import { signedInUser } from '../auth/index.js';
import { queueReplyNotice, type NewReply } from '../notifications/index.js';
import { remoteRepliesForReview } from './remote-replies.js';
import {
  commentOnPost,
  commentOnThread,
  deleteOwnComment,
  editComment,
  listThreads,
  postThreadView,
  reportComment,
  startThread,
  threadView,
  viewerFor,
} from './service.js';

export function discussionRoutes(deps: CommunityDeps, mount: MountEndpoint): void {
  const { db, clock } = deps;
  // Per member, not per IP: members share networks, and a signed-in flood has a name on it.
  const perMinute = new RateLimiter({
    ...COMMENT_RATE_LIMITS.perMinute,
    db,
    clock,
    name: 'comments-minute',
  });
  const perHour = new RateLimiter({
    ...COMMENT_RATE_LIMITS.perHour,
    db,
    clock,
    name: 'comments-hour',
  });

  /**
   * Any change a member makes to the conversations (a thread, a comment, a reply, an edit, a
   * deletion) spends one budget: each may drop cached pages and fill moderators' queues alike.
   */
  function admitWrite(req: Request) {
    const user = signedInUser(req);
    perHour.consume(`comment:${user.id}`);
    perMinute.consume(`comment:${user.id}`);
    return viewerFor(user);
  }

  /** New text (threads, comments, replies): open for comments and within the member's limits. */
  function admitNewText(req: Request) {
    if (!readSettings(db).commentsOpen) throw DomainError.notPermitted('COMMENTS_CLOSED');
    return admitWrite(req);
  }

  const commentsOpen = () => readSettings(db).commentsOpen;
  const onReply = (reply: NewReply) => queueReplyNotice(deps, reply);

  mount('threadList', (_req, res) => {
    res.json({ success: true, threads: listThreads(db, isoNow(deps.clock)) });
  });

  mount('threadCreate', (req, res, { body: input }) => {
    const viewer = admitNewText(req);
    res.status(201).json({ success: true, ...startThread(db, viewer, input, isoNow(deps.clock)) });
  });

  mount('threadGet', (req, res, { params }) => {
    const viewer = viewerFor(signedInUser(req));
    const { threadId } = params;
    res.json({
      success: true,
      ...threadView(db, threadId, viewer, isoNow(deps.clock)),
      commentsOpen: commentsOpen(),
    });
  });

  mount('postThreadGet', (req, res, { params }) => {
    const viewer = viewerFor(signedInUser(req));
    const { postId } = params;
    res.json({
      success: true,
      ...postThreadView(db, postId, viewer, isoNow(deps.clock)),
      commentsOpen: commentsOpen(),
    });
  });

  mount('threadComment', (req, res, { params, body: input }) => {
    const { threadId } = params;
    const viewer = admitNewText(req);
    const comment = commentOnThread(db, viewer, threadId, input, isoNow(deps.clock), onReply);
    res.status(201).json({ success: true, comment });
  });

  mount('postComment', (req, res, { params, body: input }) => {
    const { postId } = params;
    const viewer = admitNewText(req);
    const comment = commentOnPost(db, viewer, postId, input, isoNow(deps.clock), onReply);
    res.status(201).json({ success: true, comment });
  });

  mount('commentEdit', (req, res, { params, body }) => {
    const viewer = admitWrite(req);
    res.json({
      success: true,
      comment: editComment(db, viewer, params.commentId, body.body, isoNow(deps.clock)),
    });
  });

  mount('commentDelete', (req, res, { params }) => {
    const viewer = admitWrite(req);
    const { commentId } = params;
    deleteOwnComment(db, viewer, commentId, isoNow(deps.clock));
    res.json({ success: true });
  });

  mount('commentReport', (req, res, { params, body }) => {
    const viewer = viewerFor(signedInUser(req));
    const { commentId } = params;
    const { reason } = body;
    reportComment(db, viewer, commentId, reason ?? null, isoNow(deps.clock));
    res.status(201).json({ success: true, message: MESSAGES.COMMENT_REPORTED });
  });

  // Replies from other servers, held for the moderators (decisions 0033, 0036); moderation
  // approves and rejects them, and logs it.
  mount('adminRemoteReplies', (_req, res, { query }) => {
    res.json({ items: remoteRepliesForReview(db, query.status) });
  });
}
