import { MESSAGES, type OAuthResultMessage } from '@quillpost/domain';
import request, { type Response } from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { cookieFrom, signInWithMagicLink } from '../../test-support/auth.js';
import {
  startMockOAuthProvider,
  type MockIdentity,
  type MockProvider,
} from '../../test-support/oauth-provider.js';
import { createTestApp } from '../../test-support/test-app.js';
import { banUser } from '../auth/index.js';
import { decodeFlowUnchecked, encodeFlow, type Flow } from './flow-cookie.js';

const SECRET = 'oauth-test-secret-oauth-test-secret-1234';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function oauthApp(env: Record<string, string> = {}) {
  const provider = await startMockOAuthProvider();
  const t = createTestApp({ env: { ...provider.env(), SESSION_SECRET: SECRET, ...env } });
  cleanups.push(() => provider.close(), t.cleanup);
  return { ...t, provider };
}
type OAuthTestApp = Awaited<ReturnType<typeof oauthApp>>;

interface FlowOptions {
  query?: Record<string, string>;
  /** The session cookie of a signed-in browser. */
  session?: string;
  /** The page the sign-in was started from, as the browser's Referer. */
  referer?: string;
  tamper?: (callback: URL) => void;
  flowCookie?: (value: string) => string | undefined;
}

/** Drives the browser's part: /authorize, the provider's consent redirect, then /callback. */
async function signInWith(t: OAuthTestApp, provider: MockProvider, options: FlowOptions = {}) {
  const start = request(t.app)
    .get('/api/oauth/authorize')
    .query({ provider, ...options.query })
    .set(options.referer ? { Referer: options.referer } : {});
  const authorize = await (options.session ? start.set('Cookie', options.session) : start);
  expect(authorize.status).toBe(302);
  const location = new URL(authorize.headers.location as string);
  expect(location.origin).toBe(t.provider.url);
  const flowCookie = cookieFrom(authorize, 'qp_oauth')!;
  expect(flowCookie).toBeDefined();

  const consent = await fetch(location, { redirect: 'manual' });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get('location')!);
  expect(callback.origin + callback.pathname).toBe(
    `http://localhost:8787/api/oauth/callback/${provider}`,
  );
  options.tamper?.(callback);

  const flowValue = flowCookie.slice(flowCookie.indexOf('=') + 1);
  const sentFlow = options.flowCookie ? options.flowCookie(flowValue) : flowValue;
  const cookies = [
    sentFlow === undefined ? undefined : `qp_oauth=${sentFlow}`,
    options.session,
  ].filter(Boolean);
  const finish = request(t.app).get(callback.pathname + callback.search);
  const res = await (cookies.length ? finish.set('Cookie', cookies.join('; ')) : finish);
  return { authorize, location, callback, res, session: cookieFrom(res, 'qp_session') };
}

/** The message the popup page posts to its opener. */
function popupMessage(res: Response): OAuthResultMessage {
  const json = /var message = (.*);\n/.exec(res.text)?.[1];
  if (!json) throw new Error(`no popup message in ${res.text}`);
  return JSON.parse(json) as OAuthResultMessage;
}

function redirectParams(res: Response): URLSearchParams {
  expect(res.status).toBe(302);
  const url = new URL(res.headers.location as string);
  expect(url.origin + url.pathname).toBe('http://localhost:5173/auth/callback');
  return url.searchParams;
}

const person = (overrides: Partial<MockIdentity> = {}): MockIdentity => ({
  id: '1001',
  email: 'reader@example.com',
  emailVerified: true,
  name: 'Ada Reader',
  avatar: 'https://images.example.com/ada.png',
  ...overrides,
});

const accountRow = (t: OAuthTestApp, provider: string) =>
  t.deps.db.prepare('SELECT * FROM accounts WHERE provider = ?').get(provider) as
    Record<string, unknown> | undefined;

describe('provider registry', () => {
  it('reports a provider without credentials as unavailable, and refuses to start it', async () => {
    const t = await oauthApp({ OAUTH_DISCORD_CLIENT_ID: '', OAUTH_FACEBOOK_CLIENT_SECRET: '' });
    const res = await request(t.app).get('/api/oauth/providers');
    expect(res.body).toEqual({
      success: true,
      providers: [
        { provider: 'google', available: true },
        { provider: 'github', available: true },
        { provider: 'discord', available: false },
        { provider: 'facebook', available: false },
      ],
    });
    const start = await request(t.app).get('/api/oauth/authorize').query({ provider: 'discord' });
    expect(start.status).toBe(200);
    expect(popupMessage(start)).toEqual({
      type: 'oauth-result',
      success: false,
      error: MESSAGES.PROVIDER_UNAVAILABLE,
      code: 'PROVIDER_UNAVAILABLE',
    });
    const unknown = await request(t.app)
      .get('/api/oauth/authorize')
      .query({ provider: 'myspace', mode: 'redirect' });
    expect(redirectParams(unknown).get('auth_error')).toBe('PROVIDER_UNAVAILABLE');
  });

  it('with no OAuth configuration at all, every provider is unavailable (real endpoints are only defaults)', async () => {
    const t = createTestApp();
    cleanups.push(t.cleanup);
    const res = await request(t.app).get('/api/oauth/providers');
    expect(res.body.providers.every((entry: { available: boolean }) => !entry.available)).toBe(
      true,
    );
  });
});

describe('authorize', () => {
  it('sends state, an S256 PKCE challenge and (Google) a nonce, bound to a short-lived HttpOnly cookie', async () => {
    const t = await oauthApp();
    const res = await request(t.app).get('/api/oauth/authorize').query({ provider: 'google' });
    // The popup a reading page opened (no opener policy) keeps its opener through this redirect.
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const location = new URL(res.headers.location as string);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: 'google-client-id',
      redirect_uri: 'http://localhost:8787/api/oauth/callback/google',
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    const cookie = res.headers['set-cookie'] as unknown as string[];
    const line = cookie.find((entry) => entry.startsWith('qp_oauth='))!;
    expect(line).toMatch(/Max-Age=600/);
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    const flow = decodeFlowUnchecked(line.split(';')[0]!.slice('qp_oauth='.length)) as Flow;
    expect(location.searchParams.get('state')).toBe(flow.state);
    expect(location.searchParams.get('nonce')).toBe(flow.nonce);
    expect(location.searchParams.get('code_challenge')).not.toBe(flow.codeVerifier);
    expect(flow.codeVerifier.length).toBeGreaterThanOrEqual(43);
  });
});

describe('each provider’s profile shape', () => {
  it('google: OIDC userinfo with email_verified, checked against the ID token', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('google', person({ id: 'g-123' }));
    const { res, session } = await signInWith(t, 'google');
    expect(res.status).toBe(200);
    expect(popupMessage(res)).toMatchObject({
      type: 'oauth-result',
      success: true,
      returnUrl: '/members/dashboard',
      user: {
        email: 'reader@example.com',
        name: 'Ada Reader',
        role: 'member',
        avatar_url: 'https://images.example.com/ada.png',
      },
    });
    expect(accountRow(t, 'google')).toMatchObject({
      provider_account_id: 'g-123',
      email_verified: 1,
      is_primary: 1,
    });
    const me = await request(t.app).get('/api/auth/me').set('Cookie', session!);
    expect(me.body.user.email).toBe('reader@example.com');
    expect(me.body.primaryAccount).toEqual({
      provider: 'google',
      providerAvatarUrl: 'https://images.example.com/ada.png',
      isPrimary: true,
    });
    const tokenRequest = t.provider.tokenRequests.at(-1)!;
    expect(tokenRequest.status).toBe(200);
    expect(tokenRequest.params.code_verifier).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    expect(tokenRequest.params.client_secret).toBe('google-client-secret');
  });

  it('keeps the page a new account started on, from the sign-in that made it', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('github', person({ id: '4343' }));
    const { res } = await signInWith(t, 'github', {
      query: { mode: 'redirect' },
      referer: 'http://localhost:5173/posts/tiny-tools?x=1',
    });
    expect(redirectParams(res).get('auth_success')).toBe('true');
    const user = t.deps.db
      .prepare('SELECT start_path FROM users WHERE id = ?')
      .get(accountRow(t, 'github')!.user_id) as { start_path: string | null };
    expect(user.start_path).toBe('/posts/tiny-tools');
  });

  it('github: id as a number, the verified primary address from /user/emails', async () => {
    const t = await oauthApp();
    t.provider.setIdentity(
      'github',
      person({ id: '4242', email: 'Octo@Example.com', name: 'Octo Cat' }),
    );
    const { res } = await signInWith(t, 'github', { query: { mode: 'redirect' } });
    expect(redirectParams(res).get('auth_success')).toBe('true');
    expect(accountRow(t, 'github')).toMatchObject({
      provider_account_id: '4242',
      email: 'octo@example.com',
      email_verified: 1,
      display_name: 'Octo Cat',
    });
  });

  it('github: an unverified primary address is recorded as unverified', async () => {
    const t = await oauthApp();
    t.provider.setIdentity(
      'github',
      person({ id: '77', email: 'new@example.com', emailVerified: false }),
    );
    await signInWith(t, 'github');
    expect(accountRow(t, 'github')).toMatchObject({ email: 'new@example.com', email_verified: 0 });
    expect(t.deps.db.prepare('SELECT email_verified FROM users').pluck().get()).toBe(0);
  });

  it('discord: snowflake id, verified flag, CDN avatar from the hash', async () => {
    const t = await oauthApp();
    t.provider.setIdentity(
      'discord',
      person({ id: '80351110224678912', avatar: '8342729096ea3675442027381ff50dfe' }),
    );
    const { res } = await signInWith(t, 'discord');
    expect(popupMessage(res).success).toBe(true);
    expect(accountRow(t, 'discord')).toMatchObject({
      provider_account_id: '80351110224678912',
      email_verified: 1,
      avatar_url:
        'https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png',
    });
  });

  it('facebook: no verified flag, so the address counts as unverified', async () => {
    const t = await oauthApp();
    t.provider.setIdentity(
      'facebook',
      person({ id: '10158', email: 'fb@example.com', emailVerified: true }),
    );
    const { res } = await signInWith(t, 'facebook');
    expect(popupMessage(res).success).toBe(true);
    expect(accountRow(t, 'facebook')).toMatchObject({
      provider_account_id: '10158',
      email: 'fb@example.com',
      email_verified: 0,
    });
  });

  it('the same provider account signs in as the same user again, with a new session id', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('github', person());
    const first = await signInWith(t, 'github');
    const second = await signInWith(t, 'github', { session: first.session });
    expect(second.session).not.toBe(first.session);
    expect((await request(t.app).get('/api/auth/me').set('Cookie', first.session!)).status).toBe(
      401,
    );
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(1);
  });
});

describe('the popup page', () => {
  it('posts only to the web origin, loads nothing, keeps its opener, and falls back to the redirect', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('google', person({ name: '</script><script>alert(1)</script>' }));
    const { res } = await signInWith(t, 'google');
    expect(res.type).toBe('text/html');
    expect(res.text).toContain('window.opener.postMessage(message, targetOrigin)');
    expect(res.text).toContain('var targetOrigin = "http://localhost:5173";');
    expect(res.text).toContain(
      'var fallback = "http://localhost:5173/auth/callback?auth_success=true',
    );
    expect(res.text).not.toContain('</script><script>alert(1)');
    expect(popupMessage(res).user?.name).toBe('</script><script>alert(1)</script>');
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toMatch(/default-src 'none'; style-src 'nonce-[^']+'; script-src 'nonce-[^']+'/);
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.text).not.toMatch(/src=|<link/);
  });
});

describe('failures', () => {
  it('state mismatch: refused before the code is redeemed', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('github', person());
    const { res, session } = await signInWith(t, 'github', {
      query: { mode: 'redirect' },
      tamper: (callback) => callback.searchParams.set('state', 'attacker-state'),
    });
    expect(redirectParams(res).get('auth_error')).toBe('OAUTH_STATE_INVALID');
    expect(session).toBeUndefined();
    expect(t.provider.tokenRequests).toHaveLength(0);
  });

  it('google: an `iss` that is not Google’s is a mix-up and refused; other providers ignore `iss`', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('google', person());
    const google = await signInWith(t, 'google', {
      tamper: (callback) => callback.searchParams.set('iss', 'https://evil.example'),
    });
    expect(popupMessage(google.res).code).toBe('OAUTH_STATE_INVALID');
    t.provider.setIdentity('github', person({ id: '8' }));
    const github = await signInWith(t, 'github', {
      tamper: (callback) => callback.searchParams.set('iss', 'https://github.com/login/oauth'),
    });
    expect(popupMessage(github.res).success).toBe(true);
  });

  it('missing flow cookie (no PKCE verifier to send): refused, nothing redeemed', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('github', person());
    const { res, session } = await signInWith(t, 'github', { flowCookie: () => undefined });
    expect(popupMessage(res)).toMatchObject({ success: false, code: 'OAUTH_STATE_INVALID' });
    expect(session).toBeUndefined();
    expect(t.provider.tokenRequests).toHaveLength(0);
  });

  it('a tampered flow cookie is refused', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('github', person());
    const { res } = await signInWith(t, 'github', { flowCookie: (value) => `x${value}` });
    expect(popupMessage(res).code).toBe('OAUTH_STATE_INVALID');
  });

  it('a wrong PKCE verifier: the provider refuses the code', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('github', person());
    const { res, session } = await signInWith(t, 'github', {
      query: { mode: 'redirect' },
      flowCookie: (value) => {
        const flow = decodeFlowUnchecked(value) as Flow;
        return encodeFlow(SECRET, { ...flow, codeVerifier: 'x'.repeat(43) });
      },
    });
    expect(redirectParams(res).get('auth_error')).toBe('AUTHENTICATION_FAILED');
    expect(session).toBeUndefined();
    expect(t.provider.tokenRequests.at(-1)).toMatchObject({ status: 400, error: 'invalid_grant' });
  });

  it('an expired flow (10 minutes) is refused', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('github', person());
    const { res } = await signInWith(t, 'github', {
      flowCookie: (value) => {
        t.clock.advance(10 * 60_000);
        return value;
      },
    });
    expect(popupMessage(res).code).toBe('OAUTH_STATE_INVALID');
  });

  it('denied consent (error=access_denied): Authentication failed, no session', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('discord', person());
    t.provider.denyNextConsent('discord');
    const { res, session, callback } = await signInWith(t, 'discord');
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(popupMessage(res)).toEqual({
      type: 'oauth-result',
      success: false,
      error: MESSAGES.AUTHENTICATION_FAILED,
      code: 'AUTHENTICATION_FAILED',
    });
    expect(session).toBeUndefined();
  });

  it('provider timeout: reported as unavailable, the request does not hang', async () => {
    const t = await oauthApp({ OAUTH_TIMEOUT_MS: '200' });
    t.provider.setIdentity('google', person());
    t.provider.setDelay(2_000);
    const started = Date.now();
    const { res, session } = await signInWith(t, 'google', { query: { mode: 'redirect' } });
    expect(Date.now() - started).toBeLessThan(1_500);
    expect(redirectParams(res).get('auth_error')).toBe('PROVIDER_UNAVAILABLE');
    expect(session).toBeUndefined();
  });

  it('a banned user cannot sign in with a provider', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('github', person());
    await signInWith(t, 'github');
    const id = t.deps.db.prepare('SELECT id FROM users').pluck().get() as number;
    banUser(t.deps, id, { until: null, reason: null });
    const { res, session } = await signInWith(t, 'github');
    expect(popupMessage(res)).toMatchObject({
      success: false,
      code: 'ACCOUNT_BANNED',
      error: MESSAGES.ACCOUNT_BANNED,
    });
    expect(session).toBeUndefined();
  });
});

describe('account linking by email', () => {
  it('links a verified provider address to the member with the same verified address', async () => {
    const t = await oauthApp();
    const member = await signInWithMagicLink(t.app, t.deps, 'reader@example.com');
    t.provider.setIdentity('google', person({ email: 'READER@example.com' }));
    const { res, session } = await signInWith(t, 'google');
    expect(popupMessage(res).success).toBe(true);
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(1);
    const me = await request(t.app).get('/api/auth/me').set('Cookie', session!);
    expect(
      me.body.linkedAccounts.map((account: { provider: string }) => account.provider).sort(),
    ).toEqual(['email', 'google']);
    expect((await request(t.app).get('/api/auth/me').set('Cookie', member)).status).toBe(200);
  });

  it('a magic link to a provider-verified address signs in as that member', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('discord', person({ id: '123456789', email: 'dis@example.com' }));
    await signInWith(t, 'discord');
    const session = await signInWithMagicLink(t.app, t.deps, 'dis@example.com');
    const me = await request(t.app).get('/api/auth/me').set('Cookie', session);
    expect(me.body.primaryAccount.provider).toBe('discord');
    expect(me.body.linkedAccounts.map((account: { provider: string }) => account.provider)).toEqual(
      ['discord', 'email'],
    );
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(1);
  });

  it('a magic link never merges into an account whose address is only a claim', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('facebook', person({ id: 'fb-squat', email: 'owner@example.com' }));
    await signInWith(t, 'facebook');
    const session = await signInWithMagicLink(t.app, t.deps, 'owner@example.com');
    const me = await request(t.app).get('/api/auth/me').set('Cookie', session);
    expect(me.body.linkedAccounts).toEqual([
      { provider: 'email', providerAvatarUrl: null, isPrimary: true },
    ]);
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(2);
  });

  it.each([
    ['facebook', person({ id: 'fb-1', email: 'victim@example.com', emailVerified: true })],
    ['github', person({ id: '666', email: 'victim@example.com', emailVerified: false })],
    ['discord', person({ id: '666666', email: 'victim@example.com', emailVerified: false })],
    ['google', person({ id: 'g-666', email: 'victim@example.com', emailVerified: false })],
  ] as const)(
    'account takeover: an unverified %s address equal to a member’s is not linked',
    async (provider, identity) => {
      const t = await oauthApp();
      const victim = await signInWithMagicLink(t.app, t.deps, 'victim@example.com');
      t.provider.setIdentity(provider, identity);
      const { res, session } = await signInWith(t, provider);
      expect(popupMessage(res)).toEqual({
        type: 'oauth-result',
        success: false,
        error: MESSAGES.OAUTH_EMAIL_UNVERIFIED,
        code: 'OAUTH_EMAIL_UNVERIFIED',
      });
      expect(session).toBeUndefined();
      expect(accountRow(t, provider)).toBeUndefined();
      expect(t.deps.db.prepare('SELECT COUNT(*) FROM users').pluck().get()).toBe(1);
      const me = await request(t.app).get('/api/auth/me').set('Cookie', victim);
      expect(me.body.linkedAccounts).toHaveLength(1);
    },
  );

  it('refuses a verified provider address when the existing member’s address is only a claim', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('facebook', person({ id: 'fb-claim', email: 'claimed@example.com' }));
    expect(popupMessage((await signInWith(t, 'facebook')).res).success).toBe(true);
    t.provider.setIdentity(
      'google',
      person({ id: 'g-owner', email: 'claimed@example.com', emailVerified: true }),
    );
    const { res } = await signInWith(t, 'google');
    expect(popupMessage(res).code).toBe('OAUTH_EMAIL_UNVERIFIED');
    expect(accountRow(t, 'google')).toBeUndefined();
  });

  it('ADMIN_EMAILS applies only to a verified address', async () => {
    const t = await oauthApp({ ADMIN_EMAILS: 'owner@example.com' });
    t.provider.setIdentity('facebook', person({ id: 'fb-owner', email: 'owner@example.com' }));
    expect(popupMessage((await signInWith(t, 'facebook')).res).user?.role).toBe('member');
    const t2 = await oauthApp({ ADMIN_EMAILS: 'owner@example.com' });
    t2.provider.setIdentity(
      'github',
      person({ id: '1', email: 'owner@example.com', emailVerified: true }),
    );
    expect(popupMessage((await signInWith(t2, 'github')).res).user?.role).toBe('admin');
  });
});

describe('open redirects', () => {
  it.each([
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['%2F%2Fevil.example', '/'],
    ['/%252F%252Fevil.example', '/'],
    ['/members/bookmarks', '/members/bookmarks'],
  ])('return_url %s lands on %s', async (returnUrl, expected) => {
    const t = await oauthApp();
    t.provider.setIdentity('github', person());
    const { res } = await signInWith(t, 'github', {
      query: { mode: 'redirect', return_url: returnUrl },
    });
    const params = redirectParams(res);
    expect(params.get('auth_success')).toBe('true');
    expect(params.get('returnUrl')).toBe(expected);
  });
});

describe('linking another provider while signed in', () => {
  it('links, sets the primary, unlinks, and never removes the last method', async () => {
    const t = await oauthApp();
    const session = await signInWithMagicLink(t.app, t.deps, 'linker@example.com');
    // A different address at GitHub: explicit linking needs no email match.
    t.provider.setIdentity(
      'github',
      person({ id: '9', email: 'work@example.org', emailVerified: false }),
    );
    const { res } = await signInWith(t, 'github', { session, query: { mode: 'link' } });
    const params = redirectParams(res);
    expect(params.get('auth_success')).toBe('true');
    expect(params.get('returnUrl')).toBe('/members/account');
    expect(cookieFrom(res, 'qp_session')).toBeUndefined(); // the same session goes on

    const accounts = await request(t.app).get('/api/auth/accounts').set('Cookie', session);
    expect(accounts.body.linkedAccounts).toEqual([
      { provider: 'email', providerAvatarUrl: null, isPrimary: true },
      {
        provider: 'github',
        providerAvatarUrl: 'https://images.example.com/ada.png',
        isPrimary: false,
      },
    ]);
    const primary = await request(t.app)
      .put('/api/auth/accounts/primary')
      .set('Cookie', session)
      .send({ provider: 'github' });
    expect(primary.body.primaryAccount.provider).toBe('github');
    const unlinked = await request(t.app).delete('/api/auth/accounts/email').set('Cookie', session);
    expect(unlinked.body.linkedAccounts).toEqual([
      {
        provider: 'github',
        providerAvatarUrl: 'https://images.example.com/ada.png',
        isPrimary: true,
      },
    ]);
    const last = await request(t.app).delete('/api/auth/accounts/github').set('Cookie', session);
    expect(last.status).toBe(409);
    expect(last.body).toMatchObject({
      code: 'LAST_SIGN_IN_METHOD',
      message: MESSAGES.LAST_SIGN_IN_METHOD,
    });

    // GitHub now signs in as the same member.
    const again = await signInWith(t, 'github');
    expect(popupMessage(again.res).user?.email).toBe('linker@example.com');
  });

  it('keeps the linking session when ADMIN_EMAILS now names the user; the role waits for the next sign-in', async () => {
    const t = await oauthApp();
    const session = await signInWithMagicLink(t.app, t.deps, 'owner@example.com');
    // The owner adds their address to ADMIN_EMAILS and restarts; sessions outlive restarts.
    t.deps.env.ADMIN_EMAILS.push('owner@example.com');
    t.provider.setIdentity('github', person({ id: '12', email: 'owner@example.org' }));
    await signInWith(t, 'github', { session, query: { mode: 'link' } });
    const me = await request(t.app).get('/api/auth/me').set('Cookie', session);
    expect(me.status).toBe(200);
    expect(me.body.user.role).toBe('member');

    t.clock.advance(13_000);
    const next = await signInWithMagicLink(t.app, t.deps, 'owner@example.com');
    const promoted = await request(t.app).get('/api/auth/me').set('Cookie', next);
    expect(promoted.body.user.role).toBe('admin');
    expect(promoted.body.notice).toMatchObject({ from: 'member', to: 'admin' });
  });

  it('requires a session, and the same one at the callback', async () => {
    const t = await oauthApp();
    const anonymous = await request(t.app)
      .get('/api/oauth/authorize')
      .query({ provider: 'github', mode: 'link' });
    expect(redirectParams(anonymous).get('auth_error')).toBe('UNAUTHORIZED');

    const alice = await signInWithMagicLink(t.app, t.deps, 'alice@example.com');
    const bob = await signInWithMagicLink(t.app, t.deps, 'bob@example.com');
    t.provider.setIdentity('github', person({ id: '31' }));
    const start = await request(t.app)
      .get('/api/oauth/authorize')
      .query({ provider: 'github', mode: 'link' })
      .set('Cookie', alice);
    const consent = await fetch(start.headers.location as string, { redirect: 'manual' });
    const callback = new URL(consent.headers.get('location')!);
    const res = await request(t.app)
      .get(callback.pathname + callback.search)
      .set('Cookie', `${cookieFrom(start, 'qp_oauth')}; ${bob}`);
    expect(redirectParams(res).get('auth_error')).toBe('UNAUTHORIZED');
    expect(accountRow(t, 'github')).toBeUndefined();
  });

  it('refuses a provider account that belongs to someone else, or a second one of a kind', async () => {
    const t = await oauthApp();
    t.provider.setIdentity('github', person({ id: '500', email: 'first@example.com' }));
    await signInWith(t, 'github');
    const other = await signInWithMagicLink(t.app, t.deps, 'second@example.com');
    const taken = await signInWith(t, 'github', { session: other, query: { mode: 'link' } });
    expect(redirectParams(taken.res).get('auth_error')).toBe('OAUTH_ACCOUNT_IN_USE');

    t.provider.setIdentity('github', person({ id: '501', email: 'second@example.com' }));
    const linked = await signInWith(t, 'github', { session: other, query: { mode: 'link' } });
    expect(redirectParams(linked.res).get('auth_success')).toBe('true');
    t.provider.setIdentity('github', person({ id: '502', email: 'third@example.com' }));
    const secondOfKind = await signInWith(t, 'github', { session: other, query: { mode: 'link' } });
    expect(redirectParams(secondOfKind.res).get('auth_error')).toBe('PROVIDER_ALREADY_LINKED');
  });
});
