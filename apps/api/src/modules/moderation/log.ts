/** The moderation log as staff read it: each entry with the people who acted and were acted on. */
import type { LogEntry, ModerationAction } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { peopleByIds } from '../auth/index.js';
import { logCount, logPage } from './store.js';

export function readLog(
  db: Db,
  query: { page: number; pageSize: number; action?: ModerationAction | undefined },
): { items: LogEntry[]; total: number } {
  const action = query.action ?? null;
  const rows = logPage(db, {
    action,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const people = peopleByIds(
    db,
    rows
      .flatMap((row) => [row.actor_id, row.target_user_id])
      .filter((id): id is number => id !== null),
  );
  const personOf = (id: number | null) => (id === null ? null : (people.get(id)?.person ?? null));
  return {
    total: logCount(db, action),
    items: rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor: personOf(row.actor_id),
      targetUser: personOf(row.target_user_id),
      summary: row.summary,
      reason: row.reason,
      createdAt: row.created_at,
    })),
  };
}
