/** The moderation log: who did what to whom, when and why. Rows are only ever added. */
import type { LogEntry, ModerationAction } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { personColumns, personFrom } from '../auth/index.js';

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
  db.prepare(
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

export function readLog(
  db: Db,
  query: { page: number; pageSize: number; action?: ModerationAction | undefined },
): { items: LogEntry[]; total: number } {
  const where = query.action ? 'WHERE l.action = @action' : '';
  const params = {
    action: query.action ?? null,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  };
  const rows = db
    .prepare(
      `SELECT l.id, l.action, l.summary, l.reason, l.created_at,
         ${personColumns('a', 'a')}, ${personColumns('t', 't')}
       FROM moderation_log l
       LEFT JOIN users a ON a.id = l.actor_id
       LEFT JOIN users t ON t.id = l.target_user_id
       ${where}
       ORDER BY l.created_at DESC, l.id DESC LIMIT @limit OFFSET @offset`,
    )
    .all(params) as Array<Record<string, unknown>>;
  const total = db
    .prepare(`SELECT COUNT(*) FROM moderation_log l ${where}`)
    .pluck()
    .get(query.action ? { action: query.action } : {}) as number;
  return {
    total,
    items: rows.map((row) => ({
      id: row.id as number,
      action: row.action as ModerationAction,
      actor: personFrom(row, 'a'),
      targetUser: personFrom(row, 't'),
      summary: row.summary as string,
      reason: (row.reason as string | null) ?? null,
      createdAt: row.created_at as string,
    })),
  };
}
