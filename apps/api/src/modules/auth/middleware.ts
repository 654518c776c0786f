import { hasPermission, type Permission, type RoleLevel } from '@quillpost/domain';
import type { IncomingHttpHeaders } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { AppError } from '../../http/errors.js';
import {
  clearSessionCookies,
  hasSignedInHint,
  readSessionToken,
  resolveSession,
  type AuthState,
  type CurrentSession,
  type SessionDeps,
  type SessionUser,
} from './session.js';

// Keyed by the request object, so nothing can spoof it through res.locals or a header.
const authByRequest = new WeakMap<Request, AuthState | null>();

function requestOf(from: Request | Response): Request {
  return 'req' in from && from.req ? (from as Response).req : (from as Request);
}

/**
 * Reads the session cookie once per request and remembers who is signed in. Mounted once in
 * app.ts before every router; a cookie that no longer names a valid session is cleared.
 */
export function loadSession(deps: SessionDeps): RequestHandler {
  return (req, res, next) => {
    const token = readSessionToken(deps, req);
    const state = token ? resolveSession(deps, token) : null;
    if (!state && (token || hasSignedInHint(req, deps.env))) clearSessionCookies(res, deps.env);
    authByRequest.set(req, state);
    next();
  };
}

/**
 * Who is signed in, from a request's headers alone: for the page-view beacon, which Express (and
 * so loadSession) never sees. The session is looked up as for any request (its last use noted, an
 * expired one removed); no cookie is sent back.
 */
export function signedInFromHeaders(
  deps: SessionDeps,
  headers: IncomingHttpHeaders,
): SessionUser | null {
  if (!headers.cookie) return null;
  const token = readSessionToken(deps, { headers } as Request);
  return token ? (resolveSession(deps, token)?.user ?? null) : null;
}

function stateOf(from: Request | Response): AuthState | null {
  const req = requestOf(from);
  const state = authByRequest.get(req);
  if (state === undefined && !authByRequest.has(req)) {
    // A programming error, not an anonymous visitor: fail loudly instead of letting everyone in
    // as nobody (or out as somebody).
    throw new Error('loadSession middleware is not mounted before this route');
  }
  return state ?? null;
}

/** The signed-in user of this request, or null. */
export function currentUser(from: Request | Response): SessionUser | null {
  return stateOf(from)?.user ?? null;
}

/** The current session (public id, method, times), or null. */
export function currentSession(from: Request | Response): CurrentSession | null {
  return stateOf(from)?.session ?? null;
}

/** The role level of this request: 'anonymous' when signed out. */
export function currentLevel(from: Request | Response): RoleLevel {
  return stateOf(from)?.user.level ?? 'anonymous';
}

/** For the auth module: replaces what this request knows after sign-in or sign-out. */
export function setRequestAuth(req: Request, state: AuthState | null): void {
  authByRequest.set(req, state);
}

export function requestAuth(req: Request): AuthState | null {
  return stateOf(req);
}

/** 401 when signed out, 403 when the user's level lacks the permission (domain table). */
export function requirePermission(permission: Permission): RequestHandler {
  return (req, _res, next) => {
    const user = currentUser(req);
    if (!user) return next(new AppError(401, 'UNAUTHORIZED'));
    next(hasPermission(user.level, permission) ? undefined : new AppError(403, 'FORBIDDEN'));
  };
}

/** The signed-in user of a route behind requirePermission; 401 otherwise. */
export function signedInUser(req: Request): SessionUser {
  const user = currentUser(req);
  if (!user) throw new AppError(401, 'UNAUTHORIZED');
  return user;
}
