import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../../http/errors.js';
import {
  cookieFrom,
  latestMagicLinkMail,
  setCookieLine,
  signInWithMagicLink,
  confirmMagicLink,
} from '../../test-support/auth.js';
import { testAppPerTest } from '../../test-support/test-app.js';
import { currentLevel, currentUser, loadSession, requirePermission } from './index.js';
import { hashToken } from '../../security/secrets.js';
import { banUser, setUserRole } from './service.js';

const { testApp } = testAppPerTest();

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const me = (t: ReturnType<typeof testApp>, cookie: string) =>
  request(t.app).get('/api/auth/me').set('Cookie', cookie);
const userIdOf = (t: ReturnType<typeof testApp>, email: string) =>
  t.deps.db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as number;

describe('session cookie', () => {
  it('in production: __Host- prefix, Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const t = testApp({
      env: {
        NODE_ENV: 'production',
        SESSION_SECRET: 'a-production-secret-that-is-long-enough-1234',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        TURNSTILE_SECRET_KEY: 'secret',
        TURNSTILE_SITE_KEY: 'a-real-looking-site-key',
        PUBLIC_URL: 'https://example.com',
        WEB_ORIGIN: 'https://example.com',
      },
    });
    await request(t.app).post('/api/auth/magic-link').send({ email: 'prod@example.com' });
    const { url } = latestMagicLinkMail(t.deps, 'prod@example.com');
    expect(url.origin).toBe('https://example.com');
    const { page, res } = await confirmMagicLink(t.app, url);
    expect(setCookieLine(page, 'qp_magic_confirm')).toMatch(/^__Host-qp_magic_confirm=.+; Secure/);
    expect(res.status).toBe(303);
    const line = setCookieLine(res, 'qp_session')!;
    expect(line).toMatch(/^__Host-qp_session=[A-Za-z0-9_-]{43};/);
    expect(line).toMatch(/; Secure/);
    expect(line).toMatch(/; HttpOnly/);
    expect(line).toMatch(/; SameSite=Lax/);
    expect(line).toMatch(/; Path=\//);
    expect(line).not.toMatch(/Domain=/i);
    // The unprefixed name means nothing in production.
    const value = cookieFrom(res, 'qp_session')!.split('=')[1]!;
    expect((await me(t, `qp_session=${value}`)).status).toBe(401);
    expect((await me(t, `__Host-qp_session=${value}`)).status).toBe(200);
  });

  it('has a hint beside it for the server that marks pages, "1" and nothing more, gone with the session', async () => {
    const t = testApp();
    await request(t.app).post('/api/auth/magic-link').send({ email: 'hint@example.com' });
    const { url } = latestMagicLinkMail(t.deps, 'hint@example.com');
    const { res } = await confirmMagicLink(t.app, url);
    const hint = setCookieLine(res, 'qp_signed_in')!;
    expect(hint).toMatch(/^qp_signed_in=1;/);
    expect(hint).toMatch(/; SameSite=Lax/);
    // Only the server reads it (decision 0042): no script on the page may.
    expect(hint).toMatch(/; HttpOnly/);
    const session = cookieFrom(res, 'qp_session')!;
    const both = `${session}; qp_signed_in=1`;

    const out = await request(t.app).post('/api/auth/logout').set('Cookie', both);
    expect(out.status).toBe(200);
    expect(setCookieLine(out, 'qp_signed_in')).toMatch(/^qp_signed_in=;.*Expires=Thu, 01 Jan 1970/);
    // A hint whose session is gone (signed out elsewhere, expired) is cleared on the next request.
    const stale = await me(t, both);
    expect(stale.status).toBe(401);
    expect(setCookieLine(stale, 'qp_signed_in')).toMatch(/^qp_signed_in=;/);
  });

  it('is an opaque 256-bit id stored only as its SHA-256', async () => {
    const t = testApp();
    const cookie = await signInWithMagicLink(t.app, t.deps, 'opaque@example.com');
    const value = cookie.split('=')[1]!;
    expect(Buffer.from(value, 'base64url').length).toBe(32);
    const stored = t.deps.db.prepare('SELECT id_hash FROM sessions').pluck().all();
    expect(stored).toEqual([hashToken(value)]);
  });

  it('a planted cookie never becomes a session: sign-in issues a new id and drops the old one', async () => {
    const t = testApp();
    // An attacker's own valid session, planted in the victim's browser.
    const attacker = await signInWithMagicLink(t.app, t.deps, 'attacker@example.com');
    await request(t.app).post('/api/auth/magic-link').send({ email: 'victim@example.com' });
    const { url } = latestMagicLinkMail(t.deps, 'victim@example.com');
    const { res } = await confirmMagicLink(t.app, url, attacker);
    const victim = cookieFrom(res, 'qp_session')!;
    expect(victim).not.toBe(attacker);
    expect((await me(t, attacker)).status).toBe(401);
    expect((await me(t, victim)).body.user.email).toBe('victim@example.com');

    // A made-up id is ignored (and cleared), never adopted.
    const planted = 'qp_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const anonymous = await request(t.app).get('/api/auth/session').set('Cookie', planted);
    expect(anonymous.body).toEqual({ success: true, authenticated: false, session: null });
    expect(cookieFrom(anonymous, 'qp_session')).toBe('qp_session=');
  });
});

describe('logout', () => {
  it('deletes the session server-side: a copy of the cookie stops working', async () => {
    const t = testApp();
    const cookie = await signInWithMagicLink(t.app, t.deps, 'bye@example.com');
    const res = await request(t.app).post('/api/auth/logout').set('Cookie', cookie);
    expect(res.status).toBe(200);
    expect(cookieFrom(res, 'qp_session')).toBe('qp_session=');
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);
    expect((await me(t, cookie)).status).toBe(401);
    expect(
      (await request(t.app).get('/api/auth/session').set('Cookie', cookie)).body.authenticated,
    ).toBe(false);
  });

  it('refuses a cross-site logout (same-site guard)', async () => {
    const t = testApp();
    const cookie = await signInWithMagicLink(t.app, t.deps, 'stay@example.com');
    const res = await request(t.app)
      .post('/api/auth/logout')
      .set('Origin', 'https://evil.example')
      .set('Cookie', cookie);
    expect(res.status).toBe(403);
    expect((await me(t, cookie)).status).toBe(200);
  });
});

describe('session lifetimes by role', () => {
  it('members: 30 days absolute, no idle limit', async () => {
    const t = testApp();
    const cookie = await signInWithMagicLink(t.app, t.deps, 'member@example.com');
    t.clock.advance(29 * DAY);
    expect((await me(t, cookie)).status).toBe(200);
    t.clock.advance(DAY - 1);
    expect((await me(t, cookie)).status).toBe(200);
    t.clock.advance(1);
    expect((await me(t, cookie)).status).toBe(401);
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);
  });

  it('expired sessions are deleted at the next sign-in even if never used again', async () => {
    const t = testApp();
    await signInWithMagicLink(t.app, t.deps, 'old@example.com');
    t.clock.advance(31 * DAY);
    await signInWithMagicLink(t.app, t.deps, 'new@example.com');
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(1);
  });

  it('admins: 30 minutes idle', async () => {
    const t = testApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    const cookie = await signInWithMagicLink(t.app, t.deps, 'boss@example.com');
    t.clock.advance(29 * MINUTE);
    expect((await me(t, cookie)).status).toBe(200);
    const listed = await request(t.app).get('/api/auth/sessions').set('Cookie', cookie);
    expect(listed.body.sessions[0].expiresAt).toBe(
      new Date(t.clock.now() + 30 * MINUTE).toISOString(),
    );
    t.clock.advance(29 * MINUTE); // 29 minutes after the last request
    expect((await me(t, cookie)).status).toBe(200);
    t.clock.advance(30 * MINUTE);
    expect((await me(t, cookie)).status).toBe(401);
  });

  it('admins: 12 hours absolute however active', async () => {
    const t = testApp({ env: { ADMIN_EMAILS: 'boss@example.com' } });
    const cookie = await signInWithMagicLink(t.app, t.deps, 'boss@example.com');
    for (let elapsed = 0; elapsed < 12 * HOUR - 20 * MINUTE; elapsed += 20 * MINUTE) {
      t.clock.advance(20 * MINUTE);
      expect((await me(t, cookie)).status).toBe(200);
    }
    t.clock.advance(20 * MINUTE);
    expect((await me(t, cookie)).status).toBe(401);
  });

  it('a role change ends every session; the next one has the new role, its limits and says why once', async () => {
    const t = testApp();
    const laptop = await signInWithMagicLink(t.app, t.deps, 'rising@example.com');
    t.clock.advance(10 * MINUTE);
    const phone = await signInWithMagicLink(t.app, t.deps, 'rising@example.com');
    expect((await me(t, laptop)).body.notice).toBeNull();
    const id = userIdOf(t, 'rising@example.com');

    setUserRole(t.deps, id, 'moderator', null);
    expect((await me(t, laptop)).status).toBe(401);
    expect((await me(t, phone)).status).toBe(401);
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);

    t.clock.advance(13_000);
    const again = await signInWithMagicLink(t.app, t.deps, 'rising@example.com');
    const promoted = await me(t, again);
    expect(promoted.body.session.level).toBe('moderator');
    expect(promoted.body.notice).toEqual({
      reason: 'role-changed',
      from: 'member',
      to: 'moderator',
      at: new Date(t.clock.now() - 13_000).toISOString(),
    });
    // Throughout that session; the session after it starts without it.
    expect((await me(t, again)).body.notice).not.toBeNull();
    t.clock.advance(61 * MINUTE); // past the 3-an-hour limit of sign-in mails
    const later = await signInWithMagicLink(t.app, t.deps, 'rising@example.com');
    expect((await me(t, later)).body.notice).toBeNull();
    // Staff sessions end after 30 idle minutes.
    t.clock.advance(31 * MINUTE);
    expect((await me(t, later)).status).toBe(401);
  });

  it('setting the role a user already has changes nothing', async () => {
    const t = testApp();
    const cookie = await signInWithMagicLink(t.app, t.deps, 'steady@example.com');
    setUserRole(t.deps, userIdOf(t, 'steady@example.com'), 'member', null);
    expect((await me(t, cookie)).status).toBe(200);
  });

  it('a ban applies at once and ends every session', async () => {
    const t = testApp();
    const cookie = await signInWithMagicLink(t.app, t.deps, 'rude@example.com');
    banUser(t.deps, userIdOf(t, 'rude@example.com'), {
      until: new Date(t.clock.now() + DAY),
      reason: 'rude',
    });
    expect((await me(t, cookie)).status).toBe(401);
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);
  });
});

describe('guards for other modules', () => {
  function guardedApp(t: ReturnType<typeof testApp>) {
    const app = express();
    app.use(loadSession(t.deps));
    app.get('/who', (req, res) =>
      res.json({ user: currentUser(req)?.email ?? null, level: currentLevel(res) }),
    );
    app.get('/mine', requirePermission('view_content'), (_req, res) => res.json({ ok: true }));
    app.post('/moderate', requirePermission('moderate_comments'), (_req, res) =>
      res.json({ ok: true }),
    );
    app.use(errorHandler(t.deps.logger));
    return app;
  }

  it('requirePermission: 401 signed out, 403 lacking, 200 once granted', async () => {
    const t = testApp();
    const app = guardedApp(t);
    expect((await request(app).get('/who')).body).toEqual({ user: null, level: 'anonymous' });
    expect((await request(app).get('/mine')).status).toBe(401);
    expect((await request(app).post('/moderate')).body).toMatchObject({
      success: false,
      code: 'UNAUTHORIZED',
    });

    const cookie = await signInWithMagicLink(t.app, t.deps, 'm@example.com');
    expect((await request(app).get('/who').set('Cookie', cookie)).body).toEqual({
      user: 'm@example.com',
      level: 'member',
    });
    expect((await request(app).get('/mine').set('Cookie', cookie)).status).toBe(200);
    const forbidden = await request(app).post('/moderate').set('Cookie', cookie);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.code).toBe('FORBIDDEN');
    setUserRole(t.deps, userIdOf(t, 'm@example.com'), 'moderator', null);
    expect((await request(app).post('/moderate').set('Cookie', cookie)).status).toBe(401);
    t.clock.advance(13_000);
    const granted = await signInWithMagicLink(t.app, t.deps, 'm@example.com');
    expect((await request(app).post('/moderate').set('Cookie', granted)).status).toBe(200);
  });

  it('fails loudly when loadSession is not mounted', async () => {
    const t = testApp();
    const app = express();
    app.get('/mine', requirePermission('view_content'), (_req, res) => res.json({ ok: true }));
    app.use(errorHandler(t.deps.logger));
    expect((await request(app).get('/mine')).status).toBe(500);
  });
});

describe('own sessions', () => {
  it('lists them with the current one marked, and revokes any of them', async () => {
    const t = testApp();
    const laptop = await signInWithMagicLink(t.app, t.deps, 'many@example.com');
    const phone = await signInWithMagicLink(t.app, t.deps, 'many@example.com');
    const list = await request(t.app)
      .get('/api/auth/sessions')
      .set('Cookie', laptop)
      .set('User-Agent', 'laptop');
    expect(list.status).toBe(200);
    expect(list.body.sessions).toHaveLength(2);
    const current = list.body.sessions.find((session: { current: boolean }) => session.current);
    const other = list.body.sessions.find((session: { current: boolean }) => !session.current);
    expect(current).toMatchObject({ method: 'email' });
    expect(JSON.stringify(list.body)).not.toContain(laptop.split('=')[1]);

    const revoked = await request(t.app)
      .delete(`/api/auth/sessions/${other.id}`)
      .set('Cookie', laptop);
    expect(revoked.status).toBe(200);
    expect((await me(t, phone)).status).toBe(401);
    expect((await me(t, laptop)).status).toBe(200);

    expect(
      (await request(t.app).delete('/api/auth/sessions/nope').set('Cookie', laptop)).status,
    ).toBe(404);
    const self = await request(t.app)
      .delete(`/api/auth/sessions/${current.id}`)
      .set('Cookie', laptop);
    expect(cookieFrom(self, 'qp_session')).toBe('qp_session=');
    expect((await me(t, laptop)).status).toBe(401);
  });

  it('cannot revoke someone else’s session', async () => {
    const t = testApp();
    const alice = await signInWithMagicLink(t.app, t.deps, 'alice@example.com');
    const bob = await signInWithMagicLink(t.app, t.deps, 'bob@example.com');
    const bobSessions = await request(t.app).get('/api/auth/sessions').set('Cookie', bob);
    const id = bobSessions.body.sessions[0].id as string;
    expect(
      (await request(t.app).delete(`/api/auth/sessions/${id}`).set('Cookie', alice)).status,
    ).toBe(404);
    expect((await me(t, bob)).status).toBe(200);
  });
});

describe('linked accounts', () => {
  it('never removes the last way to sign in', async () => {
    const t = testApp();
    const cookie = await signInWithMagicLink(t.app, t.deps, 'only@example.com');
    const list = await request(t.app).get('/api/auth/accounts').set('Cookie', cookie);
    expect(list.body).toEqual({
      success: true,
      primaryAccount: { provider: 'email', providerAvatarUrl: null, isPrimary: true },
      linkedAccounts: [{ provider: 'email', providerAvatarUrl: null, isPrimary: true }],
    });
    const unlink = await request(t.app).delete('/api/auth/accounts/email').set('Cookie', cookie);
    expect(unlink.status).toBe(409);
    expect(unlink.body.code).toBe('LAST_SIGN_IN_METHOD');
    expect(
      (await request(t.app).delete('/api/auth/accounts/github').set('Cookie', cookie)).status,
    ).toBe(404);
    expect((await request(t.app).get('/api/auth/accounts')).status).toBe(401);
  });
});
