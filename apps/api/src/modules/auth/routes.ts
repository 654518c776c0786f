import { inTransaction } from '../../db/statements.js';
import { siteIdentity } from '../site/index.js';
import {
  MESSAGES,
  magicLinkVerifyQuerySchema,
  mailboxKey,
  safeReturnPath,
  type AuthUser,
  type LinkedAccount,
  type MessageCode,
  type Subscription,
  PAGE_PATHS,
} from '@quillpost/domain';
import express, { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../../deps.js';
import { allowedOrigins } from '../../http/guards.js';
import { AppError, refusalOf } from '../../http/errors.js';
import { RateLimiter, clientKey } from '../../http/rate-limit.js';
import { clearCookie, readCookie, setCookie, cookieName } from './cookies.js';
import {
  inspectMagicLink,
  redeemMagicCode,
  redeemMagicLink,
  requestMagicLink,
} from './magic-link.js';
import { currentUser, requestAuth, requirePermission, setRequestAuth } from './middleware.js';
import { startPathOf } from '../../http/start-page.js';
import { userForEmail } from './service.js';
import { claimSubscriptionAccount } from '../subscriptions/index.js';
import { endpointMounter } from '../../http/endpoints.js';
import { sendConfirmPage, sendMessagePage } from './pages.js';
import {
  deleteSessionByPublicId,
  listAccounts,
  listSessions,
  setPrimaryAccount,
  unlinkAccount,
  type AccountRow,
} from './store.js';
import { iso } from '../../clock.js';
import { constantTimeEqual, newSecretToken } from '../../security/secrets.js';
import {
  clearSessionCookies,
  endSession,
  expiryOf,
  ipHash,
  startSession,
  type AuthState,
  type SessionUser,
} from './session.js';

/** Abuse limits of issue 4; per IP they use the shared limiter's grouping (IPv6 by /64). */
export const AUTH_RATE_LIMITS = {
  magicLinkPerIp: { max: 5, windowMs: 60_000 },
  magicLinkPerAddress: { max: 3, windowMs: 60 * 60_000 },
  failedChecksPerIp: { max: 10, windowMs: 60_000 },
} as const;

export interface AuthLimiters {
  magicLinkPerIp: RateLimiter;
  magicLinkPerAddress: RateLimiter;
  failedChecksPerIp: RateLimiter;
}

export function createAuthLimiters({ db, clock }: Pick<AppDeps, 'db' | 'clock'>): AuthLimiters {
  return {
    magicLinkPerIp: new RateLimiter({
      ...AUTH_RATE_LIMITS.magicLinkPerIp,
      db,
      clock,
      name: 'magic-link-ip',
    }),
    magicLinkPerAddress: new RateLimiter({
      ...AUTH_RATE_LIMITS.magicLinkPerAddress,
      db,
      clock,
      name: 'magic-link-address',
    }),
    failedChecksPerIp: new RateLimiter({
      ...AUTH_RATE_LIMITS.failedChecksPerIp,
      db,
      clock,
      name: 'auth-failures-ip',
    }),
  };
}

export type AuthRouteDeps = Pick<AppDeps, 'db' | 'clock' | 'env'> & {
  limiters: AuthLimiters;
  /** The newsletter subscription of an address, for /me; wired to the subscriptions module in app.ts. */
  subscriptionOf?: ((email: string) => Subscription | null) | undefined;
};

const CONFIRM_COOKIE = 'qp_magic_confirm';
const CONFIRM_COOKIE_MAX_AGE_MS = 15 * 60_000;

function rateLimited(retryAfterSeconds: number): AppError {
  return new AppError(429, 'RATE_LIMITED', undefined, { 'Retry-After': String(retryAfterSeconds) });
}

/** 429 once this client has failed too many token or code checks; checked before checking. */
function guardFailedChecks(deps: AuthRouteDeps, req: Request): void {
  const result = deps.limiters.failedChecksPerIp.peek(`auth-fail:${clientKey(req.ip)}`);
  if (!result.allowed) throw rateLimited(result.retryAfterSeconds);
}

function countFailedCheck(deps: AuthRouteDeps, req: Request): void {
  deps.limiters.failedChecksPerIp.hit(`auth-fail:${clientKey(req.ip)}`);
}

/** The auth user of spec section 3, as /me and the sign-in answers report it. */
export function authUserOf(user: SessionUser, subscription: Subscription | null): AuthUser {
  return {
    email: user.email ?? '',
    name: user.name,
    role: user.role,
    avatar_url: user.avatarUrl,
    subscription_status: subscription?.status ?? null,
  };
}

function linkedAccountOf(account: AccountRow): LinkedAccount {
  return {
    provider: account.provider,
    providerAvatarUrl: account.avatar_url,
    isPrimary: account.is_primary === 1,
  };
}

function accountsOf(deps: AuthRouteDeps, userId: number) {
  const accounts = listAccounts(deps.db, userId).map(linkedAccountOf);
  return {
    primaryAccount: accounts.find((account) => account.isPrimary) ?? null,
    linkedAccounts: accounts,
  };
}

function sessionSummary(state: AuthState) {
  return {
    level: state.user.level,
    createdAt: state.session.createdAt,
    expiresAt: state.session.expiresAt,
  };
}

function subscriptionFor(deps: AuthRouteDeps, user: SessionUser): Subscription | null {
  // Only a proven address may show its subscription; a claimed one could be anyone's.
  return user.email && user.emailVerified ? (deps.subscriptionOf?.(user.email) ?? null) : null;
}

function callbackUrl(deps: AuthRouteDeps, params: Record<string, string>): string {
  const url = new URL(PAGE_PATHS.authCallback, deps.env.WEB_ORIGIN);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.href;
}

/**
 * The confirm page behind the emailed link, and its form POST. Mounted before the same-site JSON
 * guard: the page is served with `Referrer-Policy: no-referrer`, so browsers send `Origin: null`
 * with its form. The double-submit cookie stands in for the Origin check: a form posted from
 * another site arrives without it (SameSite=Lax), so nobody can sign a visitor into their account.
 */
export function magicLinkPageRoutes(deps: AuthRouteDeps): Router {
  const { env, db } = deps;
  const router = Router();
  const trustedOrigins = allowedOrigins(env);
  const home = {
    label: `Back to ${siteIdentity(db).title}`,
    url: new URL('/', env.WEB_ORIGIN).href,
  };
  const invalidPage = (res: Response, status: number, code: MessageCode) =>
    sendMessagePage(res, status, {
      site: siteIdentity(db),
      heading: MESSAGES.AUTHENTICATION_FAILED,
      message: MESSAGES[code],
      link: home,
    });
  const pageError = (res: Response, error: unknown) => {
    const refusal = refusalOf(error);
    if (!refusal) throw error;
    res.set(refusal.headers);
    invalidPage(res, refusal.status, refusal.code);
  };

  router.get('/api/auth/magic-link/verify', (req, res) => {
    try {
      guardFailedChecks(deps, req);
      const parsed = magicLinkVerifyQuerySchema.safeParse(req.query);
      const link = parsed.success ? inspectMagicLink(deps, parsed.data.token) : undefined;
      if (!parsed.success || !link?.ok) {
        countFailedCheck(deps, req);
        return invalidPage(res, 400, 'TOKEN_INVALID');
      }
      const csrf = newSecretToken();
      setCookie(res, env, CONFIRM_COOKIE, csrf, CONFIRM_COOKIE_MAX_AGE_MS);
      sendConfirmPage(res, {
        site: siteIdentity(db),
        email: link.value.email,
        token: parsed.data.token,
        csrf,
        webOrigin: env.WEB_ORIGIN,
      });
    } catch (error) {
      pageError(res, error);
    }
  });

  router.post(
    '/api/auth/magic-link/verify',
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    (req, res) => {
      try {
        const origin = req.get('origin');
        if (origin !== undefined && origin !== 'null' && !trustedOrigins.has(origin)) {
          throw new AppError(403, 'CROSS_SITE_REQUEST');
        }
        const body = (req.body ?? {}) as Record<string, unknown>;
        const cookie = readCookie(req, cookieName(env, CONFIRM_COOKIE));
        if (!cookie || typeof body.csrf !== 'string' || !constantTimeEqual(cookie, body.csrf)) {
          throw new AppError(403, 'CROSS_SITE_REQUEST');
        }
        clearCookie(res, env, CONFIRM_COOKIE);
        guardFailedChecks(deps, req);
        const parsed = magicLinkVerifyQuerySchema.safeParse({ token: body.token });
        const outcome = inTransaction(db, () => {
          if (!parsed.success) return { ok: false as const, code: 'TOKEN_INVALID' as const };
          const redeemed = redeemMagicLink(deps, parsed.data.token);
          if (!redeemed.ok) return redeemed;
          const state = startSession(deps, req, res, redeemed.value.user, 'email');
          return { ok: true as const, state, returnUrl: redeemed.value.returnUrl };
        });
        if (!outcome.ok) {
          if (outcome.code === 'TOKEN_INVALID') countFailedCheck(deps, req);
          return invalidPage(res, outcome.code === 'ACCOUNT_BANNED' ? 403 : 400, outcome.code);
        }
        setRequestAuth(req, outcome.state);
        res.set('Cache-Control', 'no-store').redirect(
          303,
          callbackUrl(deps, {
            auth_success: 'true',
            returnUrl: safeReturnPath(outcome.returnUrl),
          }),
        );
      } catch (error) {
        pageError(res, error);
      }
    },
  );

  return router;
}

/** The JSON auth calls (spec section 7 plus sessions and linked accounts). */
export function authRoutes(deps: AuthRouteDeps): Router {
  const { env, db, clock, limiters } = deps;
  const router = Router();
  const mount = endpointMounter(router, {
    requirePermission,
    noStore: true,
    limits: {
      'magic-link': (req, _res, next) => {
        limiters.magicLinkPerIp.consume(`magic-link:${clientKey(req.ip)}`);
        next();
      },
    },
  });

  mount('session', (req, res) => {
    const state = requestAuth(req);
    res.json({
      success: true,
      authenticated: state !== null,
      session: state ? sessionSummary(state) : null,
    });
  });

  mount('me', (req, res) => {
    const state = requestAuth(req) as AuthState;
    const subscription = subscriptionFor(deps, state.user);
    res.json({
      success: true,
      user: authUserOf(state.user, subscription),
      session: sessionSummary(state),
      notice: state.session.notice,
      subscription,
      ...accountsOf(deps, state.user.id),
    });
  });

  mount('logout', (req, res) => {
    endSession(deps, req, res);
    setRequestAuth(req, null);
    res.json({ success: true, message: MESSAGES.LOGGED_OUT });
  });

  mount('magicLinkRequest', (req, res, { body: { email, returnUrl } }) => {
    limiters.magicLinkPerAddress.consume(`magic-link:${mailboxKey(email)}`);
    requestMagicLink(deps, {
      email,
      returnUrl,
      ipHash: ipHash(deps, req),
      startPath: startPathOf(req, deps.env),
    });
    // The same answer whether or not the address has an account (or may sign in).
    res.json({ success: true, message: MESSAGES.MAGIC_LINK_SENT });
  });

  mount(
    'magicLinkCode',
    (req, res, { body: { email, code } }) => {
      const outcome = inTransaction(db, () => {
        const redeemed = redeemMagicCode(deps, email, code);
        if (!redeemed.ok) return redeemed;
        const state = startSession(deps, req, res, redeemed.value.user, 'email');
        return { ok: true as const, state, returnUrl: redeemed.value.returnUrl };
      });
      if (!outcome.ok) {
        if ('wrong' in outcome && outcome.wrong) countFailedCheck(deps, req);
        throw new AppError(outcome.code === 'ACCOUNT_BANNED' ? 403 : 400, outcome.code);
      }
      setRequestAuth(req, outcome.state);
      res.json({
        success: true,
        user: authUserOf(outcome.state.user, subscriptionFor(deps, outcome.state.user)),
        returnUrl: safeReturnPath(outcome.returnUrl),
      });
    },
    {
      // A malformed code counts as a failed check, like a wrong one.
      before: (req, _res, next) => {
        guardFailedChecks(deps, req);
        next();
      },
      onInvalid: (req) => countFailedCheck(deps, req),
    },
  );

  // "Also create a member account" (issue 26): the browser that opened the confirmation link
  // posts its token once more and is signed in with a member account for the proven address. A
  // POST, so a mail scanner that opens the link signs nobody in.
  mount('subscriptionAccount', (req, res, { body: { token } }) => {
    const outcome = inTransaction(db, () => {
      const email = claimSubscriptionAccount(deps, token);
      if (!email) return { ok: false as const, code: 'TOKEN_INVALID' as const };
      const found = userForEmail(deps, email);
      if (!found.ok) return found;
      return { ok: true as const, state: startSession(deps, req, res, found.user, 'email') };
    });
    if (!outcome.ok) {
      throw new AppError(outcome.code === 'ACCOUNT_BANNED' ? 403 : 400, outcome.code);
    }
    setRequestAuth(req, outcome.state);
    res.json({
      success: true,
      user: authUserOf(outcome.state.user, subscriptionFor(deps, outcome.state.user)),
      returnUrl: '/',
    });
  });

  mount('sessionList', (req, res) => {
    const state = requestAuth(req) as AuthState;
    const sessions = listSessions(db, state.user.id).map((row) => ({
      id: row.public_id,
      current: row.public_id === state.session.publicId,
      method: row.method,
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: iso(expiryOf(row, state.user.level)),
      userAgent: row.user_agent,
    }));
    res.json({ success: true, sessions });
  });

  mount('sessionRevoke', (req, res, { params: { id } }) => {
    const state = requestAuth(req) as AuthState;
    if (!deleteSessionByPublicId(db, state.user.id, id)) throw new AppError(404, 'NOT_FOUND');
    if (id === state.session.publicId) {
      clearSessionCookies(res, env);
      setRequestAuth(req, null);
    }
    res.json({ success: true });
  });

  mount('accountList', (req, res) => {
    const user = currentUser(req) as SessionUser;
    res.json({ success: true, ...accountsOf(deps, user.id) });
  });

  mount('accountPrimary', (req, res, { body: { provider } }) => {
    const user = currentUser(req) as SessionUser;
    const account = listAccounts(db, user.id).find((candidate) => candidate.provider === provider);
    if (!account || !setPrimaryAccount(db, user.id, account.id, iso(clock.now()))) {
      throw new AppError(404, 'NOT_FOUND');
    }
    res.json({ success: true, ...accountsOf(deps, user.id) });
  });

  mount('accountUnlink', (req, res, { params: { provider } }) => {
    const user = currentUser(req) as SessionUser;
    const account = listAccounts(db, user.id).find((candidate) => candidate.provider === provider);
    if (!account) throw new AppError(404, 'NOT_FOUND');
    const outcome = unlinkAccount(db, user.id, account.id, iso(clock.now()));
    if (outcome === 'last-method') throw new AppError(409, 'LAST_SIGN_IN_METHOD');
    if (outcome === 'not-found') throw new AppError(404, 'NOT_FOUND');
    res.json({ success: true, ...accountsOf(deps, user.id) });
  });

  return router;
}

/** For the subscriptions module: the signed-in user's proven address (its SessionEmailReader). */
export function sessionEmail(req: Request): string | null {
  const user = currentUser(req);
  return user?.email && user.emailVerified ? user.email : null;
}
