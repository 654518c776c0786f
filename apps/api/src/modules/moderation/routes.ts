import {
  ADMIN_PAGE_SIZE,
  commentIdParamsSchema,
  moderationActionSchema,
  moderationLogQuerySchema,
  tempBanSchema,
  userIdParamsSchema,
  warnSchema,
} from '@quillpost/domain';
import type { Request, Response } from 'express';
import { validate } from '../../http/validate.js';
import type { MountRoute } from '../auth/index.js';
import { isoNow } from '../../clock.js';
import type { CommunityDeps } from '../../deps.js';
import { signedInUser } from '../auth/index.js';
import { readLog } from './log.js';
import {
  actOnComment,
  banAccount,
  liftBan,
  moderationQueue,
  moderationUser,
  warnUser,
  type CommentAction,
} from './service.js';

export function moderationRoutes(deps: CommunityDeps, mount: MountRoute): void {
  const { db } = deps;

  mount('moderationQueue', (req, res) => {
    res.json({ success: true, items: moderationQueue(db, signedInUser(req)) });
  });

  const commentAction = (action: CommentAction) => (req: Request, res: Response) => {
    const actor = signedInUser(req);
    const { commentId } = validate(commentIdParamsSchema, req.params);
    const { reason } = validate(moderationActionSchema, req.body);
    actOnComment(db, actor, commentId, action, reason ?? null, isoNow(deps.clock));
    res.json({ success: true });
  };
  mount('commentHide', commentAction('hide'));
  mount('commentUnhide', commentAction('unhide'));
  mount('commentRemove', commentAction('delete'));
  mount('reportsDismiss', commentAction('dismiss'));

  mount('moderationUser', (req, res) => {
    const { userId } = validate(userIdParamsSchema, req.params);
    res.json({ success: true, user: moderationUser(db, userId, isoNow(deps.clock)) });
  });

  mount('userWarn', (req, res) => {
    const actor = signedInUser(req);
    const { userId } = validate(userIdParamsSchema, req.params);
    const { reason } = validate(warnSchema, req.body);
    warnUser(db, actor, userId, reason, isoNow(deps.clock));
    res.status(201).json({ success: true });
  });

  mount('userTempBan', (req, res) => {
    const actor = signedInUser(req);
    const { userId } = validate(userIdParamsSchema, req.params);
    const { hours, reason } = validate(tempBanSchema, req.body);
    const ban = banAccount(deps, actor, userId, { hours, reason }, isoNow(deps.clock));
    res.json({ success: true, ban });
  });

  mount('userUnban', (req, res) => {
    const actor = signedInUser(req);
    const { userId } = validate(userIdParamsSchema, req.params);
    liftBan(db, actor, userId, isoNow(deps.clock));
    res.json({ success: true });
  });

  mount('moderationLog', (req, res) => {
    const { page, action } = validate(moderationLogQuerySchema, req.query);
    const { items, total } = readLog(db, { page, pageSize: ADMIN_PAGE_SIZE, action });
    res.json({ success: true, items, total, page, pageSize: ADMIN_PAGE_SIZE });
  });
}
