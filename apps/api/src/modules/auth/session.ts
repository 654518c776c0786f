import {
  levelFromRole,
  sessionPolicyFor,
  SIGNED_IN_HINT_COOKIE,
  signOutNoticeSchema,
  type RoleLevel,
  type SignInMethod,
  type SignOutNotice,
} from '@quillpost/domain';
import type { Request, Response } from 'express';
import type { AppDeps } from '../../deps.js';
import { clearCookie, cookieName, readCookie, setCookie } from './cookies.js';
import {
  deleteExpiredSessions,
  deleteSession,
  findSession,
  findUserById,
  insertSession,
  recordSignIn,
  takeSignOutNotice,
  touchSession,
  type SessionRow,
  type UserRow,
} from './store.js';
import { iso } from '../../clock.js';
import { hashToken, keyedHash, newPublicId, newSecretToken } from '../../security/secrets.js';

export type SessionDeps = Pick<AppDeps, 'db' | 'clock' | 'env'>;

export const SESSION_COOKIE = 'qp_session';

/** last_seen_at is written at most this often; idle limits are therefore exact to a minute. */
const TOUCH_INTERVAL_MS = 60_000;
const USER_AGENT_MAX_LENGTH = 256;

/** The signed-in user as every module sees it, read fresh from the database on each request. */
export interface SessionUser {
  id: number;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  role: string;
  level: RoleLevel;
  avatarUrl: string | null;
}

export interface CurrentSession {
  publicId: string;
  method: SignInMethod;
  createdAt: string;
  lastSeenAt: string;
  /** The earlier of the absolute and the idle limit under the user's current role. */
  expiresAt: string;
  /** Why the user was signed out everywhere before this session began, if they were. */
  notice: SignOutNotice | null;
}

export interface AuthState {
  user: SessionUser;
  session: CurrentSession;
  /** The stored hash of the cookie value, for logout and rotation. */
  idHash: string;
}

export function toSessionUser(row: UserRow): SessionUser {
  return {
    id: row.id,
    email: row.email,
    emailVerified: row.email_verified === 1,
    name: row.name,
    role: row.role,
    level: levelFromRole(row.role),
    avatarUrl: row.avatar_url,
  };
}

/** Banned while banned_at is set and banned_until is absent (permanent) or still ahead. */
export function isBanned(
  user: Pick<UserRow, 'banned_at' | 'banned_until'>,
  nowMs: number,
): boolean {
  if (!user.banned_at) return false;
  return user.banned_until === null || Date.parse(user.banned_until) > nowMs;
}

/** Whether this user may hold a session at all right now. */
export function canSignIn(user: UserRow | undefined, nowMs: number): user is UserRow {
  return !!user && user.deleted_at === null && !isBanned(user, nowMs);
}

/** When a session ends under the given (current) level: absolute or idle, whichever is first. */
export function expiryOf(row: SessionRow, level: RoleLevel): number {
  // The policy of the user's role *now*: a member promoted to moderator gets the short limits
  // on the next request, not at the next sign-in.
  const policy = sessionPolicyFor(level);
  const created = Date.parse(row.created_at);
  let expires = Math.min(Date.parse(row.absolute_expires_at), created + policy.absoluteTtlMs);
  if (policy.idleTimeoutMs !== null) {
    expires = Math.min(expires, Date.parse(row.last_seen_at) + policy.idleTimeoutMs);
  }
  return expires;
}

export function ipHash(deps: Pick<SessionDeps, 'env'>, req: Request): string | null {
  return req.ip ? keyedHash(deps.env.SESSION_SECRET, 'ip', req.ip) : null;
}

/** The session's notice; a damaged one is dropped rather than failing every request. */
function parseNotice(stored: string | null): SignOutNotice | null {
  if (!stored) return null;
  try {
    const parsed = signOutNoticeSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readSessionToken(deps: Pick<SessionDeps, 'env'>, req: Request): string | undefined {
  return readCookie(req, cookieName(deps.env, SESSION_COOKIE));
}

/**
 * The session behind a cookie value, or null. An expired session, or one whose user is now
 * deleted or banned, is removed on the spot, so those changes take effect at the next request.
 */
export function resolveSession(deps: SessionDeps, token: string): AuthState | null {
  const { db, clock } = deps;
  if (token.length > 128) return null;
  const idHash = hashToken(token);
  const row = findSession(db, idHash);
  if (!row) return null;
  const now = clock.now();
  const user = findUserById(db, row.user_id);
  if (!canSignIn(user, now)) {
    deleteSession(db, idHash);
    return null;
  }
  const level = levelFromRole(user.role);
  if (now >= expiryOf(row, level)) {
    deleteSession(db, idHash);
    return null;
  }
  let current = row;
  if (now - Date.parse(row.last_seen_at) >= TOUCH_INTERVAL_MS) {
    const idle = sessionPolicyFor(level).idleTimeoutMs;
    const lastSeen = iso(now);
    touchSession(db, idHash, lastSeen, idle === null ? null : iso(now + idle));
    current = { ...row, last_seen_at: lastSeen };
  }
  return {
    user: toSessionUser(user),
    session: {
      publicId: current.public_id,
      method: current.method,
      createdAt: current.created_at,
      lastSeenAt: current.last_seen_at,
      expiresAt: iso(expiryOf(current, level)),
      notice: parseNotice(current.notice),
    },
    idHash,
  };
}

/**
 * Signs a user in on this browser. Always a brand-new id: whatever session cookie the request
 * carried (planted or not) is deleted, so a fixated id never becomes a signed-in one.
 * Call it inside the transaction that decided who the user is.
 */
export function startSession(
  deps: SessionDeps,
  req: Request,
  res: Response,
  user: UserRow,
  method: SignInMethod,
): AuthState {
  const { db, clock, env } = deps;
  const previous = readSessionToken(deps, req);
  if (previous) deleteSession(db, hashToken(previous));

  const now = clock.now();
  const level = levelFromRole(user.role);
  const policy = sessionPolicyFor(level);
  const token = newSecretToken();
  const idHash = hashToken(token);
  const row: Omit<SessionRow, 'last_seen_at'> = {
    id_hash: idHash,
    public_id: newPublicId(),
    user_id: user.id,
    method,
    created_at: iso(now),
    absolute_expires_at: iso(now + policy.absoluteTtlMs),
    idle_expires_at: policy.idleTimeoutMs === null ? null : iso(now + policy.idleTimeoutMs),
    user_agent: req.get('user-agent')?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
    ip_hash: ipHash(deps, req),
    notice: takeSignOutNotice(db, user.id),
  };
  // Sign-ins are rare enough to carry the housekeeping: sessions past their limits go.
  deleteExpiredSessions(db, iso(now));
  insertSession(db, row);
  recordSignIn(db, user.id, iso(now));
  setSessionCookies(res, env, token, policy.absoluteTtlMs);
  const full: SessionRow = { ...row, last_seen_at: row.created_at };
  return {
    user: toSessionUser(user),
    session: {
      publicId: row.public_id,
      method,
      createdAt: row.created_at,
      lastSeenAt: row.created_at,
      expiresAt: iso(expiryOf(full, level)),
      notice: parseNotice(row.notice),
    },
    idHash,
  };
}

/** Signs this browser out: the row is deleted, so the old cookie value is worthless everywhere. */
export function endSession(deps: SessionDeps, req: Request, res: Response): void {
  const token = readSessionToken(deps, req);
  if (token) deleteSession(deps.db, hashToken(token));
  clearSessionCookies(res, deps.env);
}

/**
 * The session cookie and, beside it, the hint that has the server mark pages for a known reader
 * (decision 0042): it holds nothing but "1" and lives as long.
 */
function setSessionCookies(
  res: Response,
  env: SessionDeps['env'],
  token: string,
  maxAgeMs: number,
) {
  setCookie(res, env, SESSION_COOKIE, token, maxAgeMs);
  setCookie(res, env, SIGNED_IN_HINT_COOKIE, '1', maxAgeMs);
}

export function clearSessionCookies(res: Response, env: SessionDeps['env']) {
  clearCookie(res, env, SESSION_COOKIE);
  clearCookie(res, env, SIGNED_IN_HINT_COOKIE);
}

/** A hint left without its session (the session expired or was revoked elsewhere). */
export function hasSignedInHint(req: Request, env: SessionDeps['env']): boolean {
  return readCookie(req, cookieName(env, SIGNED_IN_HINT_COOKIE)) !== undefined;
}
