import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { statement } from '../../../db/statements.js';

/** Remote accounts' likes and boosts, counted: see store/account.ts on remote accounts. */
export const OWNED_TABLES = { fediverse_reactions: 'site' } as const satisfies OwnedTables;

export type ReactionKind = 'like' | 'announce';

/** Keeps a reaction; a second one of the same kind by the same account on a post is the first. */
export function keepReaction(
  db: Db,
  reaction: { activityId: string; kind: ReactionKind; actorId: string; contentId: number },
  now: string,
): void {
  statement(
    db,
    `INSERT INTO fediverse_reactions (activity_id, kind, actor_id, content_id, created_at)
     VALUES (@activityId, @kind, @actorId, @contentId, @now) ON CONFLICT DO NOTHING`,
  ).run({ ...reaction, now });
}

/**
 * Takes back the reaction an Undo names: by its activity's id, or by its kind and post when the
 * Undo carried the reaction itself. Only the account's own.
 */
export function dropReaction(
  db: Db,
  undo: {
    actorId: string;
    activityId: string | null;
    kind: ReactionKind | null;
    contentId: number | null;
  },
): number {
  return statement(
    db,
    `DELETE FROM fediverse_reactions
     WHERE actor_id = @actorId
       AND (activity_id = @activityId OR (kind = @kind AND content_id = @contentId))`,
  ).run(undo).changes;
}

export function dropReactionsOf(db: Db, actorId: string): number {
  return statement(db, 'DELETE FROM fediverse_reactions WHERE actor_id = ?').run(actorId).changes;
}

export function reactionCounts(db: Db, contentId: number): { likes: number; boosts: number } {
  const rows = statement(
    db,
    `SELECT kind, count(*) AS count FROM fediverse_reactions WHERE content_id = ? GROUP BY kind`,
  ).all(contentId) as Array<{ kind: ReactionKind; count: number }>;
  const count = (kind: ReactionKind) => rows.find((row) => row.kind === kind)?.count ?? 0;
  return { likes: count('like'), boosts: count('announce') };
}
