import { inTransaction } from '../../db/statements.js';
import { startPathOf } from '../../http/start-page.js';
import { siteIdentity } from '../site/index.js';
import {
  API_ROUTES,
  MESSAGES,
  OAUTH_PROVIDERS,
  isOAuthProvider,
  oauthAuthorizeQuerySchema,
  safeReturnPath,
  type MessageCode,
  type OAuthMode,
  type OAuthResultMessage,
  type Subscription,
  PAGE_PATHS,
} from '@quillpost/domain';
import { endpointMounter } from '../../http/endpoints.js';
import { Router, type Request, type Response } from 'express';
import type { AppDeps } from '../../deps.js';
import {
  authUserOf,
  currentSession,
  currentUser,
  linkProviderToUser,
  sendPopupResult,
  startSession,
  userForProvider,
  type IdentityOutcome,
  type SessionUser,
} from '../auth/index.js';
import {
  OAuthFlowError,
  authorizationUrl,
  completeAuthorization,
  newFlowSecrets,
  type FlowFailure,
} from './client.js';
import {
  FLOW_TTL_MS,
  clearFlowCookie,
  readFlowCookie,
  writeFlowCookie,
  type Flow,
} from './flow-cookie.js';
import { providerRegistry } from './providers.js';

export type OAuthRouteDeps = Pick<AppDeps, 'db' | 'clock' | 'env' | 'logger'> & {
  subscriptionOf?: ((email: string) => Subscription | null) | undefined;
};

/** Where the web app goes after a social sign-in (spec section 2) and after linking one. */
const SIGN_IN_RETURN_PATH = PAGE_PATHS.membersDashboard;
const LINK_RETURN_PATH = PAGE_PATHS.membersAccount;

const FAILURE_CODES: Record<FlowFailure, MessageCode> = {
  state: 'OAUTH_STATE_INVALID',
  denied: 'AUTHENTICATION_FAILED',
  unavailable: 'PROVIDER_UNAVAILABLE',
  failed: 'AUTHENTICATION_FAILED',
};

type Outcome =
  { ok: true; user: SessionUser | null; returnUrl: string } | { ok: false; code: MessageCode };

/**
 * Social sign-in (spec section 7): GET /api/oauth/providers for the dialog, GET /api/oauth/authorize
 * to start (popup, redirect or link mode) and GET /api/oauth/callback/:provider to finish.
 */
export function oauthRoutes(deps: OAuthRouteDeps): Router {
  const { env, db, clock, logger } = deps;
  const router = Router();
  const providers = providerRegistry(env);
  const webOrigin = new URL(env.WEB_ORIGIN).origin;
  const redirectUri = (provider: string) =>
    new URL(`/api/oauth/callback/${provider}`, env.PUBLIC_URL).href;

  // The popup passes through here, from the authorize redirect to the page that posts the result
  // (sendPopupResult): any page on the way with another opener policy than the one that opened it
  // (a reading page's, decision 0044) would cut it off from its opener.
  router.use('/api/oauth', (_req, res, next) => {
    res.set({
      'Cache-Control': 'no-store',
      'Referrer-Policy': 'no-referrer',
      'Cross-Origin-Opener-Policy': 'unsafe-none',
    });
    next();
  });

  /** Ends the flow the way it started: a message to the opener, or a redirect to the web app. */
  function finish(res: Response, mode: OAuthMode, outcome: Outcome): void {
    const target = new URL(PAGE_PATHS.authCallback, env.WEB_ORIGIN);
    if (outcome.ok) {
      target.searchParams.set('auth_success', 'true');
      target.searchParams.set('returnUrl', outcome.returnUrl);
    } else {
      target.searchParams.set('auth_error', outcome.code);
    }
    if (mode !== 'popup') return res.redirect(302, target.href);
    const message: OAuthResultMessage = outcome.ok
      ? {
          type: 'oauth-result',
          success: true,
          returnUrl: outcome.returnUrl,
          ...(outcome.user
            ? { user: authUserOf(outcome.user, subscriptionFor(outcome.user)) }
            : {}),
        }
      : { type: 'oauth-result', success: false, error: MESSAGES[outcome.code], code: outcome.code };
    sendPopupResult(res, {
      site: siteIdentity(db),
      message,
      targetOrigin: webOrigin,
      fallbackUrl: target.href,
    });
  }

  function subscriptionFor(user: SessionUser): Subscription | null {
    return user.email && user.emailVerified ? (deps.subscriptionOf?.(user.email) ?? null) : null;
  }

  const mount = endpointMounter(router);

  mount('oauthProviders', (_req, res) => {
    res.json({
      success: true,
      providers: OAUTH_PROVIDERS.map((provider) => ({
        provider,
        available: providers.get(provider)?.available ?? false,
      })),
    });
  });

  // By hand: every failure ends the flow as it started (a message to the popup's opener or a
  // redirect), never with the JSON 400 the catalogue's parsing would send.
  router.get(API_ROUTES.oauthAuthorize.path, async (req, res) => {
    const rawMode = req.query.mode;
    const mode: OAuthMode = rawMode === 'redirect' || rawMode === 'link' ? rawMode : 'popup';
    const parsed = oauthAuthorizeQuerySchema.safeParse({ ...req.query, mode });
    const config = parsed.success ? providers.get(parsed.data.provider) : undefined;
    if (!parsed.success || !config?.available)
      return finish(res, mode, { ok: false, code: 'PROVIDER_UNAVAILABLE' });

    const user = currentUser(req);
    const session = currentSession(req);
    if (mode === 'link' && (!user || !session))
      return finish(res, mode, { ok: false, code: 'UNAUTHORIZED' });

    // An absent return_url means the default destination; a present but unsafe one means '/'.
    const given = req.query.return_url;
    const fallback = mode === 'link' ? LINK_RETURN_PATH : SIGN_IN_RETURN_PATH;
    const returnUrl = given === undefined || given === '' ? fallback : safeReturnPath(given);

    const secrets = newFlowSecrets(config);
    const flow: Flow = {
      provider: config.provider,
      state: secrets.state,
      codeVerifier: secrets.codeVerifier,
      nonce: secrets.nonce,
      mode,
      returnUrl,
      startPath: startPathOf(req, env),
      linkUserId: mode === 'link' ? (user?.id ?? null) : null,
      linkSessionId: mode === 'link' ? (session?.publicId ?? null) : null,
      expiresAt: clock.now() + FLOW_TTL_MS,
    };
    writeFlowCookie(res, env, flow);
    res.redirect(302, await authorizationUrl(config, redirectUri(config.provider), secrets));
  });

  router.get('/api/oauth/callback/:provider', async (req: Request, res: Response) => {
    const flow = readFlowCookie(req, env, clock.now());
    clearFlowCookie(res, env);
    const provider = req.params.provider;
    // Without our cookie we do not know the mode: the popup page falls back to a redirect by itself.
    const mode: OAuthMode = flow?.mode ?? 'popup';
    if (!flow || !isOAuthProvider(provider) || flow.provider !== provider) {
      logger.warn({ provider, hasFlow: flow !== null }, 'oauth: callback without a matching flow');
      return finish(res, mode, { ok: false, code: 'OAUTH_STATE_INVALID' });
    }
    const config = providers.get(provider);
    if (!config?.available) return finish(res, mode, { ok: false, code: 'PROVIDER_UNAVAILABLE' });

    let profile;
    try {
      profile = await completeAuthorization({
        config,
        redirectUri: redirectUri(provider),
        callbackUrl: new URL(req.originalUrl, env.PUBLIC_URL),
        secrets: { state: flow.state, codeVerifier: flow.codeVerifier, nonce: flow.nonce },
        timeoutMs: env.OAUTH_TIMEOUT_MS,
      });
    } catch (error) {
      const kind: FlowFailure = error instanceof OAuthFlowError ? error.kind : 'failed';
      logger.warn({ provider, kind, reason: (error as Error).message }, 'oauth: sign-in failed');
      return finish(res, mode, { ok: false, code: FAILURE_CODES[kind] });
    }

    if (flow.mode === 'link') {
      const user = currentUser(req);
      const session = currentSession(req);
      // The browser that finishes linking must still be signed in as the one that started it.
      if (!user || user.id !== flow.linkUserId || session?.publicId !== flow.linkSessionId) {
        return finish(res, mode, { ok: false, code: 'UNAUTHORIZED' });
      }
      const linked = inTransaction(db, () => linkProviderToUser(deps, user.id, profile));
      if (!linked.ok) return finish(res, mode, linked);
      return finish(res, mode, { ok: true, user: null, returnUrl: flow.returnUrl });
    }

    const signedIn = inTransaction(
      db,
      (): IdentityOutcome & { state?: ReturnType<typeof startSession> } => {
        const outcome = userForProvider(deps, profile, flow.startPath);
        if (!outcome.ok) return outcome;
        return { ...outcome, state: startSession(deps, req, res, outcome.user, provider) };
      },
    );
    if (!signedIn.ok || !signedIn.state) {
      return finish(res, mode, {
        ok: false,
        code: signedIn.ok ? 'AUTHENTICATION_FAILED' : signedIn.code,
      });
    }
    finish(res, mode, { ok: true, user: signedIn.state.user, returnUrl: flow.returnUrl });
  });

  return router;
}
