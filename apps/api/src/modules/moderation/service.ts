/**
 * Moderation: the queue of reported comments, hiding and deleting them, warnings and bans.
 * Staff act only on accounts below their own level (a moderator on members, an admin on
 * moderators too), never on themselves, so nobody can lock out someone who outranks them.
 */
import {
  ROLE_LABELS,
  compareLevels,
  hasPermission,
  levelFromRole,
  type BanState,
  type QueueItem,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/errors.js';
import { banUser, personColumns, personFrom, type SessionUser } from '../auth/index.js';
import { toComment, type Viewer } from '../discussions/index.js';
import { inTransaction } from '../../db/statements.js';
import type { CommunityDeps } from '../../deps.js';
import { writeLog } from './log.js';

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
  return db
    .prepare(
      `SELECT id, name, avatar_url, role, created_at, deleted_at, banned_at, banned_until, ban_reason
       FROM users WHERE id = ?`,
    )
    .get(userId) as TargetRow | undefined;
}

export function banStateOf(
  row: Pick<TargetRow, 'banned_at' | 'banned_until' | 'ban_reason'>,
  now: string,
): BanState | null {
  if (!row.banned_at) return null;
  if (row.banned_until !== null && row.banned_until <= now) return null;
  return { since: row.banned_at, until: row.banned_until, reason: row.ban_reason };
}

/** A live account the actor outranks, or 404 / 403. */
export function requireOutranked(db: Db, actor: SessionUser, userId: number): TargetRow {
  const target = findTarget(db, userId);
  if (!target || target.deleted_at !== null) throw new AppError(404, 'NOT_FOUND');
  if (target.id === actor.id || compareLevels(actor.level, levelFromRole(target.role)) <= 0) {
    throw new AppError(403, 'CANNOT_MODERATE_USER');
  }
  return target;
}

const staffViewer = (actor: SessionUser): Viewer => ({ id: actor.id, seesHidden: true });

/** Comments with open reports, oldest report first; deleted ones have left the queue. */
export function moderationQueue(db: Db, actor: SessionUser): QueueItem[] {
  const rows = db
    .prepare(
      `SELECT k.id, k.thread_id, k.parent_id, k.author_id, k.body, k.status, k.created_at,
         k.edited_at, 0 AS reported_by_me, ${personColumns('u', 'a')},
         t.title AS thread_title, t.kind AS thread_kind, c.slug AS post_slug, c.title AS post_title,
         MIN(r.created_at) AS first_report
       FROM comment_reports r
       JOIN comments k ON k.id = r.comment_id
       JOIN users u ON u.id = k.author_id
       JOIN discussion_threads t ON t.id = k.thread_id
       LEFT JOIN content_items c ON c.id = t.content_id
       WHERE r.status = 'open' AND k.status <> 'deleted'
       GROUP BY k.id ORDER BY first_report, k.id LIMIT 200`,
    )
    .all() as Array<Record<string, unknown>>;
  const reportsOf = db.prepare(
    `SELECT r.id, r.reason, r.created_at, ${personColumns('p', 'p')}
     FROM comment_reports r LEFT JOIN users p ON p.id = r.reporter_id
     WHERE r.comment_id = ? AND r.status = 'open' ORDER BY r.created_at, r.id`,
  );
  return rows.map((row) => {
    const comment = toComment(row as Parameters<typeof toComment>[0], staffViewer(actor));
    const reports = (reportsOf.all(row.id) as Array<Record<string, unknown>>).map((report) => ({
      id: report.id as number,
      reason: (report.reason as string | null) ?? null,
      reporter: personFrom(report, 'p'),
      createdAt: report.created_at as string,
    }));
    return {
      comment,
      thread: {
        id: row.thread_id as number,
        title: ((row.thread_kind === 'post' ? row.post_title : null) ?? row.thread_title) as string,
        postSlug: (row.post_slug as string | null) ?? null,
      },
      reports,
    };
  });
}

interface CommentFacts {
  id: number;
  author_id: number;
  status: 'visible' | 'hidden' | 'deleted';
  thread_title: string;
}

function commentFacts(db: Db, commentId: number): CommentFacts {
  const row = db
    .prepare(
      `SELECT k.id, k.author_id, k.status, COALESCE(c.title, t.title) AS thread_title
       FROM comments k JOIN discussion_threads t ON t.id = k.thread_id
       LEFT JOIN content_items c ON c.id = t.content_id WHERE k.id = ?`,
    )
    .get(commentId) as CommentFacts | undefined;
  if (!row || row.status === 'deleted') throw new AppError(404, 'NOT_FOUND');
  return row;
}

function resolveReports(
  db: Db,
  commentId: number,
  status: 'actioned' | 'dismissed',
  actorId: number,
  now: string,
): number {
  return db
    .prepare(
      `UPDATE comment_reports SET status = ?, resolved_at = ?, resolved_by = ?
       WHERE comment_id = ? AND status = 'open'`,
    )
    .run(status, now, actorId, commentId).changes;
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
    const comment = commentFacts(db, commentId);
    const where = `in “${comment.thread_title}”`;
    const log = (logAction: Parameters<typeof writeLog>[1]['action'], summary: string) =>
      writeLog(db, {
        actorId: actor.id,
        action: logAction,
        targetUserId: comment.author_id,
        commentId,
        summary,
        reason,
        at: now,
      });
    const setStatus = (status: string, clearBody: boolean) =>
      db
        .prepare(
          `UPDATE comments SET status = ?, moderated_at = ?, moderated_by = ?${clearBody ? ", body = ''" : ''}
           WHERE id = ?`,
        )
        .run(status, now, actor.id, commentId);
    switch (action) {
      case 'hide':
        if (comment.status !== 'visible') throw new AppError(409, 'COMMENT_NOT_EDITABLE');
        setStatus('hidden', false);
        resolveReports(db, commentId, 'actioned', actor.id, now);
        log('comment.hide', `Hid a comment ${where}`);
        return;
      case 'unhide':
        if (comment.status !== 'hidden') throw new AppError(409, 'COMMENT_NOT_EDITABLE');
        setStatus('visible', false);
        log('comment.unhide', `Restored a hidden comment ${where}`);
        return;
      case 'delete':
        setStatus('deleted', true);
        resolveReports(db, commentId, 'actioned', actor.id, now);
        log('comment.delete', `Deleted a comment ${where}`);
        return;
      case 'dismiss': {
        const count = resolveReports(db, commentId, 'dismissed', actor.id, now);
        log(
          'reports.dismiss',
          `Dismissed ${count} report${count === 1 ? '' : 's'} on a comment ${where}`,
        );
        return;
      }
    }
  });
}

export function warnings(db: Db, userId: number) {
  return db
    .prepare(
      `SELECT reason, created_at AS createdAt FROM member_warnings WHERE user_id = ?
       ORDER BY created_at DESC, id DESC`,
    )
    .all(userId) as Array<{ reason: string; createdAt: string }>;
}

export function moderationUser(db: Db, userId: number, now: string) {
  const target = findTarget(db, userId);
  if (!target || target.deleted_at !== null) throw new AppError(404, 'NOT_FOUND');
  const commentCount = db
    .prepare(`SELECT COUNT(*) FROM comments WHERE author_id = ? AND status <> 'deleted'`)
    .pluck()
    .get(userId) as number;
  return {
    id: target.id,
    name: target.name,
    avatarUrl: target.avatar_url,
    level: levelFromRole(target.role),
    memberSince: target.created_at,
    ban: banStateOf(target, now),
    warnings: warnings(db, userId),
    commentCount,
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
    db.prepare(
      'INSERT INTO member_warnings (user_id, issued_by, reason, created_at) VALUES (?, ?, ?, ?)',
    ).run(userId, actor.id, reason, now);
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
      throw new AppError(409, 'CANNOT_MODERATE_USER');
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
    if (!current) throw new AppError(404, 'NOT_FOUND');
    if (current.until === null && !hasPermission(actor.level, 'permanent_ban')) {
      throw new AppError(403, 'FORBIDDEN');
    }
    db.prepare(
      `UPDATE users SET banned_at = NULL, banned_until = NULL, ban_reason = NULL, updated_at = ?
       WHERE id = ?`,
    ).run(now, userId);
    writeLog(db, {
      actorId: actor.id,
      action: 'user.unban',
      targetUserId: userId,
      summary: current.until === null ? 'Lifted a permanent ban' : 'Lifted a temporary ban',
      at: now,
    });
  });
}
