import type { FediverseBlock, FediverseBlockKind } from '@quillpost/domain';
import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { statement } from '../../../db/statements.js';
import { dropFollowersByActor } from './account.js';

/** The owner's blocks (decision 0033): remote accounts and servers, see store/account.ts. */
export const OWNED_TABLES = { fediverse_blocks: 'site' } as const satisfies OwnedTables;

export function blocks(db: Db): FediverseBlock[] {
  return statement(
    db,
    `SELECT id, kind, value, created_at AS createdAt FROM fediverse_blocks
     ORDER BY created_at DESC, id DESC`,
  ).all() as FediverseBlock[];
}

/** Keeps a block; blocking the same again answers the block already kept. */
export function keepBlock(
  db: Db,
  block: { kind: FediverseBlockKind; value: string },
  now: string,
): FediverseBlock {
  statement(
    db,
    `INSERT INTO fediverse_blocks (kind, value, created_at) VALUES (@kind, @value, @now)
     ON CONFLICT (kind, value) DO NOTHING`,
  ).run({ ...block, now });
  return statement(
    db,
    `SELECT id, kind, value, created_at AS createdAt FROM fediverse_blocks
     WHERE kind = @kind AND value = @value`,
  ).get(block) as FediverseBlock;
}

export function blockById(db: Db, id: number): FediverseBlock | undefined {
  return statement(
    db,
    'SELECT id, kind, value, created_at AS createdAt FROM fediverse_blocks WHERE id = ?',
  ).get(id) as FediverseBlock | undefined;
}

/** Whether there was such a block. */
export function dropBlock(db: Db, id: number): boolean {
  return statement(db, 'DELETE FROM fediverse_blocks WHERE id = ?').run(id).changes > 0;
}

/**
 * Whether any block covers an account: its actor's address, its handle, or its server's host
 * (a blocked domain covers its subdomains).
 */
export function isBlocked(
  db: Db,
  account: { actorId: string; host: string; handle: string | null },
): boolean {
  return (
    statement(
      db,
      `SELECT 1 FROM fediverse_blocks
       WHERE (kind = 'account' AND value IN (@actorId, coalesce(@handle, @actorId)))
          OR (kind = 'domain' AND (@host = value OR @host LIKE '%.' || value))
       LIMIT 1`,
    ).get(account) !== undefined
  );
}

/**
 * Whether a block covers an actor by its address: a domain covers its host and subdomains (any
 * port); a handle names an actor by its server and name, and Mastodon's and Fedify's actors end
 * their address with the name (`/users/juno`, `/@juno`), which is what is matched here (an actor
 * named otherwise is caught at its next activity, when its handle is known).
 */
function covers(block: { kind: FediverseBlockKind; value: string }, actorId: string): boolean {
  let actor: URL;
  try {
    actor = new URL(actorId);
  } catch {
    return false;
  }
  if (block.kind === 'domain') {
    return actor.hostname === block.value || actor.hostname.endsWith(`.${block.value}`);
  }
  const handle = /^@([^@]+)@(.+)$/.exec(block.value);
  if (!handle) return actorId === block.value;
  const [, user, host] = handle;
  return (
    actor.hostname === host &&
    (actor.pathname.endsWith(`/${user}`) || actor.pathname.endsWith(`/@${user}`))
  );
}

/** Ends the follows and takes back the likes and boosts of the accounts a block covers. */
export function dropBlockedAudience(
  db: Db,
  block: { kind: FediverseBlockKind; value: string },
  now: string,
): number {
  const covered = (table: 'fediverse_followers' | 'fediverse_reactions') =>
    (statement(db, `SELECT DISTINCT actor_id FROM ${table}`).pluck().all() as string[]).filter(
      (actorId) => covers(block, actorId),
    );
  statement(
    db,
    'DELETE FROM fediverse_reactions WHERE actor_id IN (SELECT value FROM json_each(?))',
  ).run(JSON.stringify(covered('fediverse_reactions')));
  return dropFollowersByActor(db, covered('fediverse_followers'), now);
}
