import { idList, inTransaction, likeContaining, statement } from '../../db/statements.js';
import { randomBytes } from 'node:crypto';
import {
  levelFromRole,
  type AssignableRole,
  type Person,
  type RoleLevel,
  type SignInMethod,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';

export const OWNED_TABLES = {
  users: 'person',
  accounts: 'person',
  sessions: 'person',
  magic_links: 'person',
} as const satisfies OwnedTables;

export interface UserRow {
  id: number;
  email: string | null;
  email_verified: 0 | 1;
  name: string | null;
  role: string;
  role_assigned_at: string | null;
  role_assigned_by: number | null;
  avatar_url: string | null;
  banned_at: string | null;
  banned_until: string | null;
  ban_reason: string | null;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
  deleted_at: string | null;
  /** JSON SignOutNotice waiting for the next sign-in. */
  sign_out_notice: string | null;
}

export interface AccountRow {
  id: number;
  user_id: number;
  provider: SignInMethod;
  provider_account_id: string;
  email: string | null;
  email_verified: 0 | 1;
  display_name: string | null;
  avatar_url: string | null;
  is_primary: 0 | 1;
  created_at: string;
  updated_at: string;
  last_used_at: string | null;
}

export interface SessionRow {
  id_hash: string;
  public_id: string;
  user_id: number;
  method: SignInMethod;
  created_at: string;
  last_seen_at: string;
  absolute_expires_at: string;
  idle_expires_at: string | null;
  user_agent: string | null;
  ip_hash: string | null;
  /** JSON SignOutNotice this session shows on the Account page. */
  notice: string | null;
}

export interface MagicLinkRow {
  id: number;
  email: string;
  user_id: number | null;
  token_hash: string;
  code_hash: string;
  code_attempts: number;
  return_url: string;
  /** The page the sign-in was asked for on, for a new account's record (issue 25). */
  start_path: string | null;
  created_at: string;
  expires_at: string;
  consumed_at: string | null;
  cancelled_at: string | null;
  ip_hash: string | null;
}

// Users

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.prepare('SELECT * FROM users WHERE id = ?').get(id) as UserRow | undefined;
}

/** The live user who owns this proven address, if any. */
export function findUserByVerifiedEmail(db: Db, email: string): UserRow | undefined {
  return db
    .prepare('SELECT * FROM users WHERE email = ? AND email_verified = 1 AND deleted_at IS NULL')
    .get(email) as UserRow | undefined;
}

/** Live users whose contact address is this one, proven or not. */
export function findUsersByEmail(db: Db, email: string): UserRow[] {
  return db
    .prepare('SELECT * FROM users WHERE email = ? AND deleted_at IS NULL ORDER BY id')
    .all(email) as UserRow[];
}

export function insertUser(
  db: Db,
  user: {
    email: string | null;
    emailVerified: boolean;
    name: string | null;
    avatarUrl: string | null;
    role: string;
    startPath: string | null;
    now: string;
  },
): UserRow {
  return db
    .prepare(
      `INSERT INTO users (email, email_verified, name, avatar_url, role, role_assigned_at, link_key,
         start_path, created_at, updated_at)
       VALUES (@email, @emailVerified, @name, @avatarUrl, @role, @now, @linkKey, @startPath, @now,
         @now)
       RETURNING *`,
    )
    .get({ ...user, emailVerified: user.emailVerified ? 1 : 0, linkKey: newLinkKey() }) as UserRow;
}

/**
 * Accounts created between two instants (ISO-8601, inclusive) per page they started on ('' when
 * unknown): which posts bring members.
 */
export function accountsByStartPath(
  db: Db,
  from: string,
  to: string,
): Array<{ path: string; count: number }> {
  return db
    .prepare(
      `SELECT COALESCE(start_path, '') AS path, count(*) AS count FROM users
       WHERE deleted_at IS NULL AND created_at BETWEEN ? AND ? GROUP BY 1`,
    )
    .all(from, to) as Array<{ path: string; count: number }>;
}

/** Sets a user's role and the notice their next session will show. */
export function updateUserRole(
  db: Db,
  change: { userId: number; role: string; assignedBy: number | null; notice: string; now: string },
): void {
  db.prepare(
    `UPDATE users SET role = @role, role_assigned_at = @now, role_assigned_by = @assignedBy,
       sign_out_notice = @notice, updated_at = @now
     WHERE id = @userId`,
  ).run(change);
}

/** The notice waiting for the user's next session, handed over once. Call inside a transaction. */
export function takeSignOutNotice(db: Db, userId: number): string | null {
  const notice = db
    .prepare('SELECT sign_out_notice FROM users WHERE id = ?')
    .pluck()
    .get(userId) as string | null | undefined;
  if (notice) db.prepare('UPDATE users SET sign_out_notice = NULL WHERE id = ?').run(userId);
  return notice ?? null;
}

/** Fills in a name or picture the user does not have yet; never overwrites what they set. */
export function fillUserProfile(
  db: Db,
  userId: number,
  profile: { name: string | null; avatarUrl: string | null },
  now: string,
): void {
  db.prepare(
    `UPDATE users SET name = COALESCE(name, @name), avatar_url = COALESCE(avatar_url, @avatarUrl),
       updated_at = @now
     WHERE id = @userId`,
  ).run({ userId, now, ...profile });
}

export function recordSignIn(db: Db, userId: number, now: string): void {
  db.prepare('UPDATE users SET last_sign_in_at = ? WHERE id = ?').run(now, userId);
}

/** Bans a user until a time (or for good with `until: null`). */
export function setBan(
  db: Db,
  userId: number,
  ban: { until: string | null; reason: string | null },
  now: string,
): void {
  db.prepare(
    `UPDATE users SET banned_at = ?, banned_until = ?, ban_reason = ?, updated_at = ? WHERE id = ?`,
  ).run(now, ban.until, ban.reason, now, userId);
}

export function liftUserBan(db: Db, userId: number, now: string): void {
  statement(
    db,
    'UPDATE users SET banned_at = NULL, banned_until = NULL, ban_reason = NULL, updated_at = ? WHERE id = ?',
  ).run(now, userId);
}

/** A fresh key for a member's one-click mail links: a new one revokes every link signed before. */
function newLinkKey(): string {
  return randomBytes(16).toString('base64url');
}

/** The key signed into a member's one-click mail links; undefined for no such member. */
export function userLinkKey(db: Db, userId: number): string | undefined {
  return statement(db, 'SELECT link_key FROM users WHERE id = ?').pluck().get(userId) as
    string | undefined;
}

/** Whether the member wants an email when someone replies to their comment (on by default). */
export function replyEmailsWanted(db: Db, userId: number): boolean {
  return statement(db, 'SELECT reply_emails FROM users WHERE id = ?').pluck().get(userId) === 1;
}

export function setReplyEmails(db: Db, userId: number, wanted: boolean, now: string): void {
  statement(db, 'UPDATE users SET reply_emails = ?, updated_at = ? WHERE id = ?').run(
    wanted ? 1 : 0,
    now,
    userId,
  );
}

/** Every sign-in link ever asked for this address, used or not: an erased address leaves none. */
export function deleteMagicLinksForEmail(db: Db, email: string): void {
  db.prepare('DELETE FROM magic_links WHERE email = ?').run(email);
}

/** Removes personal data and every way in; the row stays so other tables keep their references. */
export function tombstoneUser(db: Db, userId: number, now: string): void {
  db.prepare(
    `UPDATE users SET email = NULL, email_verified = 0, name = NULL, avatar_url = NULL,
       link_key = @linkKey, deleted_at = @now, updated_at = @now
     WHERE id = @userId`,
  ).run({ userId, now, linkKey: newLinkKey() });
  db.prepare('DELETE FROM accounts WHERE user_id = ?').run(userId);
  db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId);
  db.prepare('DELETE FROM magic_links WHERE user_id = ?').run(userId);
}

/** A person as other modules show them, with the level of their role. */
export interface PersonOnRecord {
  person: Person;
  level: RoleLevel;
}

/**
 * The people behind these user ids, looked up at once (a list of comments names each author
 * once). A deleted account keeps its id, since logs point at it, but has no name or picture.
 */
export function peopleByIds(db: Db, ids: Iterable<number>): Map<number, PersonOnRecord> {
  const rows = statement(
    db,
    `SELECT id, name, avatar_url, role, deleted_at FROM users
     WHERE id IN (SELECT value FROM json_each(?))`,
  ).all(idList(ids)) as Array<Pick<UserRow, 'id' | 'name' | 'avatar_url' | 'role' | 'deleted_at'>>;
  return new Map(
    rows.map((row) => {
      const deleted = row.deleted_at !== null;
      return [
        row.id,
        {
          person: {
            id: row.id,
            name: deleted ? null : row.name,
            avatarUrl: deleted ? null : row.avatar_url,
          },
          level: levelFromRole(row.role),
        },
      ];
    }),
  );
}

/** A live account as the members area shows it to its owner and in the directory. */
export interface MemberAccount {
  id: number;
  name: string | null;
  email: string | null;
  emailVerified: boolean;
  avatarUrl: string | null;
  role: string;
  createdAt: string;
  /** Banned now (a lapsed temporary ban is over). */
  banned: boolean;
}

/** Live (not deleted) accounts by id; deleted or unknown ids are left out. */
export function liveAccountsByIds(
  db: Db,
  ids: Iterable<number>,
  now: string,
): Map<number, MemberAccount> {
  const rows = statement(
    db,
    `SELECT id, name, email, email_verified, avatar_url, role, created_at,
       banned_at IS NOT NULL AND (banned_until IS NULL OR banned_until > @now) AS banned
     FROM users WHERE id IN (SELECT value FROM json_each(@ids)) AND deleted_at IS NULL`,
  ).all({ ids: idList(ids), now }) as Array<
    Pick<
      UserRow,
      'id' | 'name' | 'email' | 'email_verified' | 'avatar_url' | 'role' | 'created_at'
    > & {
      banned: 0 | 1;
    }
  >;
  return new Map(
    rows.map((row) => [
      row.id,
      {
        id: row.id,
        name: row.name,
        email: row.email,
        emailVerified: row.email_verified === 1,
        avatarUrl: row.avatar_url,
        role: row.role,
        createdAt: row.created_at,
        banned: row.banned === 1,
      },
    ]),
  );
}

export function setUserName(db: Db, userId: number, name: string | null, now: string): void {
  statement(db, 'UPDATE users SET name = ?, updated_at = ? WHERE id = ?').run(name, now, userId);
}

// Accounts

export function findAccount(
  db: Db,
  provider: SignInMethod,
  providerAccountId: string,
): AccountRow | undefined {
  return db
    .prepare('SELECT * FROM accounts WHERE provider = ? AND provider_account_id = ?')
    .get(provider, providerAccountId) as AccountRow | undefined;
}

export function listAccounts(db: Db, userId: number): AccountRow[] {
  return db
    .prepare('SELECT * FROM accounts WHERE user_id = ? ORDER BY is_primary DESC, id')
    .all(userId) as AccountRow[];
}

export interface AccountFacts {
  provider: SignInMethod;
  providerAccountId: string;
  email: string | null;
  emailVerified: boolean;
  displayName: string | null;
  avatarUrl: string | null;
}

/** Links a sign-in method; the first one a user has becomes the primary. */
export function insertAccount(
  db: Db,
  userId: number,
  facts: AccountFacts,
  now: string,
): AccountRow {
  const hasAccounts = db.prepare('SELECT 1 FROM accounts WHERE user_id = ? LIMIT 1').get(userId);
  return db
    .prepare(
      `INSERT INTO accounts (user_id, provider, provider_account_id, email, email_verified, display_name,
         avatar_url, is_primary, created_at, updated_at, last_used_at)
       VALUES (@userId, @provider, @providerAccountId, @email, @emailVerified, @displayName, @avatarUrl,
         @isPrimary, @now, @now, @now)
       RETURNING *`,
    )
    .get({
      userId,
      ...facts,
      emailVerified: facts.emailVerified ? 1 : 0,
      isPrimary: hasAccounts ? 0 : 1,
      now,
    }) as AccountRow;
}

/** Keeps what the provider reported at this sign-in. */
export function updateAccountFacts(
  db: Db,
  accountId: number,
  facts: AccountFacts,
  now: string,
): void {
  db.prepare(
    `UPDATE accounts SET email = @email, email_verified = @emailVerified, display_name = @displayName,
       avatar_url = @avatarUrl, updated_at = @now, last_used_at = @now
     WHERE id = @accountId`,
  ).run({ accountId, ...facts, emailVerified: facts.emailVerified ? 1 : 0, now });
}

export function setPrimaryAccount(db: Db, userId: number, accountId: number, now: string): boolean {
  return inTransaction(db, () => {
    const owned = db
      .prepare('SELECT 1 FROM accounts WHERE id = ? AND user_id = ?')
      .get(accountId, userId);
    if (!owned) return false;
    db.prepare(
      'UPDATE accounts SET is_primary = 0, updated_at = ? WHERE user_id = ? AND is_primary = 1',
    ).run(now, userId);
    db.prepare('UPDATE accounts SET is_primary = 1, updated_at = ? WHERE id = ?').run(
      now,
      accountId,
    );
    return true;
  });
}

export type UnlinkOutcome = 'unlinked' | 'not-found' | 'last-method';

/** Removes a method unless it is the user's last one; a removed primary passes to the oldest left. */
export function unlinkAccount(
  db: Db,
  userId: number,
  accountId: number,
  now: string,
): UnlinkOutcome {
  return inTransaction(db, (): UnlinkOutcome => {
    const account = db
      .prepare('SELECT * FROM accounts WHERE id = ? AND user_id = ?')
      .get(accountId, userId) as AccountRow | undefined;
    if (!account) return 'not-found';
    const count = db
      .prepare('SELECT COUNT(*) FROM accounts WHERE user_id = ?')
      .pluck()
      .get(userId) as number;
    if (count <= 1) return 'last-method';
    db.prepare('DELETE FROM accounts WHERE id = ?').run(accountId);
    if (account.is_primary) {
      db.prepare(
        `UPDATE accounts SET is_primary = 1, updated_at = ?
         WHERE id = (SELECT id FROM accounts WHERE user_id = ? ORDER BY id LIMIT 1)`,
      ).run(now, userId);
    }
    return 'unlinked';
  });
}

// Sessions

export function insertSession(db: Db, session: Omit<SessionRow, 'last_seen_at'>): void {
  db.prepare(
    `INSERT INTO sessions (id_hash, public_id, user_id, method, created_at, last_seen_at, absolute_expires_at,
       idle_expires_at, user_agent, ip_hash, notice)
     VALUES (@id_hash, @public_id, @user_id, @method, @created_at, @created_at, @absolute_expires_at,
       @idle_expires_at, @user_agent, @ip_hash, @notice)`,
  ).run(session);
}

export function findSession(db: Db, idHash: string): SessionRow | undefined {
  return db.prepare('SELECT * FROM sessions WHERE id_hash = ?').get(idHash) as
    SessionRow | undefined;
}

export function touchSession(
  db: Db,
  idHash: string,
  now: string,
  idleExpiresAt: string | null,
): void {
  db.prepare('UPDATE sessions SET last_seen_at = ?, idle_expires_at = ? WHERE id_hash = ?').run(
    now,
    idleExpiresAt,
    idHash,
  );
}

export function deleteSession(db: Db, idHash: string): void {
  db.prepare('DELETE FROM sessions WHERE id_hash = ?').run(idHash);
}

export function deleteSessionByPublicId(db: Db, userId: number, publicId: string): boolean {
  return (
    db.prepare('DELETE FROM sessions WHERE user_id = ? AND public_id = ?').run(userId, publicId)
      .changes > 0
  );
}

export function deleteUserSessions(db: Db, userId: number): number {
  return db.prepare('DELETE FROM sessions WHERE user_id = ?').run(userId).changes;
}

export function listSessions(db: Db, userId: number): SessionRow[] {
  return db
    .prepare('SELECT * FROM sessions WHERE user_id = ? ORDER BY last_seen_at DESC')
    .all(userId) as SessionRow[];
}

export function deleteExpiredSessions(db: Db, now: string): number {
  return db
    .prepare(
      `DELETE FROM sessions
       WHERE absolute_expires_at <= @now OR (idle_expires_at IS NOT NULL AND idle_expires_at <= @now)`,
    )
    .run({ now }).changes;
}

// Magic links

export function insertMagicLink(
  db: Db,
  link: Omit<MagicLinkRow, 'id' | 'code_attempts' | 'consumed_at' | 'cancelled_at'>,
): void {
  // A new link cancels every older one still usable for the address.
  db.prepare(
    `UPDATE magic_links SET cancelled_at = @created_at
     WHERE email = @email AND consumed_at IS NULL AND cancelled_at IS NULL`,
  ).run(link);
  db.prepare(
    `INSERT INTO magic_links (email, user_id, token_hash, code_hash, return_url, start_path,
       created_at, expires_at, ip_hash)
     VALUES (@email, @user_id, @token_hash, @code_hash, @return_url, @start_path, @created_at,
       @expires_at, @ip_hash)`,
  ).run(link);
}

export function findMagicLinkByToken(db: Db, tokenHash: string): MagicLinkRow | undefined {
  return db.prepare('SELECT * FROM magic_links WHERE token_hash = ?').get(tokenHash) as
    MagicLinkRow | undefined;
}

/** The newest link of an address that has not been used or replaced (it may have expired). */
export function findOpenMagicLink(db: Db, email: string): MagicLinkRow | undefined {
  return db
    .prepare(
      `SELECT * FROM magic_links WHERE email = ? AND consumed_at IS NULL AND cancelled_at IS NULL
       ORDER BY id DESC LIMIT 1`,
    )
    .get(email) as MagicLinkRow | undefined;
}

/**
 * Marks the link used if it still can be: the conditional UPDATE is the single-use guarantee,
 * so two requests racing with the same token cannot both succeed.
 */
export function consumeMagicLink(db: Db, id: number, now: string): MagicLinkRow | undefined {
  return db
    .prepare(
      `UPDATE magic_links SET consumed_at = @now
       WHERE id = @id AND consumed_at IS NULL AND cancelled_at IS NULL AND expires_at > @now
       RETURNING *`,
    )
    .get({ id, now }) as MagicLinkRow | undefined;
}

/** Counts a wrong code; returns the attempts so far. */
export function recordWrongCode(db: Db, id: number): number {
  return db
    .prepare(
      'UPDATE magic_links SET code_attempts = code_attempts + 1 WHERE id = ? RETURNING code_attempts',
    )
    .pluck()
    .get(id) as number;
}

/** Forgets links that can no longer be used, once they are older than `before`. */
export function pruneMagicLinks(db: Db, before: string): number {
  return db
    .prepare(
      `DELETE FROM magic_links
       WHERE created_at < @before AND (consumed_at IS NOT NULL OR cancelled_at IS NOT NULL OR expires_at <= @before)`,
    )
    .run({ before }).changes;
}

// The owner's console

export interface UserListRow {
  id: number;
  name: string | null;
  email: string | null;
  avatar_url: string | null;
  role: string;
  created_at: string;
  last_sign_in_at: string | null;
  banned_at: string | null;
  banned_until: string | null;
  ban_reason: string | null;
  providers: string | null;
}

const USER_SELECT = `SELECT u.id, u.name, u.email, u.avatar_url, u.role, u.created_at, u.last_sign_in_at,
    u.banned_at, u.banned_until, u.ban_reason,
    (SELECT group_concat(a.provider, ',') FROM accounts a WHERE a.user_id = u.id) AS providers
  FROM users u`;

/** A page of live accounts, newest first, matching `q` in the address or the name. */
export function userPage(
  db: Db,
  query: { q: string; page: number; pageSize: number },
): { rows: UserListRow[]; total: number } {
  const where = `WHERE u.deleted_at IS NULL AND (@q = '' OR u.email LIKE @like ESCAPE '\\'
    OR u.name LIKE @like ESCAPE '\\')`;
  const params = { q: query.q, like: likeContaining(query.q) };
  const rows = statement(
    db,
    `${USER_SELECT} ${where} ORDER BY u.created_at DESC, u.id DESC LIMIT @limit OFFSET @offset`,
  ).all({
    ...params,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  }) as UserListRow[];
  const total = statement(db, `SELECT COUNT(*) FROM users u ${where}`)
    .pluck()
    .get(params) as number;
  return { rows, total };
}

export function userListRow(db: Db, userId: number): UserListRow | undefined {
  return statement(db, `${USER_SELECT} WHERE u.id = ?`).get(userId) as UserListRow | undefined;
}

/** Members at each instant: joined by then and not deleted by then. */
export function membersAt(db: Db, instants: readonly string[]): number[] {
  const count = statement(
    db,
    `SELECT COUNT(*) FROM users WHERE created_at < @end AND (deleted_at IS NULL OR deleted_at >= @end)`,
  ).pluck();
  return instants.map((end) => count.get({ end }) as number);
}

export function membersByMethod(db: Db): Array<{ method: string; count: number }> {
  return statement(
    db,
    `SELECT a.provider AS method, COUNT(*) AS count FROM accounts a
     JOIN users u ON u.id = a.user_id AND u.deleted_at IS NULL
     GROUP BY a.provider ORDER BY count DESC, a.provider`,
  ).all() as Array<{ method: string; count: number }>;
}

export function liveMemberCount(db: Db): number {
  return statement(db, 'SELECT COUNT(*) FROM users WHERE deleted_at IS NULL')
    .pluck()
    .get() as number;
}

// Moving out and back in (issue 27)

/**
 * Members moving out and back in (issue 27): each live member with their linked sign-in methods,
 * and nothing that signs anyone in (no session, no link token, no provider secret: none is
 * stored). Restored into a fresh site, a member signs in again by any of those methods.
 */

export interface MovedMember {
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  role: string;
  avatarUrl: string | null;
  createdAt: string;
  signInMethods: Array<{
    provider: SignInMethod;
    providerAccountId: string;
    email: string | null;
    emailVerified: boolean;
    displayName: string | null;
    primary: boolean;
    linkedAt: string;
  }>;
}

/** Every member not deleted, oldest first. */
export function membersForExport(db: Db): MovedMember[] {
  const users = statement(
    db,
    `SELECT id, email, email_verified, name, role, avatar_url, created_at FROM users
     WHERE deleted_at IS NULL ORDER BY id`,
  ).all() as Array<
    Pick<UserRow, 'id' | 'email' | 'email_verified' | 'name' | 'role' | 'avatar_url' | 'created_at'>
  >;
  const methods = statement(
    db,
    `SELECT user_id, provider, provider_account_id, email, email_verified, display_name,
       is_primary, created_at FROM accounts ORDER BY id`,
  ).all() as Array<
    Pick<
      AccountRow,
      | 'user_id'
      | 'provider'
      | 'provider_account_id'
      | 'email'
      | 'email_verified'
      | 'display_name'
      | 'is_primary'
      | 'created_at'
    >
  >;
  return users.map((user) => ({
    email: user.email,
    emailVerified: user.email_verified === 1,
    name: user.name,
    role: user.role,
    avatarUrl: user.avatar_url,
    createdAt: user.created_at,
    signInMethods: methods
      .filter((method) => method.user_id === user.id)
      .map((method) => ({
        provider: method.provider,
        providerAccountId: method.provider_account_id,
        email: method.email,
        emailVerified: method.email_verified === 1,
        displayName: method.display_name,
        primary: method.is_primary === 1,
        linkedAt: method.created_at,
      })),
  }));
}

/** Whether the site has this member already: by proven address, or by a sign-in method. */
export function isMemberHere(db: Db, member: MovedMember): boolean {
  if (member.email && member.emailVerified && findUserByVerifiedEmail(db, member.email)) {
    return true;
  }
  const taken = statement(
    db,
    'SELECT 1 FROM accounts WHERE provider = ? AND provider_account_id = ?',
  );
  return member.signInMethods.some((m) => taken.get(m.provider, m.providerAccountId) !== undefined);
}

/**
 * Restores a member unless the site already has them (by proven address, or by any of their
 * sign-in methods). Their primary method stays the primary one. The role is the importer's
 * decision, never `member.role` as read: an archive is a file anyone can write.
 */
export function restoreMember(
  db: Db,
  member: MovedMember,
  role: AssignableRole,
  now: string,
): void {
  if (isMemberHere(db, member)) return;
  const user = insertUser(db, {
    email: member.email,
    emailVerified: member.emailVerified,
    name: member.name,
    avatarUrl: member.avatarUrl,
    role,
    startPath: null,
    now: member.createdAt,
  });
  const ordered = [...member.signInMethods].sort((a, b) => Number(b.primary) - Number(a.primary));
  for (const method of ordered) {
    insertAccount(
      db,
      user.id,
      {
        provider: method.provider,
        providerAccountId: method.providerAccountId,
        email: method.email,
        emailVerified: method.emailVerified,
        displayName: method.displayName,
        avatarUrl: null,
      },
      method.linkedAt,
    );
  }
  statement(db, 'UPDATE users SET updated_at = ? WHERE id = ?').run(now, user.id);
}
