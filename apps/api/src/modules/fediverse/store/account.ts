import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { inTransaction, statement } from '../../../db/statements.js';

/**
 * Followers are remote accounts, not members: nobody signs in as one, so the members' export and
 * erasure cannot reach them; a follower leaves with their own Undo or their server's 404/410.
 */
export const OWNED_TABLES = {
  fediverse_keys: 'site',
  fediverse_handles: 'site',
  fediverse_followers: 'site',
  fediverse_follows_ended: 'site',
} as const satisfies OwnedTables;

export type KeyAlgorithm = 'RSASSA-PKCS1-v1_5' | 'Ed25519';

export interface StoredKeyPair {
  algorithm: KeyAlgorithm;
  privateJwk: string;
  publicJwk: string;
}

/** The stored key pairs, RSA first (the one HTTP Signatures use). */
export function storedKeyPairs(db: Db): StoredKeyPair[] {
  return statement(
    db,
    `SELECT algorithm, private_jwk AS privateJwk, public_jwk AS publicJwk FROM fediverse_keys
     ORDER BY algorithm = 'Ed25519'`,
  ).all() as StoredKeyPair[];
}

/** Keeps a pair unless one of its algorithm is already kept: the first made stays for good. */
export function keepKeyPair(db: Db, pair: StoredKeyPair, now: string): void {
  statement(
    db,
    `INSERT INTO fediverse_keys (algorithm, private_jwk, public_jwk, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (algorithm) DO NOTHING`,
  ).run(pair.algorithm, pair.privateJwk, pair.publicJwk, now);
}

/**
 * Puts the archive's key pairs in place of the site's (a site moving in): its followers' servers
 * know the account by these.
 */
export function replaceKeyPairs(db: Db, pairs: readonly StoredKeyPair[], now: string): void {
  inTransaction(db, () => {
    statement(db, 'DELETE FROM fediverse_keys').run();
    for (const pair of pairs) keepKeyPair(db, pair, now);
  });
}

/** Changes whenever the kept keys do: a process holding them imported knows to read them again. */
export function keyPairsStamp(db: Db): string {
  return (
    (statement(
      db,
      `SELECT group_concat(public_jwk, ' ') FROM
         (SELECT public_jwk FROM fediverse_keys ORDER BY algorithm)`,
    )
      .pluck()
      .get() as string | null) ?? ''
  );
}

/** Every handle the account has answered to, with when it first did. */
export function knownHandles(db: Db): Array<{ handle: string; firstUsedAt: string }> {
  return statement(
    db,
    'SELECT handle, first_used_at AS firstUsedAt FROM fediverse_handles ORDER BY first_used_at',
  ).all() as Array<{ handle: string; firstUsedAt: string }>;
}

export function isFollower(db: Db, actorId: string): boolean {
  return (
    statement(db, 'SELECT 1 FROM fediverse_followers WHERE actor_id = ?').get(actorId) !== undefined
  );
}

export function rememberHandle(db: Db, handle: string, now: string): void {
  statement(
    db,
    `INSERT INTO fediverse_handles (handle, first_used_at) VALUES (?, ?) ON CONFLICT DO NOTHING`,
  ).run(handle, now);
}

/** Whether the account ever answered to `handle` (any case). */
export function isKnownHandle(db: Db, handle: string): boolean {
  return (
    statement(db, 'SELECT 1 FROM fediverse_handles WHERE handle = ?').get(handle) !== undefined
  );
}

export interface FollowerRow {
  actorId: string;
  inbox: string;
  sharedInbox: string | null;
  host: string;
}

/** Who a follower is, as their server describes them: shown to the owner as text. */
export interface FollowerProfile {
  name: string | null;
  /** `@user@host`. */
  handle: string | null;
  /** Their profile page. */
  url: string | null;
}

const NO_PROFILE: FollowerProfile = { name: null, handle: null, url: null };

export function keepFollower(
  db: Db,
  follower: FollowerRow & { followId: string | null; profile?: FollowerProfile },
  now: string,
): void {
  const { profile = NO_PROFILE, ...row } = follower;
  statement(
    db,
    `INSERT INTO fediverse_followers
       (actor_id, inbox, shared_inbox, host, follow_id, followed_at, name, handle, url)
     VALUES (@actorId, @inbox, @sharedInbox, @host, @followId, @now, @name, @handle, @url)
     ON CONFLICT (actor_id) DO UPDATE SET inbox = excluded.inbox,
       shared_inbox = excluded.shared_inbox, host = excluded.host, follow_id = excluded.follow_id,
       name = excluded.name, handle = excluded.handle, url = excluded.url`,
  ).run({ ...row, ...profile, now });
}

/**
 * Keeps when each ended follow began and ended, and nothing of who it was: enough to count the
 * followers the site had at any moment.
 */
function ended(db: Db, rows: ReadonlyArray<{ followed_at: string }>, now: string): number {
  const insert = statement(
    db,
    'INSERT INTO fediverse_follows_ended (followed_at, ended_at) VALUES (?, ?)',
  );
  for (const row of rows) insert.run(row.followed_at, now);
  return rows.length;
}

/** Ends a follow; an Undo that names another Follow than the one kept ends nothing. */
export function dropFollower(
  db: Db,
  actorId: string,
  followId: string | null,
  now: string,
): boolean {
  return inTransaction(db, () => {
    const rows = statement(
      db,
      `DELETE FROM fediverse_followers
       WHERE actor_id = @actorId AND (@followId IS NULL OR follow_id IS NULL OR follow_id = @followId)
       RETURNING followed_at`,
    ).all({ actorId, followId }) as Array<{ followed_at: string }>;
    return ended(db, rows, now) > 0;
  });
}

/** Ends the follows of these accounts (a block covering them). */
export function dropFollowersByActor(db: Db, actorIds: readonly string[], now: string): number {
  return inTransaction(db, () => {
    const rows = statement(
      db,
      `DELETE FROM fediverse_followers WHERE actor_id IN (SELECT value FROM json_each(?))
       RETURNING followed_at`,
    ).all(JSON.stringify(actorIds)) as Array<{ followed_at: string }>;
    return ended(db, rows, now);
  });
}

/** Ends every follow delivered through `inbox` (its own or its server's shared one). */
export function dropFollowersAt(
  db: Db,
  actorIds: readonly string[],
  inbox: string,
  now: string,
): number {
  return inTransaction(db, () => {
    const rows = statement(
      db,
      `DELETE FROM fediverse_followers WHERE inbox = ? RETURNING followed_at`,
    ).all(inbox) as Array<{ followed_at: string }>;
    return ended(db, rows, now) + dropFollowersByActor(db, actorIds, now);
  });
}

export function followerCount(db: Db): number {
  return statement(db, 'SELECT count(*) FROM fediverse_followers').pluck().get() as number;
}

export function followers(db: Db): FollowerRow[] {
  return statement(
    db,
    `SELECT actor_id AS actorId, inbox, shared_inbox AS sharedInbox, host
     FROM fediverse_followers ORDER BY followed_at, actor_id`,
  ).all() as FollowerRow[];
}

/** A follower as the owner's console lists them. */
export interface ListedFollower extends FollowerProfile {
  id: number;
  actorId: string;
  host: string;
  followedAt: string;
}

/** A page of followers, the newest first. */
export function followersPage(
  db: Db,
  { limit, offset }: { limit: number; offset: number },
): ListedFollower[] {
  return statement(
    db,
    `SELECT rowid AS id, actor_id AS actorId, host, followed_at AS followedAt, name, handle, url
     FROM fediverse_followers ORDER BY followed_at DESC, actor_id DESC LIMIT ? OFFSET ?`,
  ).all(limit, offset) as ListedFollower[];
}

/** How many followed the site at each instant: those who follow now, and those who did then. */
export function followersAt(db: Db, instants: readonly string[]): number[] {
  const at = statement(
    db,
    `SELECT (SELECT count(*) FROM fediverse_followers WHERE followed_at < @instant)
          + (SELECT count(*) FROM fediverse_follows_ended
             WHERE followed_at < @instant AND ended_at >= @instant)`,
  ).pluck();
  return instants.map((instant) => at.get({ instant }) as number);
}

/** Every follower with all that is kept of them: what the site's export carries. */
export interface ExportedFollower extends FollowerRow, FollowerProfile {
  followId: string | null;
  followedAt: string;
}

export function exportedFollowers(db: Db): ExportedFollower[] {
  return statement(
    db,
    `SELECT actor_id AS actorId, inbox, shared_inbox AS sharedInbox, host, follow_id AS followId,
       followed_at AS followedAt, name, handle, url
     FROM fediverse_followers ORDER BY followed_at, actor_id`,
  ).all() as ExportedFollower[];
}
