import { isoNow } from '../../clock.js';
import { siteIdentity } from '../site/index.js';
import {
  API_ROUTES,
  CONSENT_SOURCES,
  MESSAGES,
  mailboxKey,
  PAGE_PATHS,
  subscribeRequestSchema,
  TOKEN_LINK_PATHS,
  type ParsedSubscribeRequest,
  type SubscriptionStatusView,
  verifyQuerySchema,
} from '@quillpost/domain';
import express, { Router, type ErrorRequestHandler, type Request, type Response } from 'express';
import type { AppDeps } from '../../deps.js';
import { inGroupCommit } from '../../db/statements.js';
import { AppError, refusalOf } from '../../http/errors.js';
import { RateLimiter, clientKey, limitByClient } from '../../http/rate-limit.js';
import { endpointMounter } from '../../http/endpoints.js';
import { sameSiteFormOnly } from '../../http/guards.js';
import { startPathOf } from '../../http/start-page.js';
import { validate } from '../../http/validate.js';
import type { SecurityCheck, SecurityCheckResult } from '../../security/turnstile.js';
import { hashIp } from './store/consent.js';
import {
  PREVIEW_UNSUBSCRIBE_TOKEN,
  siteReturnPath,
  tokenSubscriberId,
  unsubscribedLandingUrl,
  verifySubscriberToken,
} from './links.js';
import { ONE_CLICK_PAGE_FIELD, sendOneClickPage } from './pages.js';
import { findByEmail, findById, toSubscription } from './store/subscriptions.js';
import { requireOwnSubscription, provesOwnership, type SessionEmailReader } from './requester.js';
import {
  deleteSubscription,
  exportSubscription,
  requestUnsubscribe,
  resendVerification,
  subscribe,
  unsubscribe,
  updatePreferences,
  updateProfile,
  verify,
} from './service.js';
import { signStatusToken, statusTokenIssuedAt } from './status-token.js';

export type SubscriptionRouteDeps = Pick<AppDeps, 'env' | 'db' | 'clock'> & {
  securityCheck: SecurityCheck;
  sessionEmail?: SessionEmailReader | undefined;
};

function securityError(
  reason: Exclude<SecurityCheckResult, { ok: true }>['reason'],
  scriptRan: boolean,
): AppError {
  if (reason === 'missing') {
    return new AppError(400, scriptRan ? 'SECURITY_CHECK_PENDING' : 'SECURITY_CHECK_NEEDS_SCRIPT');
  }
  if (reason === 'unavailable') return new AppError(503, 'SECURITY_CHECK_UNAVAILABLE');
  return new AppError(403, 'SECURITY_CHECK_FAILED');
}

/** Which form sent a subscribe request, for the consent record: the variant and the page path. */
function consentSource(req: Request, variant: string): string {
  const path = URL.parse(req.get('referer') ?? '')?.pathname;
  return path ? `${variant}@${path}` : variant;
}

/**
 * The newsletter subscription lifecycle (spec section 7): subscribe, verify, resend, unsubscribe,
 * stats, and the subscriber's own data. Mounted at the root because /verify is not under /api.
 */
export function subscriptionRoutes(deps: SubscriptionRouteDeps): Router {
  const { env, db, clock, securityCheck } = deps;
  const router = Router();
  const ipLimiter = new RateLimiter({
    db,
    name: 'mail-routes-ip',
    max: env.RATE_LIMIT_IP_MAX,
    windowMs: env.RATE_LIMIT_IP_WINDOW_MS,
    clock,
  });
  // One bucket per mailbox (tags and Gmail's dots folded) for everything that mails it: at most
  // RATE_LIMIT_EMAIL_MAX an hour.
  const emailLimiter = new RateLimiter({
    db,
    name: 'mail-address',
    max: env.RATE_LIMIT_EMAIL_MAX,
    windowMs: env.RATE_LIMIT_EMAIL_WINDOW_MS,
    clock,
  });
  const limitMailTo = (email: string) => emailLimiter.consume(`mail:${mailboxKey(email)}`);
  const ipHashOf = (req: Request) => hashIp(env.SESSION_SECRET, req.ip);
  const limitSubscribes = limitByClient(ipLimiter, 'subscribe');
  // Every answer here is about one person's address: never kept by a cache.
  const mount = endpointMounter(router, {
    noStore: true,
    limits: {
      subscribe: limitSubscribes,
      resend: limitByClient(ipLimiter, 'resend'),
      unsubscribe: limitByClient(ipLimiter, 'unsubscribe'),
    },
  });

  /**
   * What every subscribe goes through, whichever form sent it: the security check, the limit per
   * mailbox and the service. Answers when it was accepted, for the status token.
   */
  async function acceptSubscription(
    req: Request,
    { turnstileToken, ...input }: ParsedSubscribeRequest,
    form: { source: string; startPath: string | null; scriptRan: boolean },
  ): Promise<number> {
    // The plain variant (no token) passes only where the check does not require one (development).
    const check = await securityCheck.verify(turnstileToken, req.ip);
    if (!check.ok) throw securityError(check.reason, form.scriptRan);
    limitMailTo(input.email);
    const issuedAt = clock.now();
    // Shares its COMMIT with the other subscribes of this event-loop turn (see inGroupCommit).
    await inGroupCommit(db, () =>
      subscribe(deps, {
        email: input.email,
        name: input.name,
        wantsAccount: input.wantsAccount,
        source: form.source,
        ipHash: ipHashOf(req),
        startPath: form.startPath,
      }),
    );
    return issuedAt;
  }

  mount('subscribe', async (req, res, { body }) => {
    const issuedAt = await acceptSubscription(req, body, {
      source: consentSource(req, body.turnstileToken ? 'subscribe-form' : 'subscribe-plain'),
      startPath: startPathOf(req, env),
      scriptRan: true,
    });
    res.json({
      success: true,
      message: MESSAGES.SUBSCRIBE_ACCEPTED,
      statusToken: signStatusToken(env.SESSION_SECRET, body.email, issuedAt),
    });
  });

  // The subscribe page's form (decision 0038), posted form-encoded with or without JavaScript:
  // the same schema, limits and security check as the JSON endpoint. Only this site's pages may
  // post it; a form elsewhere gets the guard's 403 and never reaches the refusals below.
  router.post(PAGE_PATHS.subscribe, sameSiteFormOnly(env));
  router.post(
    PAGE_PATHS.subscribe,
    express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 }),
    limitSubscribes,
    async (req: Request, res: Response) => {
      const field = subscribeFormField(req);
      const input = validate(subscribeRequestSchema, {
        email: field('email'),
        name: field('name'),
        wantsAccount: field('wantsAccount') !== undefined,
        turnstileToken: field('turnstileToken') || undefined,
      });
      await acceptSubscription(req, input, {
        source: consentSource(
          req,
          input.turnstileToken ? 'subscribe-page' : 'subscribe-page-plain',
        ),
        // The page itself is no place to come back to after confirming: the home page is.
        startPath: null,
        // The page adds the security check's field only where its script ran.
        scriptRan: field('turnstileToken') !== undefined,
      });
      res.set('Cache-Control', 'no-store');
      res.redirect(303, new URL(PAGE_PATHS.signedUp, env.WEB_ORIGIN).toString());
    },
    sendFormBack(env.WEB_ORIGIN),
  );

  // By hand: a browser that follows a broken link gets a redirect, not the JSON 400 the
  // catalogue's parsing would send.
  router.get(API_ROUTES.verify.path, (req, res) => {
    res.set('Cache-Control', 'no-store');
    const wantsHtml = req.accepts(['json', 'html']) === 'html';
    let email: string;
    let alreadyConfirmed: true | undefined;
    let accountAwaits: true | undefined;
    try {
      const { token } = validate(verifyQuerySchema, req.query);
      ({ email, alreadyConfirmed, accountAwaits } = verify(deps, token, { ipHash: ipHashOf(req) }));
    } catch (error) {
      // Whoever refused (the query's parsing, the service), the site shows the refusal's message.
      const refusal = wantsHtml ? refusalOf(error) : undefined;
      if (!refusal) throw error;
      const failed = new URL('/', env.WEB_ORIGIN);
      failed.searchParams.set('verify_error', refusal.code);
      return res.redirect(303, failed.toString());
    }
    if (wantsHtml) {
      const done = new URL(siteReturnPath(findByEmail(db, email)?.start_path), env.WEB_ORIGIN);
      done.searchParams.set('verified', alreadyConfirmed ? 'already' : 'true');
      done.searchParams.set('email', email);
      return res.redirect(303, done.toString());
    }
    res.json({
      success: true,
      data: {
        email,
        ...(alreadyConfirmed ? { alreadyConfirmed } : {}),
        ...(accountAwaits ? { wantsAccount: accountAwaits } : {}),
      },
    });
  });

  mount('resendVerification', (_req, res, { body: { email } }) => {
    limitMailTo(email);
    resendVerification(deps, email);
    // The same answer for unknown, pending and active addresses: nothing to learn from it.
    res.json({ success: true, message: MESSAGES.CONFIRMATION_SENT });
  });

  mount('unsubscribe', async (req, res, { body: { email } }) => {
    limitMailTo(email);
    if (await provesOwnership(req, deps, email)) {
      const row = findByEmail(db, email);
      if (row)
        unsubscribe(deps, row.id, { source: CONSENT_SOURCES.managePage, ipHash: ipHashOf(req) });
      return res.json({
        success: true,
        message: MESSAGES.UNSUBSCRIBED,
        data: { unsubscribed: true },
      });
    }
    // Knowing an address is not owning it: its owner gets a link to confirm instead.
    requestUnsubscribe(deps, email);
    res.json({
      success: true,
      message: MESSAGES.UNSUBSCRIBE_LINK_SENT,
      data: { unsubscribed: false },
    });
  });

  // Looking up one address is what the web app's "refresh verification" does, and what an
  // enumeration script would try: it answers only callers entitled to the address, and is slowed
  // to a human pace per client anyway.
  const lookupLimiter = new RateLimiter({
    db,
    name: 'status-lookup-ip',
    max: env.RATE_LIMIT_IP_MAX * 4,
    windowMs: env.RATE_LIMIT_IP_WINDOW_MS,
    clock,
  });

  mount('subscriptionStatus', async (req, res, { query: { email } }) => {
    if (email === undefined) return res.json({ success: true, data: {} });
    lookupLimiter.consume(`stats:${clientKey(req.ip)}`);
    res.json({ success: true, data: { subscription: await statusFor(req, email) } });
  });

  /**
   * What the caller may know about `email`: everything with a session or manage token for it;
   * with the status token from subscribing, whether it was confirmed since; otherwise nothing,
   * the same `null` for every address.
   */
  async function statusFor(req: Request, email: string): Promise<SubscriptionStatusView | null> {
    const row = findByEmail(db, email);
    if (await provesOwnership(req, deps, email)) {
      return row ? { email, status: row.status, verified: row.verified === 1 } : null;
    }
    const issuedAt = statusTokenIssuedAt(
      env.SESSION_SECRET,
      req.get('x-status-token'),
      email,
      clock.now(),
    );
    if (issuedAt === null) return null;
    const confirmedSince =
      row?.status === 'active' &&
      row.verified_at !== null &&
      Date.parse(row.verified_at) >= issuedAt;
    return confirmedSince
      ? { email, status: 'active', verified: true }
      : { email, status: 'pending', verified: false };
  }

  mount('subscriptionData', async (req, res, { query: { email } }) => {
    const row = await requireOwnSubscription(req, deps, email);
    res.json({
      success: true,
      ...exportSubscription(deps.db, row),
      exportedAt: isoNow(clock),
    });
  });

  mount('subscriptionGet', async (req, res, { query: { email } }) => {
    const row = await requireOwnSubscription(req, deps, email);
    res.json({ success: true, subscription: toSubscription(row) });
  });

  mount('subscriptionProfileUpdate', async (req, res, { body: input }) => {
    const row = await requireOwnSubscription(req, deps, input.email);
    const subscription = updateProfile(deps, row.id, { name: input.name });
    res.json({ success: true, message: MESSAGES.PROFILE_UPDATED, subscription });
  });

  mount('subscriptionPreferencesUpdate', async (req, res, { body: input }) => {
    const row = await requireOwnSubscription(req, deps, input.email);
    const subscription = updatePreferences(deps, row.id, input.preferences);
    res.json({ success: true, message: MESSAGES.PREFERENCES_UPDATED, subscription });
  });

  mount('subscriptionDelete', async (req, res, { body: input }) => {
    const row = await requireOwnSubscription(req, deps, input.email);
    deleteSubscription(deps, row.id);
    res.json({ success: true, message: MESSAGES.ACCOUNT_DELETED });
  });

  return router;
}

/** One field of the subscribe page's form as it was typed; undefined when it was not sent. */
function subscribeFormField(req: Request): (name: string) => string | undefined {
  const body: unknown = req.body;
  const fields = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  return (name) => {
    const value = fields[name];
    return typeof value === 'string' ? value : undefined;
  };
}

/**
 * A refused subscribe form goes back to its page, which shows the refusal's text beside the field
 * it is about and keeps the address typed (the page answers 400 with them and is never kept).
 * A fault is the error handler's.
 */
function sendFormBack(webOrigin: string): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    const refusal = refusalOf(error);
    if (!refusal) return next(error);
    const back = new URL(PAGE_PATHS.subscribe, webOrigin);
    back.searchParams.set('error', refusal.code);
    const email = subscribeFormField(req)('email');
    if (email) back.searchParams.set('email', email);
    res.set('Cache-Control', 'no-store');
    res.redirect(303, back.toString());
  };
}

/**
 * RFC 8058 one-click unsubscribe. Mail providers POST `List-Unsubscribe=One-Click` form-encoded,
 * without cookies or an Origin we know, so this router is mounted before the same-site guard;
 * the signed token in the path is the whole authorisation. GET only shows a confirm page, since
 * link scanners fetch every URL in a message.
 */
export function oneClickUnsubscribeRoutes(deps: SubscriptionRouteDeps): Router {
  const { env, db } = deps;
  const router = Router();
  const path = TOKEN_LINK_PATHS.newsletterUnsubscribe;

  const subscriberOf = (token: string) => {
    const id = tokenSubscriberId(token);
    const row = id === null ? undefined : findById(db, id);
    if (!row) return undefined;
    const valid = verifySubscriberToken(env.SESSION_SECRET, 'unsubscribe', token, {
      id: row.id,
      linkKey: row.link_key,
    });
    return valid ? row : undefined;
  };
  const preview = (res: Response) =>
    sendOneClickPage(res, 200, { site: siteIdentity(db), state: 'preview' });

  router.get(path, (req, res) => {
    if (req.params.token === PREVIEW_UNSUBSCRIBE_TOKEN) return preview(res);
    const row = subscriberOf(req.params.token);
    if (!row) return sendOneClickPage(res, 404, { site: siteIdentity(db), state: 'invalid' });
    if (row.status === 'unsubscribed') {
      return res.redirect(303, unsubscribedLandingUrl(env, row.email));
    }
    sendOneClickPage(res, 200, {
      site: siteIdentity(db),
      state: 'confirm',
      email: row.email,
      siteOrigin: new URL(env.WEB_ORIGIN).origin,
    });
  });

  router.post(path, express.urlencoded({ extended: false, limit: '1kb' }), (req, res) => {
    if (req.params.token === PREVIEW_UNSUBSCRIBE_TOKEN) return preview(res);
    const row = subscriberOf(req.params.token);
    if (!row) return sendOneClickPage(res, 404, { site: siteIdentity(db), state: 'invalid' });
    const body: unknown = req.body;
    const fields =
      typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    if (fields['List-Unsubscribe'] !== 'One-Click') throw new AppError(400, 'INVALID_REQUEST');
    unsubscribe(deps, row.id, {
      source: CONSENT_SOURCES.oneClickUnsubscribe,
      ipHash: hashIp(env.SESSION_SECRET, req.ip),
    });
    // The reader who pressed the page's button goes on to the site; a mail client's POST (RFC
    // 8058, the one field alone) gets its 200.
    if (fields[ONE_CLICK_PAGE_FIELD.name] === ONE_CLICK_PAGE_FIELD.value)
      return res.redirect(303, unsubscribedLandingUrl(env, row.email));
    sendOneClickPage(res, 200, {
      site: siteIdentity(db),
      state: 'done',
      email: row.email,
    });
  });

  return router;
}
