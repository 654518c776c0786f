/**
 * Warnings staff gave members, and the moderation log: who did what to whom, when and why. Log
 * rows are only ever added (erasing a member clears only the reasons given about them).
 */
import type { ModerationAction } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';
import { statement } from '../../db/statements.js';

export const OWNED_TABLES = {
  member_warnings: 'person',
  moderation_log: 'person',
} as const satisfies OwnedTables;

// Warnings

export interface Warning {
  reason: string;
  createdAt: string;
}

export function insertWarning(
  db: Db,
  warning: { userId: number; issuedBy: number; reason: string; now: string },
): void {
  statement(
    db,
    `INSERT INTO member_warnings (user_id, issued_by, reason, created_at)
     VALUES (@userId, @issuedBy, @reason, @now)`,
  ).run(warning);
}

/** The member's warnings, newest first. */
export function warningsOf(db: Db, userId: number): Warning[] {
  return statement(
    db,
    `SELECT reason, created_at AS createdAt FROM member_warnings WHERE user_id = ?
     ORDER BY created_at DESC, id DESC`,
  ).all(userId) as Warning[];
}

/** The member's latest warnings given since an instant, newest first (their dashboard). */
export function recentWarnings(db: Db, userId: number, since: string, limit: number): Warning[] {
  return statement(
    db,
    `SELECT reason, created_at AS createdAt FROM member_warnings
     WHERE user_id = ? AND created_at >= ? ORDER BY created_at DESC LIMIT ?`,
  ).all(userId, since, limit) as Warning[];
}

/** The member's warnings, oldest first (their data export). */
export function warningsReceived(db: Db, userId: number): Warning[] {
  return statement(
    db,
    `SELECT reason, created_at AS createdAt FROM member_warnings WHERE user_id = ?
     ORDER BY created_at`,
  ).all(userId) as Warning[];
}

export function deleteWarningsOf(db: Db, userId: number): void {
  statement(db, 'DELETE FROM member_warnings WHERE user_id = ?').run(userId);
}

// The log

export interface LogInput {
  actorId: number | null;
  action: ModerationAction;
  targetUserId?: number | null;
  commentId?: number | null;
  /** Words about the target without personal data ("Hid a comment in “Small tools”"). */
  summary: string;
  reason?: string | null;
  at: string;
}

/** Appends one entry; call inside the transaction of the change it records. */
export function writeLog(db: Db, entry: LogInput): void {
  statement(
    db,
    `INSERT INTO moderation_log (actor_id, action, target_user_id, comment_id, summary, reason, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    entry.actorId,
    entry.action,
    entry.targetUserId ?? null,
    entry.commentId ?? null,
    entry.summary,
    entry.reason ?? null,
    entry.at,
  );
}

export interface LogRow {
  id: number;
  action: ModerationAction;
  actor_id: number | null;
  target_user_id: number | null;
  summary: string;
  reason: string | null;
  created_at: string;
}

/** A page of the log, newest first, of one action or all (`action` null). */
export function logPage(
  db: Db,
  query: { action: ModerationAction | null; limit: number; offset: number },
): LogRow[] {
  return statement(
    db,
    `SELECT id, action, actor_id, target_user_id, summary, reason, created_at FROM moderation_log
     WHERE @action IS NULL OR action = @action
     ORDER BY created_at DESC, id DESC LIMIT @limit OFFSET @offset`,
  ).all(query) as LogRow[];
}

export function logCount(db: Db, action: ModerationAction | null): number {
  return statement(
    db,
    'SELECT COUNT(*) FROM moderation_log WHERE @action IS NULL OR action = @action',
  )
    .pluck()
    .get({ action }) as number;
}

export interface LogRecordEntry {
  action: ModerationAction;
  summary: string;
  reason: string | null;
  createdAt: string;
}

/** What staff did to the member, oldest first (their data export). */
export function logEntriesAbout(db: Db, userId: number): LogRecordEntry[] {
  return statement(
    db,
    `SELECT action, summary, reason, created_at AS createdAt FROM moderation_log
     WHERE target_user_id = ? ORDER BY created_at`,
  ).all(userId) as LogRecordEntry[];
}

/**
 * Keeps the site's record of what was done to the member without staff's own words about them:
 * a reason may name them, a summary says only what was done and where.
 */
export function clearReasonsAbout(db: Db, userId: number): void {
  statement(db, 'UPDATE moderation_log SET reason = NULL WHERE target_user_id = ?').run(userId);
}

/** The whole moderation log and every warning, for the site's export (issue 27). */
export function moderationForExport(db: Db): { log: unknown[]; warnings: unknown[] } {
  return {
    log: statement(db, 'SELECT * FROM moderation_log ORDER BY id').all(),
    warnings: statement(db, 'SELECT * FROM member_warnings ORDER BY id').all(),
  };
}
