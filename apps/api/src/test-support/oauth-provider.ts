import {
  createHash,
  createSign,
  generateKeyPairSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small but real OAuth 2.0 authorization server on loopback, playing google, github, discord
 * and facebook at once (one path prefix each). It does what the real ones do that matters to a
 * client: the authorize endpoint redirects back with a one-time code bound to the client, the
 * redirect URI and the PKCE challenge; the token endpoint checks the client secret, the code and
 * the S256 verifier; the profile endpoints answer in each provider's own shape (Google's OIDC
 * userinfo plus a signed ID token, GitHub's /user and /user/emails, Discord's /users/@me, and
 * Facebook's Graph /me without any verified flag).
 */

export type MockProvider = 'google' | 'github' | 'discord' | 'facebook';

export const GOOGLE_ISSUER = 'https://accounts.google.com';

/** The person who "signs in" at the provider next; each provider renders it in its own shape. */
export interface MockIdentity {
  id: string;
  email: string | null;
  emailVerified: boolean;
  name?: string;
  /** Picture URL (Google, Facebook) or avatar hash (Discord); GitHub uses it as avatar_url. */
  avatar?: string;
}

export interface TokenRequestRecord {
  provider: MockProvider;
  params: Record<string, string>;
  status: number;
  error?: string;
}

interface IssuedCode {
  provider: MockProvider;
  clientId: string;
  redirectUri: string;
  challenge: string | null;
  nonce: string | null;
  identity: MockIdentity;
  expiresAt: number;
  used: boolean;
}

const PROVIDERS: readonly MockProvider[] = ['google', 'github', 'discord', 'facebook'];

export interface MockOAuthProvider {
  url: string;
  clientId: (provider: MockProvider) => string;
  clientSecret: (provider: MockProvider) => string;
  /** OAUTH_<PROVIDER>_* variables pointing every provider at this server. */
  env(): Record<string, string>;
  /** Who consents at the next authorize request of this provider. */
  setIdentity(provider: MockProvider, identity: MockIdentity): void;
  /** The next authorize request answers error=access_denied (the user clicked "Cancel"). */
  denyNextConsent(provider: MockProvider): void;
  /** Every token and profile response waits this long (to test the client's timeout). */
  setDelay(ms: number): void;
  readonly tokenRequests: TokenRequestRecord[];
  close(): Promise<void>;
}

function base64url(input: Buffer | string): string {
  return Buffer.from(input).toString('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

async function readForm(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function sendJson(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function startMockOAuthProvider(): Promise<MockOAuthProvider> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const identities = new Map<MockProvider, MockIdentity>();
  const denyNext = new Set<MockProvider>();
  const codes = new Map<string, IssuedCode>();
  const accessTokens = new Map<string, { provider: MockProvider; identity: MockIdentity }>();
  const tokenRequests: TokenRequestRecord[] = [];
  let delayMs = 0;

  const clientId = (provider: MockProvider) => `${provider}-client-id`;
  const clientSecret = (provider: MockProvider) => `${provider}-client-secret`;

  function signIdToken(claims: Record<string, unknown>): string {
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'mock' }));
    const payload = base64url(JSON.stringify(claims));
    const signer = createSign('RSA-SHA256');
    signer.update(`${header}.${payload}`);
    return `${header}.${payload}.${base64url(signer.sign(privateKey))}`;
  }

  function authorize(provider: MockProvider, query: URLSearchParams, res: http.ServerResponse) {
    const redirectUri = query.get('redirect_uri');
    if (query.get('client_id') !== clientId(provider) || !redirectUri) {
      // Never redirect to an unverified redirect URI: show an error page instead.
      sendJson(res, 400, { error: 'invalid_client' });
      return;
    }
    const target = new URL(redirectUri);
    const state = query.get('state');
    if (state !== null) target.searchParams.set('state', state);
    const challenge = query.get('code_challenge');
    const method = query.get('code_challenge_method');
    if (query.get('response_type') !== 'code') {
      target.searchParams.set('error', 'unsupported_response_type');
    } else if (challenge !== null && method !== 'S256') {
      target.searchParams.set('error', 'invalid_request');
      target.searchParams.set('error_description', 'transform algorithm not supported');
    } else if (denyNext.delete(provider)) {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('error_description', 'The user denied the request');
    } else {
      const identity = identities.get(provider);
      if (!identity) {
        target.searchParams.set('error', 'server_error');
      } else {
        const code = base64url(randomBytes(24));
        codes.set(code, {
          provider,
          clientId: clientId(provider),
          redirectUri,
          challenge,
          nonce: query.get('nonce'),
          identity,
          expiresAt: Date.now() + 60_000,
          used: false,
        });
        target.searchParams.set('code', code);
      }
    }
    res.writeHead(302, { location: target.href });
    res.end();
  }

  function clientCredentials(req: http.IncomingMessage, form: URLSearchParams) {
    const basic = /^Basic (.+)$/i.exec(req.headers.authorization ?? '');
    if (basic?.[1]) {
      const [id = '', secret = ''] = Buffer.from(basic[1], 'base64')
        .toString('utf8')
        .split(':')
        .map((part) => decodeURIComponent(part));
      return { id, secret };
    }
    return { id: form.get('client_id') ?? '', secret: form.get('client_secret') ?? '' };
  }

  async function token(
    provider: MockProvider,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    const form = await readForm(req);
    const record: TokenRequestRecord = { provider, params: Object.fromEntries(form), status: 200 };
    tokenRequests.push(record);
    const fail = (status: number, error: string) => {
      record.status = status;
      record.error = error;
      sendJson(res, status, { error });
    };
    const client = clientCredentials(req, form);
    if (
      !safeEqual(client.id, clientId(provider)) ||
      !safeEqual(client.secret, clientSecret(provider))
    ) {
      return fail(401, 'invalid_client');
    }
    if (form.get('grant_type') !== 'authorization_code') return fail(400, 'unsupported_grant_type');
    const issued = codes.get(form.get('code') ?? '');
    if (!issued || issued.provider !== provider || issued.expiresAt < Date.now()) {
      return fail(400, 'invalid_grant');
    }
    if (issued.used) {
      // RFC 6749 4.1.2: a code used twice revokes what it issued.
      for (const [key, value] of accessTokens)
        if (value.identity === issued.identity) accessTokens.delete(key);
      return fail(400, 'invalid_grant');
    }
    issued.used = true;
    if (issued.clientId !== client.id || issued.redirectUri !== form.get('redirect_uri')) {
      return fail(400, 'invalid_grant');
    }
    if (issued.challenge !== null) {
      const verifier = form.get('code_verifier');
      if (!verifier) return fail(400, 'invalid_grant');
      const computed = base64url(createHash('sha256').update(verifier).digest());
      if (!safeEqual(computed, issued.challenge)) return fail(400, 'invalid_grant');
    }
    const accessToken = base64url(randomBytes(24));
    accessTokens.set(accessToken, { provider, identity: issued.identity });
    const body: Record<string, unknown> = {
      access_token: accessToken,
      token_type: provider === 'discord' ? 'Bearer' : 'bearer',
      expires_in: 3600,
      scope: form.get('scope') ?? '',
    };
    if (provider === 'google') {
      const now = Math.floor(Date.now() / 1000);
      body.id_token = signIdToken({
        iss: GOOGLE_ISSUER,
        aud: client.id,
        azp: client.id,
        sub: issued.identity.id,
        iat: now,
        exp: now + 3600,
        ...(issued.nonce ? { nonce: issued.nonce } : {}),
        email: issued.identity.email,
        email_verified: issued.identity.emailVerified,
      });
    }
    sendJson(res, 200, body);
  }

  function profile(
    provider: MockProvider,
    path: string,
    req: http.IncomingMessage,
    res: http.ServerResponse,
  ) {
    const bearer = /^Bearer (.+)$/i.exec(req.headers.authorization ?? '');
    const grant = bearer?.[1] ? accessTokens.get(bearer[1]) : undefined;
    if (!grant || grant.provider !== provider) {
      res.writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"' });
      res.end();
      return;
    }
    const who = grant.identity;
    switch (`${provider} ${path}`) {
      case 'google /userinfo':
        return sendJson(res, 200, {
          sub: who.id,
          email: who.email,
          email_verified: who.emailVerified,
          name: who.name,
          picture: who.avatar,
        });
      case 'github /user':
        // The public profile email may be null or unverified; the verified flag lives in /user/emails.
        return sendJson(res, 200, {
          id: Number(who.id),
          login: (who.name ?? 'octocat').replace(/\s+/g, '').toLowerCase(),
          name: who.name ?? null,
          email: who.email,
          avatar_url: who.avatar ?? null,
        });
      case 'github /user/emails':
        return sendJson(
          res,
          200,
          who.email
            ? [
                {
                  email: `${who.id}+noreply@users.noreply.github.com`,
                  primary: false,
                  verified: true,
                  visibility: null,
                },
                {
                  email: who.email,
                  primary: true,
                  verified: who.emailVerified,
                  visibility: 'private',
                },
              ]
            : [],
        );
      case 'discord /users/@me':
        return sendJson(res, 200, {
          id: who.id,
          username: (who.name ?? 'user').toLowerCase(),
          global_name: who.name ?? null,
          avatar: who.avatar ?? null,
          email: who.email,
          verified: who.emailVerified,
        });
      case 'facebook /me':
        return sendJson(res, 200, {
          id: who.id,
          name: who.name,
          ...(who.email ? { email: who.email } : {}),
          picture: {
            data: {
              url: who.avatar ?? 'https://platform-lookaside.fbsbx.com/x.jpg',
              is_silhouette: false,
            },
          },
        });
      default:
        return sendJson(res, 404, { error: 'not_found' });
    }
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const [, provider, ...rest] = url.pathname.split('/');
      const path = `/${rest.join('/')}`;
      if (!PROVIDERS.includes(provider as MockProvider))
        return sendJson(res, 404, { error: 'not_found' });
      const which = provider as MockProvider;
      if (req.method === 'GET' && path === '/authorize')
        return authorize(which, url.searchParams, res);
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (res.destroyed) return;
      if (req.method === 'POST' && path === '/token') return token(which, req, res);
      if (req.method === 'GET') return profile(which, path, req, res);
      sendJson(res, 405, { error: 'method_not_allowed' });
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;

  const userinfoPath: Record<MockProvider, string> = {
    google: '/userinfo',
    github: '/user',
    discord: '/users/@me',
    facebook: '/me?fields=id,name,email,picture',
  };

  return {
    url,
    clientId,
    clientSecret,
    env() {
      const env: Record<string, string> = {};
      for (const provider of PROVIDERS) {
        const key = provider.toUpperCase();
        env[`OAUTH_${key}_CLIENT_ID`] = clientId(provider);
        env[`OAUTH_${key}_CLIENT_SECRET`] = clientSecret(provider);
        env[`OAUTH_${key}_AUTHORIZE_URL`] = `${url}/${provider}/authorize`;
        env[`OAUTH_${key}_TOKEN_URL`] = `${url}/${provider}/token`;
        env[`OAUTH_${key}_USERINFO_URL`] = `${url}/${provider}${userinfoPath[provider]}`;
      }
      return env;
    },
    setIdentity(provider, identity) {
      identities.set(provider, identity);
    },
    denyNextConsent(provider) {
      denyNext.add(provider);
    },
    setDelay(ms) {
      delayMs = ms;
    },
    tokenRequests,
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
