import { BRAND_LIGHT, MAGIC_LINK_TTL_MS, MESSAGES } from '@quillpost/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createMailWorker } from '../../app.js';
import { SmtpMailer } from '../../mail/smtp-mailer.js';
import {
  confirmMagicLink,
  cookieFrom,
  latestMagicLinkMail,
  parseMagicLinkMail,
  setCookieLine,
  signInWithMagicLink,
} from '../../test-support/auth.js';
import { startSmtpSink } from '../../test-support/smtp-sink.js';
import { testAppPerTest } from '../../test-support/test-app.js';
import { MAIL_SCANNER_NOTE } from './pages.js';
import { authPersonalData } from './personal-data.js';
import { banUser } from './service.js';
import { hashToken } from '../../security/secrets.js';

const { testApp, track } = testAppPerTest();

function requestLink(
  t: ReturnType<typeof testApp>,
  email: string,
  extra: Record<string, unknown> = {},
) {
  return request(t.app)
    .post('/api/auth/magic-link')
    .send({ email, ...extra });
}

function userIdOf(t: ReturnType<typeof testApp>, email: string): number {
  return t.deps.db.prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as number;
}

describe('magic link, end to end through a real SMTP server', () => {
  it('mails a link; opening it signs nobody in; the POST starts a session that /me reports', async () => {
    const sink = await startSmtpSink();
    const mailer = new SmtpMailer({
      url: sink.url,
      from: 'Rowan Ellis <hello@example.test>',
      timeoutMs: 2_000,
    });
    const t = testApp({ deps: { mailer } });
    const worker = createMailWorker(t.deps);
    track(
      () => sink.close(),
      () => mailer.close(),
    );

    const requested = await requestLink(t, '  Reader@Example.com ', {
      returnUrl: '/members/bookmarks',
    });
    expect(requested.status).toBe(200);
    expect(requested.body).toEqual({ success: true, message: MESSAGES.MAGIC_LINK_SENT });

    await worker.drain();
    const [mail] = await sink.waitForMessages(1);
    expect(mail?.to).toEqual(['reader@example.com']);
    expect(mail?.subject).toBe('Your sign-in link for Rowan Ellis');
    const { url, token, code } = parseMagicLinkMail(mail!.text);
    expect(url.origin + url.pathname).toBe('http://localhost:8787/api/auth/magic-link/verify');
    expect(url.searchParams.get('returnUrl')).toBe('/members/bookmarks');
    expect(mail?.html).toContain(code);
    // At least 128 random bits; only hashes at rest.
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = t.deps.db
      .prepare('SELECT token_hash, code_hash FROM magic_links')
      .get() as Record<string, string>;
    expect(stored.token_hash).toBe(hashToken(token));
    expect(JSON.stringify(stored)).not.toContain(code);

    // A mail scanner (or the reader) opens the link: a confirm page, no session, nothing used.
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await request(t.app).get(url.pathname + url.search);
      expect(page.status).toBe(200);
      expect(page.type).toBe('text/html');
      expect(page.text).toContain('Sign in as reader@example.com?');
      // Why one more click, in one line; in the site's name, type and colours, light and dark.
      expect(page.text).toContain(MAIL_SCANNER_NOTE);
      expect(page.text).toContain('<p class="brand">Rowan Ellis</p>');
      expect(page.text).toContain(BRAND_LIGHT.accent);
      expect(page.text).toMatch(
        /@media \(prefers-color-scheme:dark\)\{:root\{[^}]*--accent:#eda07e/,
      );
      expect(page.text).toMatch(/<form method="post" action="\/api\/auth\/magic-link\/verify">/);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      expect(page.headers['cache-control']).toBe('no-store');
      const csp = page.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'none'");
      expect(csp).not.toContain('script-src');
      // No third-party resources: no external src/href at all, no script.
      expect(page.text).not.toMatch(/<script|src=|<link/);
      expect(cookieFrom(page, 'qp_session')).toBeUndefined();
    }
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(0);
    expect(t.deps.db.prepare('SELECT consumed_at FROM magic_links').pluck().get()).toBeNull();

    const { res } = await confirmMagicLink(t.app, url);
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(
      'http://localhost:5173/auth/callback?auth_success=true&returnUrl=%2Fmembers%2Fbookmarks',
    );
    const line = setCookieLine(res, 'qp_session')!;
    expect(line).toMatch(/HttpOnly/);
    expect(line).toMatch(/SameSite=Lax/);
    expect(line).toMatch(/Path=\//);
    expect(line).toMatch(/Max-Age=2592000/);
    const session = cookieFrom(res, 'qp_session')!;

    const me = await request(t.app).get('/api/auth/me').set('Cookie', session);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      success: true,
      user: {
        email: 'reader@example.com',
        role: 'member',
        name: null,
        avatar_url: null,
        subscription_status: null,
      },
      session: { level: 'member' },
      subscription: null,
      primaryAccount: { provider: 'email', isPrimary: true, providerAvatarUrl: null },
      linkedAccounts: [{ provider: 'email', isPrimary: true, providerAvatarUrl: null }],
    });
    const state = await request(t.app).get('/api/auth/session').set('Cookie', session);
    expect(state.body).toMatchObject({
      success: true,
      authenticated: true,
      session: { level: 'member' },
    });
  });
});

describe('magic link tokens', () => {
  it('works once: a replayed POST is refused and starts no session', async () => {
    const t = testApp();
    await requestLink(t, 'once@example.com');
    const { url } = latestMagicLinkMail(t.deps, 'once@example.com');
    const page = await request(t.app).get(url.pathname + url.search);
    const confirm = cookieFrom(page, 'qp_magic_confirm')!;
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const post = () =>
      request(t.app)
        .post('/api/auth/magic-link/verify')
        .set('Cookie', confirm)
        .type('form')
        .send({ token: url.searchParams.get('token')!, csrf });

    const [first, second] = await Promise.all([post(), post()]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([303, 400]);
    const replay = await post();
    expect(replay.status).toBe(400);
    expect(replay.text).toContain(escapeHtml(MESSAGES.TOKEN_INVALID));
    expect(cookieFrom(replay, 'qp_session')).toBeUndefined();
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM sessions').pluck().get()).toBe(1);

    const reopened = await request(t.app).get(url.pathname + url.search);
    expect(reopened.status).toBe(400);
  });

  it('expires after 10 minutes (injected clock)', async () => {
    const t = testApp();
    await requestLink(t, 'late@example.com');
    const { url } = latestMagicLinkMail(t.deps, 'late@example.com');
    const page = await request(t.app).get(url.pathname + url.search);
    expect(page.status).toBe(200);
    t.clock.advance(MAGIC_LINK_TTL_MS);
    const { page: expiredPage, res } = await confirmMagicLink(t.app, url);
    expect(expiredPage.status).toBe(400);
    expect(expiredPage.text).toContain(escapeHtml(MESSAGES.TOKEN_INVALID));
    expect(res.status).toBe(403); // no confirm cookie from an invalid page
    expect(cookieFrom(res, 'qp_session')).toBeUndefined();

    // Even with a confirm cookie from before it expired, the POST is refused.
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const post = await request(t.app)
      .post('/api/auth/magic-link/verify')
      .set('Cookie', cookieFrom(page, 'qp_magic_confirm')!)
      .type('form')
      .send({ token: url.searchParams.get('token')!, csrf });
    expect(post.status).toBe(400);
    expect(cookieFrom(post, 'qp_session')).toBeUndefined();
  });

  it('a new link cancels the older one', async () => {
    const t = testApp();
    await requestLink(t, 'twice@example.com');
    const older = latestMagicLinkMail(t.deps, 'twice@example.com');
    await requestLink(t, 'twice@example.com');
    const newer = latestMagicLinkMail(t.deps, 'twice@example.com');
    expect(newer.token).not.toBe(older.token);
    expect((await request(t.app).get(older.url.pathname + older.url.search)).status).toBe(400);
    expect((await confirmMagicLink(t.app, newer.url)).res.status).toBe(303);
  });

  it('refuses the confirm POST from another site (no confirm cookie, or a foreign Origin)', async () => {
    const t = testApp();
    await requestLink(t, 'csrf@example.com');
    const { url, token } = latestMagicLinkMail(t.deps, 'csrf@example.com');
    const page = await request(t.app).get(url.pathname + url.search);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.text)![1]!;

    const noCookie = await request(t.app)
      .post('/api/auth/magic-link/verify')
      .type('form')
      .send({ token, csrf });
    expect(noCookie.status).toBe(403);
    const foreign = await request(t.app)
      .post('/api/auth/magic-link/verify')
      .set('Origin', 'https://evil.example')
      .set('Cookie', cookieFrom(page, 'qp_magic_confirm')!)
      .type('form')
      .send({ token, csrf });
    expect(foreign.status).toBe(403);
    // The browser's own post from the no-referrer page carries Origin: null and works.
    const own = await request(t.app)
      .post('/api/auth/magic-link/verify')
      .set('Origin', 'null')
      .set('Cookie', cookieFrom(page, 'qp_magic_confirm')!)
      .type('form')
      .send({ token, csrf });
    expect(own.status).toBe(303);
  });

  it.each([
    ['//evil.example', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/x', '/'],
    ['%2F%2Fevil.example', '/'],
    ['/%2F%2Fevil.example', '/'],
    ['javascript:alert(1)', '/'],
    ['/members/profile?tab=1', '/members/profile?tab=1'],
  ])('returnUrl %s lands on %s', async (returnUrl, expected) => {
    const t = testApp();
    await requestLink(t, 'redirect@example.com', { returnUrl });
    const { url } = latestMagicLinkMail(t.deps, 'redirect@example.com');
    const { res } = await confirmMagicLink(t.app, url);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe('http://localhost:5173');
    expect(location.pathname).toBe('/auth/callback');
    expect(location.searchParams.get('returnUrl')).toBe(expected);
  });
});

describe('6-digit code fallback', () => {
  it('signs in with the code from the mail, which also uses up the link', async () => {
    const t = testApp();
    await requestLink(t, 'code@example.com', { returnUrl: '/members/events' });
    const { url, code } = latestMagicLinkMail(t.deps, 'code@example.com');
    const res = await request(t.app)
      .post('/api/auth/magic-link/code')
      .send({ email: 'CODE@example.com', code });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      user: { email: 'code@example.com' },
      returnUrl: '/members/events',
    });
    const session = cookieFrom(res, 'qp_session')!;
    expect((await request(t.app).get('/api/auth/me').set('Cookie', session)).status).toBe(200);
    expect((await request(t.app).get(url.pathname + url.search)).status).toBe(400);
    const again = await request(t.app)
      .post('/api/auth/magic-link/code')
      .send({ email: 'code@example.com', code });
    expect(again.body.code).toBe('TOKEN_INVALID');
  });

  it('locks the code after 5 wrong tries, even against the right one', async () => {
    const t = testApp();
    await requestLink(t, 'guess@example.com');
    const { code, url } = latestMagicLinkMail(t.deps, 'guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    const tries = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      tries.push(
        await request(t.app)
          .post('/api/auth/magic-link/code')
          .send({ email: 'guess@example.com', code: wrong }),
      );
    }
    expect(tries.slice(0, 4).map((res) => res.body.code)).toEqual(Array(4).fill('CODE_INVALID'));
    expect(tries[4]?.status).toBe(400);
    expect(tries[4]?.body).toMatchObject({
      success: false,
      code: 'CODE_LOCKED',
      message: MESSAGES.CODE_LOCKED,
    });
    const right = await request(t.app)
      .post('/api/auth/magic-link/code')
      .send({ email: 'guess@example.com', code });
    expect(right.body.code).toBe('CODE_LOCKED');
    expect(cookieFrom(right, 'qp_session')).toBeUndefined();
    // The emailed link itself still works for its owner.
    expect((await confirmMagicLink(t.app, url)).res.status).toBe(303);
  });

  it('rejects a malformed code with CODE_INVALID', async () => {
    const t = testApp();
    const res = await request(t.app)
      .post('/api/auth/magic-link/code')
      .send({ email: 'x@example.com', code: '12ab' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('CODE_INVALID');
  });
});

describe('magic-link rate limits', () => {
  it('allows 5 requests a minute per IP, then 429 with Retry-After', async () => {
    const t = testApp();
    for (let index = 0; index < 5; index += 1) {
      expect((await requestLink(t, `ip${index}@example.com`)).status).toBe(200);
    }
    const limited = await requestLink(t, 'ip5@example.com');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(60_000);
    expect((await requestLink(t, 'ip5@example.com')).status).toBe(200);
  });

  it('groups IPv6 clients by /64 (behind the trusted proxy)', async () => {
    const t = testApp();
    for (let index = 1; index <= 5; index += 1) {
      const res = await requestLink(t, `v6-${index}@example.com`).set(
        'X-Forwarded-For',
        `2001:db8:1:2::${index}`,
      );
      expect(res.status).toBe(200);
    }
    const sameNetwork = await requestLink(t, 'v6-6@example.com').set(
      'X-Forwarded-For',
      '2001:db8:1:2:ffff::9',
    );
    expect(sameNetwork.status).toBe(429);
    const otherNetwork = await requestLink(t, 'v6-7@example.com').set(
      'X-Forwarded-For',
      '2001:db8:1:3::1',
    );
    expect(otherNetwork.status).toBe(200);
  });

  it('allows 3 links an hour per address', async () => {
    const t = testApp();
    for (let index = 0; index < 3; index += 1) {
      const res = await requestLink(t, 'busy@example.com').set(
        'X-Forwarded-For',
        `198.51.100.${index + 1}`,
      );
      expect(res.status).toBe(200);
    }
    const limited = await requestLink(t, 'Busy@Example.com').set(
      'X-Forwarded-For',
      '198.51.100.99',
    );
    expect(limited.status).toBe(429);
    t.clock.advance(60 * 60_000);
    expect((await requestLink(t, 'busy@example.com')).status).toBe(200);
  });

  it('answers 429 after 10 failed token or code checks a minute per IP, before checking', async () => {
    const t = testApp();
    await requestLink(t, 'victim@example.com');
    const { code } = latestMagicLinkMail(t.deps, 'victim@example.com');
    for (let index = 0; index < 5; index += 1) {
      const res = await request(t.app)
        .get('/api/auth/magic-link/verify')
        .query({ token: `bogus-token-${index}-xxxxxxxxxxxx` });
      expect(res.status).toBe(400);
    }
    for (let index = 0; index < 5; index += 1) {
      const res = await request(t.app)
        .post('/api/auth/magic-link/code')
        .send({ email: `nobody${index}@example.com`, code: '123456' });
      expect(res.body.code).toBe('TOKEN_INVALID');
    }
    const blocked = await request(t.app)
      .post('/api/auth/magic-link/code')
      .send({ email: 'victim@example.com', code });
    expect(blocked.status).toBe(429);
    expect(cookieFrom(blocked, 'qp_session')).toBeUndefined();
    const blockedPage = await request(t.app)
      .get('/api/auth/magic-link/verify')
      .query({ token: 'another-bogus-token-xxxxxxxx' });
    expect(blockedPage.status).toBe(429);
    // Another client is unaffected.
    const other = await request(t.app)
      .post('/api/auth/magic-link/code')
      .set('X-Forwarded-For', '203.0.113.7')
      .send({ email: 'victim@example.com', code });
    expect(other.status).toBe(200);
  });
});

describe('who may sign in', () => {
  it('answers the same for any address; a banned user gets no mail and cannot use an old link', async () => {
    const t = testApp();
    await signInWithMagicLink(t.app, t.deps, 'banned@example.com');
    t.clock.advance(11 * 60_000);
    await requestLink(t, 'banned@example.com');
    const { url } = latestMagicLinkMail(t.deps, 'banned@example.com');
    banUser(t.deps, userIdOf(t, 'banned@example.com'), { until: null, reason: 'spam' });

    const mailsBefore = t.deps.db.prepare('SELECT COUNT(*) FROM mail_outbox').pluck().get();
    const known = await requestLink(t, 'banned@example.com');
    const unknown = await requestLink(t, 'stranger@example.com');
    expect(known.body).toEqual(unknown.body);
    expect(
      t.deps.db
        .prepare("SELECT COUNT(*) FROM mail_outbox WHERE recipient = 'banned@example.com'")
        .pluck()
        .get(),
    ).toBe(2);
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM mail_outbox').pluck().get()).toBe(
      Number(mailsBefore) + 1,
    );

    const { res } = await confirmMagicLink(t.app, url);
    expect(res.status).toBe(403);
    expect(res.text).toContain(MESSAGES.ACCOUNT_BANNED);
    expect(cookieFrom(res, 'qp_session')).toBeUndefined();
  });

  it('gives ADMIN_EMAILS the admin role and the staff session policy', async () => {
    const t = testApp({ env: { ADMIN_EMAILS: 'Owner@Example.com, other@example.com' } });
    const session = await signInWithMagicLink(t.app, t.deps, 'owner@example.com');
    const me = await request(t.app).get('/api/auth/me').set('Cookie', session);
    expect(me.body.user.role).toBe('admin');
    expect(me.body.session.level).toBe('admin');
    const created = Date.parse(me.body.session.createdAt);
    expect(Date.parse(me.body.session.expiresAt) - created).toBe(30 * 60_000);
  });

  it('a deleted account loses its sessions and links; an old link never brings it back', async () => {
    const t = testApp();
    const session = await signInWithMagicLink(t.app, t.deps, 'gone@example.com');
    await requestLink(t, 'gone@example.com');
    const { url, code } = latestMagicLinkMail(t.deps, 'gone@example.com');
    const id = userIdOf(t, 'gone@example.com');
    authPersonalData.erase(
      t.deps.db,
      { userId: id, provenEmail: 'gone@example.com' },
      new Date(t.deps.clock.now()).toISOString(),
    );

    expect((await request(t.app).get('/api/auth/me').set('Cookie', session)).status).toBe(401);
    expect((await request(t.app).get(url.pathname + url.search)).status).toBe(400);
    const byCode = await request(t.app)
      .post('/api/auth/magic-link/code')
      .send({ email: 'gone@example.com', code });
    expect(byCode.body.code).toBe('TOKEN_INVALID');
    const tombstone = t.deps.db
      .prepare('SELECT email, name, deleted_at FROM users WHERE id = ?')
      .get(id);
    expect(tombstone).toMatchObject({ email: null, name: null });
    expect(
      t.deps.db.prepare('SELECT COUNT(*) FROM accounts WHERE user_id = ?').pluck().get(id),
    ).toBe(0);
  });
});

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
