/**
 * Moderation: the queue of reported comments, hiding and deleting them, reviewing the replies
 * from other servers (decision 0036), warnings and bans.
 * Staff act only on accounts below their own level (a moderator on members, an admin on
 * moderators too), never on themselves, so nobody can lock out someone who outranks them.
 */
import {
  ROLE_LABELS,
  compareLevels,
  hasPermission,
  levelFromRole,
  REMOTE_REPLY_SOURCE_WORDS,
  type BanState,
  type RemoteReply,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import type { CommunityDeps } from '../../deps.js';
import { DomainError } from '../../domain-error.js';
import type { PersonalDataHolder } from '../../personal-data.js';
import { banUser, findUserById, liftUserBan, type SessionUser } from '../auth/index.js';
import {
  approveRemoteReply,
  commentUnderModeration,
  liveCommentCount,
  moderateComment,
  rejectRemoteReply,
  remoteReplyUnderReview,
  resolveReports,
} from '../discussions/index.js';
import {
  clearReasonsAbout,
  deleteWarningsOf,
  insertWarning,
  logEntriesAbout,
  warningsOf,
  warningsReceived,
  writeLog,
} from './store.js';

export interface TargetRow {
  id: number;
  name: string | null;
  avatar_url: string | null;
  role: string;
  created_at: string;
  deleted_at: string | null;
  banned_at: string | null;
  banned_until: string | null;
  ban_reason: string | null;
}

export function findTarget(db: Db, userId: number): TargetRow | undefined {
  return findUserById(db, userId);
}

export function banStateOf(
  row: Pick<TargetRow, 'banned_at' | 'banned_until' | 'ban_reason'>,
  now: string,
): BanState | null {
  if (!row.banned_at) return null;
  if (row.banned_until !== null && row.banned_until <= now) return null;
  return { since: row.banned_at, until: row.banned_until, reason: row.ban_reason };
}

/** A live account the actor outranks; otherwise not found, or not permitted. */
export function requireOutranked(db: Db, actor: SessionUser, userId: number): TargetRow {
  const target = findTarget(db, userId);
  if (!target || target.deleted_at !== null) throw DomainError.notFound();
  if (target.id === actor.id || compareLevels(actor.level, levelFromRole(target.role)) <= 0) {
    throw DomainError.notPermitted('CANNOT_MODERATE_USER');
  }
  return target;
}

export type CommentAction = 'hide' | 'unhide' | 'delete' | 'dismiss';

/** Hide, unhide, delete or clear the reports of a comment, and log it. */
export function actOnComment(
  db: Db,
  actor: SessionUser,
  commentId: number,
  action: CommentAction,
  reason: string | null,
  now: string,
): void {
  inTransaction(db, () => {
    const comment = commentUnderModeration(db, commentId);
    const where = `in “${comment.threadTitle}”`;
    const log = (logAction: Parameters<typeof writeLog>[1]['action'], summary: string) =>
      writeLog(db, {
        actorId: actor.id,
        action: logAction,
        targetUserId: comment.authorId,
        commentId,
        summary,
        reason,
        at: now,
      });
    const resolve = (status: 'actioned' | 'dismissed') =>
      resolveReports(db, commentId, { status, by: actor.id, now });
    switch (action) {
      case 'hide':
        if (comment.status !== 'visible') throw DomainError.conflict('COMMENT_NOT_EDITABLE');
        moderateComment(db, commentId, 'hidden', actor.id, now);
        resolve('actioned');
        log('comment.hide', `Hid a comment ${where}`);
        return;
      case 'unhide':
        if (comment.status !== 'hidden') throw DomainError.conflict('COMMENT_NOT_EDITABLE');
        moderateComment(db, commentId, 'visible', actor.id, now);
        log('comment.unhide', `Restored a hidden comment ${where}`);
        return;
      case 'delete':
        moderateComment(db, commentId, 'deleted', actor.id, now);
        resolve('actioned');
        log('comment.delete', `Deleted a comment ${where}`);
        return;
      case 'dismiss': {
        const count = resolve('dismissed');
        log(
          'reports.dismiss',
          `Dismissed ${count} report${count === 1 ? '' : 's'} on a comment ${where}`,
        );
        return;
      }
    }
  });
}

export type RemoteReplyReview = 'approve' | 'reject';

/**
 * A moderator's review of a reply from another server (decision 0036), logged like their
 * decisions on comments; reviewing it as it already stands changes and logs nothing.
 */
export function reviewRemoteReply(
  db: Db,
  actor: SessionUser,
  replyId: number,
  review: RemoteReplyReview,
  now: string,
): RemoteReply {
  return inTransaction(db, () => {
    const before = remoteReplyUnderReview(db, replyId);
    const after =
      review === 'approve'
        ? approveRemoteReply(db, replyId, actor.id, now)
        : rejectRemoteReply(db, replyId, actor.id, now);
    if (after.status !== before.status) {
      const verb = review === 'approve' ? 'Approved' : 'Rejected';
      writeLog(db, {
        actorId: actor.id,
        action: review === 'approve' ? 'remote_reply.approve' : 'remote_reply.reject',
        summary: `${verb} a reply ${REMOTE_REPLY_SOURCE_WORDS[after.source]} in “${after.post.title}”`,
        at: now,
      });
    }
    return after;
  });
}

export function moderationUser(db: Db, userId: number, now: string) {
  const target = findTarget(db, userId);
  if (!target || target.deleted_at !== null) throw DomainError.notFound();
  return {
    id: target.id,
    name: target.name,
    avatarUrl: target.avatar_url,
    level: levelFromRole(target.role),
    memberSince: target.created_at,
    ban: banStateOf(target, now),
    warnings: warningsOf(db, userId),
    commentCount: liveCommentCount(db, userId),
  };
}

export function warnUser(
  db: Db,
  actor: SessionUser,
  userId: number,
  reason: string,
  now: string,
): void {
  inTransaction(db, () => {
    requireOutranked(db, actor, userId);
    insertWarning(db, { userId, issuedBy: actor.id, reason, now });
    writeLog(db, {
      actorId: actor.id,
      action: 'user.warn',
      targetUserId: userId,
      summary: 'Warned a member',
      reason,
      at: now,
    });
  });
}

const durationText = (hours: number) =>
  hours % 24 === 0
    ? `${hours / 24} day${hours === 24 ? '' : 's'}`
    : `${hours} hour${hours === 1 ? '' : 's'}`;

/** Bans for a while (`hours`) or for good (null). Sessions end at once (banUser deletes them). */
export function banAccount(
  deps: CommunityDeps,
  actor: SessionUser,
  userId: number,
  ban: { hours: number | null; reason: string },
  now: string,
): BanState {
  const { db, clock } = deps;
  return inTransaction(db, () => {
    const target = requireOutranked(db, actor, userId);
    const current = banStateOf(target, now);
    // A temporary ban never shortens a permanent one.
    if (ban.hours !== null && current && current.until === null) {
      throw DomainError.conflict('CANNOT_MODERATE_USER');
    }
    const until = ban.hours === null ? null : new Date(clock.now() + ban.hours * 3_600_000);
    banUser(deps, userId, { until, reason: ban.reason });
    writeLog(db, {
      actorId: actor.id,
      action: 'user.ban',
      targetUserId: userId,
      summary:
        ban.hours === null
          ? `Banned a ${ROLE_LABELS[levelFromRole(target.role)].toLowerCase()} permanently`
          : `Banned a ${ROLE_LABELS[levelFromRole(target.role)].toLowerCase()} for ${durationText(ban.hours)}`,
      reason: ban.reason,
      at: now,
    });
    return { since: now, until: until?.toISOString() ?? null, reason: ban.reason };
  });
}

/** Lifts a ban; a permanent one only with permanent_ban. */
export function liftBan(db: Db, actor: SessionUser, userId: number, now: string): void {
  inTransaction(db, () => {
    const target = requireOutranked(db, actor, userId);
    const current = banStateOf(target, now);
    if (!current) throw DomainError.notFound();
    if (current.until === null && !hasPermission(actor.level, 'permanent_ban')) {
      throw DomainError.notPermitted();
    }
    liftUserBan(db, userId, now);
    writeLog(db, {
      actorId: actor.id,
      action: 'user.unban',
      targetUserId: userId,
      summary: current.until === null ? 'Lifted a permanent ban' : 'Lifted a temporary ban',
      at: now,
    });
  });
}

/**
 * The warnings a member received and what staff did to them. Erasing deletes the warnings and
 * keeps the log (the site's record of its staff's actions) without the reasons given about them.
 */
export const moderationPersonalData: PersonalDataHolder = {
  tables: ['member_warnings', 'moderation_log'],
  export: (db, { userId }) => ({
    warningsReceived: warningsReceived(db, userId),
    moderationRecord: logEntriesAbout(db, userId),
  }),
  erase(db, { userId }) {
    deleteWarningsOf(db, userId);
    clearReasonsAbout(db, userId);
  },
};
