import { ADMIN_PAGE_SIZE } from '@quillpost/domain';
import type { EndpointHandler, MountEndpoint } from '../../http/endpoints.js';
import { isoNow } from '../../clock.js';
import type { CommunityDeps } from '../../deps.js';
import { signedInUser } from '../auth/index.js';
import { reportQueue } from '../discussions/index.js';
import { readLog } from './log.js';
import {
  actOnComment,
  banAccount,
  liftBan,
  moderationUser,
  reviewRemoteReply,
  warnUser,
  type CommentAction,
  type RemoteReplyReview,
} from './service.js';

export function moderationRoutes(deps: CommunityDeps, mount: MountEndpoint): void {
  const { db } = deps;

  mount('moderationQueue', (req, res) => {
    res.json({ success: true, items: reportQueue(db, signedInUser(req).id) });
  });

  const commentAction =
    (action: CommentAction): EndpointHandler<'commentHide'> =>
    (req, res, { params, body }) => {
      const actor = signedInUser(req);
      const reason = body.reason ?? null;
      actOnComment(db, actor, params.commentId, action, reason, isoNow(deps.clock));
      res.json({ success: true });
    };
  mount('commentHide', commentAction('hide'));
  mount('commentUnhide', commentAction('unhide'));
  mount('commentRemove', commentAction('delete'));
  mount('reportsDismiss', commentAction('dismiss'));

  const remoteReplyReview =
    (review: RemoteReplyReview): EndpointHandler<'adminRemoteReplyApprove'> =>
    (req, res, { params }) => {
      const actor = signedInUser(req);
      res.json(reviewRemoteReply(db, actor, params.replyId, review, isoNow(deps.clock)));
    };
  mount('adminRemoteReplyApprove', remoteReplyReview('approve'));
  mount('adminRemoteReplyReject', remoteReplyReview('reject'));

  mount('moderationUser', (req, res, { params }) => {
    const { userId } = params;
    res.json({ success: true, user: moderationUser(db, userId, isoNow(deps.clock)) });
  });

  mount('userWarn', (req, res, { params, body }) => {
    const actor = signedInUser(req);
    const { userId } = params;
    const { reason } = body;
    warnUser(db, actor, userId, reason, isoNow(deps.clock));
    res.status(201).json({ success: true });
  });

  mount('userTempBan', (req, res, { params, body }) => {
    const actor = signedInUser(req);
    const { userId } = params;
    const { hours, reason } = body;
    const ban = banAccount(deps, actor, userId, { hours, reason }, isoNow(deps.clock));
    res.json({ success: true, ban });
  });

  mount('userUnban', (req, res, { params }) => {
    const actor = signedInUser(req);
    const { userId } = params;
    liftBan(db, actor, userId, isoNow(deps.clock));
    res.json({ success: true });
  });

  mount('moderationLog', (req, res, { query }) => {
    const { page, action } = query;
    const { items, total } = readLog(db, { page, pageSize: ADMIN_PAGE_SIZE, action });
    res.json({ success: true, items, total, page, pageSize: ADMIN_PAGE_SIZE });
  });
}
