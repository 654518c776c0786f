import { MESSAGES, TURNSTILE_DUMMY_TOKEN, VERIFICATION_TOKEN_TTL_MS } from '@quillpost/domain';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { listOutbox } from '../../mail/outbox.js';
import {
  createMailingApp,
  manageTokenIn,
  unsubscribeLinkIn,
  verifyTokenIn,
} from '../../test-support/mailing-app.js';
import { signInWithMagicLink } from '../../test-support/auth.js';
import { createTestApp } from '../../test-support/test-app.js';
import { databaseFileBytes, walFileBytes } from '../../test-support/database-bytes.js';
import { findByEmail } from './store/subscriptions.js';

type MailingApp = Awaited<ReturnType<typeof createMailingApp>>;
const open: MailingApp[] = [];
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const app of open.splice(0)) await app.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function mailingApp(options: Parameters<typeof createMailingApp>[0] = {}) {
  const app = await createMailingApp(options);
  open.push(app);
  return app;
}

const TOKEN = TURNSTILE_DUMMY_TOKEN;

function subscribe(t: MailingApp, email: string, extra: Record<string, unknown> = {}) {
  return request(t.app)
    .post('/api/auth/subscribe')
    .send({ email, name: 'Ada', turnstileToken: TOKEN, ...extra });
}

/** Subscribes, delivers the confirmation mail, and returns it. */
async function subscribeAndReceive(t: MailingApp, email: string) {
  const res = await subscribe(t, email);
  expect(res.status).toBe(200);
  await t.outbox.drain();
  const mail = t.sink.messagesTo(email).at(-1);
  expect(mail).toBeDefined();
  return mail!;
}

async function subscribeAndConfirm(t: MailingApp, email: string) {
  const confirmation = await subscribeAndReceive(t, email);
  const res = await request(t.app)
    .get('/verify')
    .query({ token: verifyTokenIn(confirmation) });
  expect(res.status).toBe(200);
  await t.outbox.drain();
  return confirmation;
}

describe('subscribe and confirm', () => {
  it('queues a confirmation mail that links to the web app, and /verify activates the subscription', async () => {
    const t = await mailingApp();
    const res = await subscribe(t, 'ada@example.com');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: true,
      message: MESSAGES.SUBSCRIBE_ACCEPTED,
      statusToken: expect.any(String),
    });
    expect(findByEmail(t.deps.db, 'ada@example.com')).toMatchObject({
      status: 'pending',
      verified: 0,
      name: 'Ada',
    });

    await t.outbox.drain();
    const [mail] = t.sink.messagesTo('ada@example.com');
    expect(mail?.subject).toBe('Confirm your subscription to Rowan Ellis');
    expect(mail?.html).toContain('Confirm subscription');
    expect(mail?.text).toContain('You are receiving this because');
    expect(mail?.messageId).toMatch(/@example\.test>$/);
    const link = new URL(mail!.links.find((l) => l.includes('verify='))!);
    expect(link.origin + link.pathname).toBe('http://localhost:5173/');
    const token = link.searchParams.get('verify')!;
    // At least 128 random bits, and only its hash at rest.
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    const stored = t.deps.db.prepare('SELECT verify_token_hash FROM subscriptions').pluck().get();
    expect(stored).toMatch(/^[0-9a-f]{64}$/);
    expect(stored).not.toBe(token);

    const verified = await request(t.app).get('/verify').query({ token });
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual({ success: true, data: { email: 'ada@example.com' } });
    expect(findByEmail(t.deps.db, 'ada@example.com')).toMatchObject({
      status: 'active',
      verified: 1,
    });

    await t.outbox.drain();
    const welcome = t.sink.messagesTo('ada@example.com')[1];
    expect(welcome?.subject).toBe('Welcome to Rowan Ellis');
    expect(welcome?.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(welcome?.rawHeaders['list-unsubscribe']).toMatch(
      /^<http:\/\/localhost:8787\/api\/newsletter\/unsubscribe\/[^>]+>$/,
    );

    // Spent at once: the same link again says the address is already confirmed, and changes
    // nothing (no second welcome, no second consent record).
    const again = await request(t.app).get('/verify').query({ token });
    expect(again.status).toBe(200);
    expect(again.body).toEqual({
      success: true,
      data: { email: 'ada@example.com', alreadyConfirmed: true },
    });
    await t.outbox.drain();
    expect(t.sink.messagesTo('ada@example.com')).toHaveLength(2);
    const browser = await request(t.app)
      .get('/verify')
      .query({ token })
      .set('Accept', 'text/html,application/xhtml+xml');
    expect(browser.headers.location).toBe(
      'http://localhost:5173/?verified=already&email=ada%40example.com',
    );
    // A token that never was is still invalid.
    const forged = await request(t.app)
      .get('/verify')
      .query({ token: `${token}x` });
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe('TOKEN_INVALID');
  });

  it('"Also create a member account": the confirming browser posts the token once more and is signed in', async () => {
    const t = await mailingApp();
    const email = 'joins@example.com';
    expect((await subscribe(t, email, { wantsAccount: true })).status).toBe(200);
    await t.outbox.drain();
    const token = verifyTokenIn(t.sink.messagesTo(email).at(-1));

    // Opening the link (a person, or a mail scanner) confirms, and signs nobody in.
    const opened = await request(t.app).get('/verify').query({ token });
    expect(opened.body.data).toEqual({ email, wantsAccount: true });
    expect(opened.headers['set-cookie']).toBeUndefined();

    // The browser that has the link takes the account, by POST, once.
    const taken = await request(t.app).post('/api/auth/subscription/account').send({ token });
    expect(taken.status).toBe(200);
    expect(taken.body.user).toMatchObject({ email, role: 'member' });
    const cookie = String(taken.headers['set-cookie']).split(';')[0]!;
    const me = await request(t.app).get('/api/auth/me').set('Cookie', cookie);
    expect(me.body.user.email).toBe(email);
    const again = await request(t.app).post('/api/auth/subscription/account').send({ token });
    expect(again.status).toBe(400);
    expect(again.body.code).toBe('TOKEN_INVALID');
    // The link opened once more no longer offers it.
    expect((await request(t.app).get('/verify').query({ token })).body.data).toEqual({
      email,
      alreadyConfirmed: true,
    });
  });

  it('gives no account to a subscription that did not ask for one, nor after a day', async () => {
    const t = await mailingApp();
    const plain = verifyTokenIn(await subscribeAndReceive(t, 'plain@example.com'));
    await request(t.app).get('/verify').query({ token: plain });
    const refused = await request(t.app)
      .post('/api/auth/subscription/account')
      .send({ token: plain });
    expect(refused.status).toBe(400);

    await subscribe(t, 'late-joiner@example.com', { wantsAccount: true });
    await t.outbox.drain();
    const late = verifyTokenIn(t.sink.messagesTo('late-joiner@example.com').at(-1));
    await request(t.app).get('/verify').query({ token: late });
    t.clock.advance(24 * 60 * 60 * 1000 + 1);
    expect(
      (await request(t.app).post('/api/auth/subscription/account').send({ token: late })).status,
    ).toBe(400);
  });

  it('confirming a subscription started on a post returns to that post', async () => {
    const t = await mailingApp();
    const res = await subscribe(t, 'reader@example.com').set(
      'Referer',
      'http://localhost:5173/posts/small-tools?utm_source=x',
    );
    expect(res.status).toBe(200);
    await t.outbox.drain();
    const mail = t.sink.messagesTo('reader@example.com').at(-1);
    const link = new URL(mail!.links.find((l) => l.includes('verify='))!);
    expect(link.origin + link.pathname).toBe('http://localhost:5173/posts/small-tools');
    expect([...link.searchParams.keys()]).toEqual(['verify']);
    // A browser that reaches /verify itself is sent back there too.
    const verified = await request(t.app)
      .get('/verify')
      .set('Accept', 'text/html')
      .query({ token: link.searchParams.get('verify') });
    expect(verified.status).toBe(303);
    const back = new URL(verified.headers.location as string);
    expect(back.pathname).toBe('/posts/small-tools');
    expect(back.searchParams.get('verified')).toBe('true');
  });

  it('redirects a browser to the web app with verified=true&email=', async () => {
    const t = await mailingApp();
    const mail = await subscribeAndReceive(t, 'browser@example.com');
    const res = await request(t.app)
      .get('/verify')
      .query({ token: verifyTokenIn(mail) })
      .set('Accept', 'text/html,application/xhtml+xml');
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe(
      'http://localhost:5173/?verified=true&email=browser%40example.com',
    );
  });

  it('sends a browser with an unknown, expired or malformed link to the site, which says why; JSON clients get the error', async () => {
    const t = await mailingApp();
    const expired = verifyTokenIn(await subscribeAndReceive(t, 'slow@example.com'));
    t.clock.advance(VERIFICATION_TOKEN_TTL_MS + 1);
    const links = [
      { query: { token: 'a'.repeat(43) }, code: 'TOKEN_INVALID', status: 400 },
      { query: { token: expired }, code: 'TOKEN_EXPIRED', status: 400 },
      { query: {}, code: 'TOKEN_INVALID', status: 400 },
    ];
    for (const { query, code, status } of links) {
      const browser = await request(t.app)
        .get('/verify')
        .query(query)
        .set('Accept', 'text/html,application/xhtml+xml');
      expect(browser.status, code).toBe(303);
      expect(browser.headers.location).toBe(`http://localhost:5173/?verify_error=${code}`);

      const client = await request(t.app).get('/verify').query(query);
      expect(client.status, code).toBe(status);
      expect(client.body).toMatchObject({ success: false, code });
    }
    expect(findByEmail(t.deps.db, 'slow@example.com')?.status).toBe('pending');
  });

  it('answers an already active address the same way, without a new row or mail', async () => {
    const t = await mailingApp();
    await subscribeAndConfirm(t, 'active@example.com');
    const before = t.sink.messages.length;
    const res = await subscribe(t, 'ACTIVE@example.com');
    expect(res.body).toEqual({
      success: true,
      message: MESSAGES.SUBSCRIBE_ACCEPTED,
      statusToken: expect.any(String),
    });
    await t.outbox.drain();
    expect(t.sink.messages.length).toBe(before);
    const count = t.deps.db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get();
    expect(count).toBe(1);
    expect(findByEmail(t.deps.db, 'active@example.com')?.status).toBe('active');
  });

  it('lets exactly one of 50 parallel uses of a token confirm; the others find it confirmed', async () => {
    const t = await mailingApp();
    const token = verifyTokenIn(await subscribeAndReceive(t, 'race@example.com'));
    const results = await Promise.all(
      Array.from({ length: 50 }, () => request(t.app).get('/verify').query({ token })),
    );
    const confirmed = (res: { body: { data?: { alreadyConfirmed?: boolean } } }) =>
      res.body.data?.alreadyConfirmed === true;
    expect(results.every((res) => res.status === 200)).toBe(true);
    expect(results.filter((res) => !confirmed(res))).toHaveLength(1);
    expect(results.filter(confirmed)).toHaveLength(49);
    await t.outbox.drain();
    expect(
      t.sink.messagesTo('race@example.com').filter((m) => m.subject.startsWith('Welcome')),
    ).toHaveLength(1);
  });

  it('refuses a token after 24 hours (injected clock)', async () => {
    const t = await mailingApp();
    const token = verifyTokenIn(await subscribeAndReceive(t, 'late@example.com'));
    t.clock.advance(VERIFICATION_TOKEN_TTL_MS + 1);
    const res = await request(t.app).get('/verify').query({ token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      code: 'TOKEN_EXPIRED',
      message: MESSAGES.TOKEN_EXPIRED,
    });
    expect(findByEmail(t.deps.db, 'late@example.com')?.status).toBe('pending');
  });

  it('resend cancels the older token and mails a new one; unknown addresses get the same answer', async () => {
    const t = await mailingApp();
    const first = verifyTokenIn(await subscribeAndReceive(t, 'again@example.com'));
    const res = await request(t.app)
      .post('/api/auth/resend-verification')
      .send({ email: 'again@example.com' });
    expect(res.body).toEqual({ success: true, message: MESSAGES.CONFIRMATION_SENT });
    await t.outbox.drain();
    const second = verifyTokenIn(t.sink.messagesTo('again@example.com').at(-1));
    expect(second).not.toBe(first);
    expect((await request(t.app).get('/verify').query({ token: first })).status).toBe(400);
    expect((await request(t.app).get('/verify').query({ token: second })).status).toBe(200);

    const unknown = await request(t.app)
      .post('/api/auth/resend-verification')
      .send({ email: 'nobody@example.com' });
    expect(unknown.body).toEqual(res.body);
    await t.outbox.drain();
    expect(t.sink.messagesTo('nobody@example.com')).toHaveLength(0);
  });

  it('keeps a consent record and exports it', async () => {
    const t = await mailingApp();
    await request(t.app)
      .post('/api/auth/subscribe')
      .set('Referer', 'http://localhost:5173/blog')
      .send({ email: 'consent@example.com', turnstileToken: TOKEN });
    await t.outbox.drain();
    const mail = t.sink.messagesTo('consent@example.com')[0];
    await request(t.app)
      .get('/verify')
      .query({ token: verifyTokenIn(mail) });
    const data = await request(t.app)
      .get('/api/auth/subscription/data')
      .query({ email: 'consent@example.com' })
      .set('X-Manage-Token', manageTokenIn(mail));
    expect(data.status).toBe(200);
    expect(data.body.subscription).toMatchObject({
      email: 'consent@example.com',
      status: 'active',
    });
    expect(data.body.consents).toEqual([
      expect.objectContaining({
        action: 'subscribe',
        source: 'subscribe-form@/blog',
        consentText: MESSAGES.CONSENT_TEXT,
        ipHash: expect.stringMatching(/^[0-9a-f]{64}$/),
      }),
      expect.objectContaining({ action: 'confirm', source: 'confirmation-email' }),
    ]);
  });

  it('deleting a subscription from the manage page leaves no byte of the address, WAL included', async () => {
    const t = await mailingApp();
    const email = 'forget-me@example.com';
    await subscribe(t, email);
    await t.outbox.drain();
    const mail = t.sink.messagesTo(email)[0];
    await request(t.app)
      .get('/verify')
      .query({ token: verifyTokenIn(mail) });
    // Not checkpointed yet: the WAL holds pages that name the subscriber, as a running site's does.
    expect(walFileBytes(t.deps.db).includes(email)).toBe(true);

    const deleted = await request(t.app)
      .delete('/api/auth/subscription/delete')
      .set('X-Manage-Token', manageTokenIn(mail))
      .send({ email, confirmDelete: true });
    expect(deleted.body).toMatchObject({ success: true, message: MESSAGES.ACCOUNT_DELETED });
    expect(walFileBytes(t.deps.db).includes(email), 'the WAL holds the address').toBe(false);
    expect(databaseFileBytes(t.deps.db).includes(email), 'the file holds the address').toBe(false);
  });

  it('slows down lookups of single addresses per client', async () => {
    const t = await mailingApp({ env: { RATE_LIMIT_IP_MAX: '1' } });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      statuses.push(
        (
          await request(t.app)
            .get('/api/auth/stats')
            .query({ email: `x${i}@e.com` })
        ).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    expect((await request(t.app).get('/api/auth/stats')).status).toBe(200);
  });

  it('tells a stranger nothing: the same answer for a subscriber, a pending address and no one', async () => {
    const t = await mailingApp();
    await subscribeAndConfirm(t, 'one@example.com');
    await subscribe(t, 'two@example.com');
    const answers = await Promise.all(
      ['one@example.com', 'two@example.com', 'nobody@example.com'].map(
        async (email) => (await request(t.app).get('/api/auth/stats').query({ email })).body,
      ),
    );
    expect(answers).toEqual(Array(3).fill({ success: true, data: { subscription: null } }));
    expect((await request(t.app).get('/api/auth/stats')).body).toEqual({ success: true, data: {} });
  });

  it('tells the owner of the address, by session or manage token', async () => {
    const t = await mailingApp();
    await subscribeAndConfirm(t, 'one@example.com');
    const viaToken = await request(t.app)
      .get('/api/auth/stats')
      .query({ email: 'one@example.com' })
      .set('X-Manage-Token', manageTokenIn(t.sink.messagesTo('one@example.com').at(-1)));
    const expected = { email: 'one@example.com', status: 'active', verified: true };
    expect(viaToken.body.data.subscription).toEqual(expected);
    const cookie = await signInWithMagicLink(t.app, t.deps, 'one@example.com');
    const viaSession = await request(t.app)
      .get('/api/auth/stats')
      .query({ email: 'one@example.com' })
      .set('Cookie', cookie);
    expect(viaSession.body.data.subscription).toEqual(expected);
  });

  it('with the status token from subscribing, says whether the address was confirmed since', async () => {
    const t = await mailingApp();
    const subscribed = await subscribe(t, 'one@example.com');
    const statusToken = subscribed.body.statusToken as string;
    expect(statusToken).toMatch(/^[0-9a-z]+\.[A-Za-z0-9_-]{43}$/);
    const status = (email: string, token = statusToken) =>
      request(t.app).get('/api/auth/stats').query({ email }).set('X-Status-Token', token);

    expect((await status('one@example.com')).body.data.subscription).toEqual({
      email: 'one@example.com',
      status: 'pending',
      verified: false,
    });
    await t.outbox.drain();
    await request(t.app)
      .get('/verify')
      .query({ token: verifyTokenIn(t.sink.messagesTo('one@example.com').at(-1)) });
    expect((await status('one@example.com')).body.data.subscription).toEqual({
      email: 'one@example.com',
      status: 'active',
      verified: true,
    });
    // Bound to its address, and to its signature.
    expect((await status('two@example.com')).body.data.subscription).toBeNull();
    expect(
      (
        await status(
          'one@example.com',
          statusToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')),
        )
      ).body.data.subscription,
    ).toBeNull();
    // A week on, it has expired.
    t.clock.advance(7 * 24 * 60 * 60_000);
    expect((await status('one@example.com')).body.data.subscription).toBeNull();
  });

  it('a status token from subscribing an address already confirmed does not reveal it', async () => {
    const t = await mailingApp();
    await subscribeAndConfirm(t, 'one@example.com');
    t.clock.advance(1_000);
    const again = await subscribe(t, 'one@example.com');
    const res = await request(t.app)
      .get('/api/auth/stats')
      .query({ email: 'one@example.com' })
      .set('X-Status-Token', again.body.statusToken as string);
    expect(res.body.data.subscription).toEqual({
      email: 'one@example.com',
      status: 'pending',
      verified: false,
    });
  });
});

describe('mail faults', () => {
  it('answers fast while SMTP refuses connections, and sends exactly one mail once it is back', async () => {
    const t = await mailingApp();
    await t.sink.refuseConnections();
    const started = Date.now();
    const res = await subscribe(t, 'refused@example.com');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(findByEmail(t.deps.db, 'refused@example.com')?.status).toBe('pending');
    // The answer came before any delivery attempt: nothing in the request path touched SMTP.
    expect(listOutbox(t.deps)[0]).toMatchObject({ status: 'pending', attempts: 0 });

    expect(await t.outbox.drain()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(listOutbox(t.deps)[0]).toMatchObject({ status: 'pending', attempts: 1 });

    await t.sink.resume();
    expect(await t.outbox.drain()).toEqual({ sent: 0, retried: 0, failed: 0 }); // backoff not over
    t.clock.advance(30_000);
    expect(await t.outbox.drain()).toEqual({ sent: 1, retried: 0, failed: 0 });
    t.clock.advance(24 * 60 * 60_000);
    await t.outbox.drain();
    expect(t.sink.messagesTo('refused@example.com')).toHaveLength(1);
  });

  it('is unaffected by an SMTP server that never answers; the worker times out and retries', async () => {
    const t = await mailingApp({ smtpTimeoutMs: 300 });
    t.sink.hang(true);
    const started = Date.now();
    const res = await subscribe(t, 'hang@example.com');
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(listOutbox(t.deps)[0]).toMatchObject({ status: 'pending', attempts: 0 });

    const drained = await t.outbox.drain();
    expect(drained).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(listOutbox(t.deps)[0]?.lastError).toMatch(/timeout|timed out/i);

    t.sink.hang(false);
    t.clock.advance(30_000);
    expect((await t.outbox.drain()).sent).toBe(1);
    expect(t.sink.messagesTo('hang@example.com')).toHaveLength(1);
  });

  it('retries a 421 with exponential backoff and marks a 550 bounced', async () => {
    const t = await mailingApp();
    t.sink.respond('busy@example.com', '421');
    t.sink.respond('gone@example.com', '550');
    await subscribe(t, 'busy@example.com');
    await subscribe(t, 'gone@example.com');
    expect(await t.outbox.drain()).toEqual({ sent: 0, retried: 1, failed: 1 });

    const gone = listOutbox(t.deps, { recipient: 'gone@example.com' })[0];
    expect(gone).toMatchObject({ status: 'failed', attempts: 1 });
    expect(findByEmail(t.deps.db, 'gone@example.com')?.bounced_at).not.toBeNull();
    expect(findByEmail(t.deps.db, 'busy@example.com')?.bounced_at).toBeNull();

    // Second attempt 30 s later, third 60 s after that.
    t.clock.advance(30_000);
    expect((await t.outbox.drain()).retried).toBe(1);
    t.clock.advance(59_000);
    expect((await t.outbox.drain()).retried).toBe(0);
    t.sink.respond('busy@example.com', 'accept');
    t.clock.advance(1_000);
    expect((await t.outbox.drain()).sent).toBe(1);
    expect(listOutbox(t.deps, { recipient: 'busy@example.com' })[0]).toMatchObject({
      status: 'sent',
      attempts: 3,
    });
    expect(t.sink.messagesTo('gone@example.com')).toHaveLength(0);
  });
});

describe('input and abuse', () => {
  const badEmails: Array<[string, unknown, string]> = [
    ['missing', undefined, 'EMAIL_REQUIRED'],
    ['an array', ['a@example.com', 'b@example.com'], 'EMAIL_INVALID'],
    ['a comma', 'a@example.com,b@example.com', 'EMAIL_INVALID'],
    ['a line break', 'a@example.com\r\nBcc: b@example.com', 'EMAIL_INVALID'],
    ['over 254 characters', `${'a'.repeat(250)}@example.com`, 'EMAIL_TOO_LONG'],
    ['no dot', 'a@example', 'EMAIL_INVALID'],
  ];
  it.each(badEmails)(
    'refuses an email that is %s with 400 and the domain message',
    async (_, email, code) => {
      const t = await mailingApp();
      const res = await request(t.app)
        .post('/api/auth/subscribe')
        .send({ email, turnstileToken: TOKEN });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code,
        message: MESSAGES[code as keyof typeof MESSAGES],
      });
    },
  );

  it('refuses a one-letter name with the spec message', async () => {
    const t = await mailingApp();
    const res = await subscribe(t, 'short@example.com', { name: 'A' });
    expect(res.body).toMatchObject({ code: 'NAME_TOO_SHORT', message: MESSAGES.NAME_TOO_SHORT });
  });

  it('answers malformed JSON with 400 and a body over 100 kB with 413', async () => {
    const t = await mailingApp();
    const malformed = await request(t.app)
      .post('/api/auth/subscribe')
      .set('Content-Type', 'application/json')
      .send('{"email": "a@example.com",');
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      success: false,
      code: 'INVALID_JSON',
      message: MESSAGES.INVALID_JSON,
    });
    const huge = await request(t.app)
      .post('/api/auth/subscribe')
      .send({ email: 'a@example.com', name: 'x'.repeat(101 * 1024) });
    expect(huge.status).toBe(413);
  });

  it('refuses a cross-site form post with 403 and non-JSON from the site with 415', async () => {
    const t = await mailingApp();
    const crossSite = await request(t.app)
      .post('/api/auth/subscribe')
      .set('Origin', 'https://evil.example')
      .type('form')
      .send({ email: 'victim@example.com', turnstileToken: TOKEN });
    expect(crossSite.status).toBe(403);
    expect(crossSite.body.code).toBe('CROSS_SITE_REQUEST');

    const crossSiteJson = await request(t.app)
      .post('/api/auth/unsubscribe')
      .set('Origin', 'https://evil.example')
      .send({ email: 'victim@example.com' });
    expect(crossSiteJson.status).toBe(403);

    const formWithoutOrigin = await request(t.app)
      .post('/api/auth/subscribe')
      .type('form')
      .send({ email: 'victim@example.com' });
    expect(formWithoutOrigin.status).toBe(403);

    const plainText = await request(t.app)
      .post('/api/auth/subscribe')
      .set('Origin', 'http://localhost:5173')
      .set('Content-Type', 'text/plain')
      .send('{"email":"a@example.com"}');
    expect(plainText.status).toBe(415);
    expect(plainText.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');

    const fromTheSite = await request(t.app)
      .post('/api/auth/subscribe')
      .set('Origin', 'http://localhost:5173')
      .send({ email: 'fine@example.com', turnstileToken: TOKEN });
    expect(fromTheSite.status).toBe(200);
    expect(findByEmail(t.deps.db, 'victim@example.com')).toBeUndefined();
  });

  it('allows at most 3 mails to one address an hour, with 429 and Retry-After', async () => {
    const t = await mailingApp();
    for (let i = 0; i < 3; i += 1) {
      expect((await subscribe(t, 'flood@example.com')).status).toBe(200);
    }
    const limited = await request(t.app)
      .post('/api/auth/resend-verification')
      .send({ email: 'Flood@example.com' });
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({
      success: false,
      code: 'RATE_LIMITED',
      message: MESSAGES.RATE_LIMITED,
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(3500);
    t.clock.advance(60 * 60_000);
    expect((await subscribe(t, 'flood@example.com')).status).toBe(200);
  });

  it('limits one client address across many target addresses', async () => {
    const t = await mailingApp({ env: { RATE_LIMIT_IP_MAX: '5' } });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await subscribe(t, `n${i}@example.com`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('refuses an Origin of null and a cross-site fetch without Origin', async () => {
    const t = await mailingApp();
    const nullOrigin = await request(t.app)
      .post('/api/auth/resend-verification')
      .set('Origin', 'null')
      .send({ email: 'a@example.com' });
    expect(nullOrigin.status).toBe(403);
    const crossSite = await request(t.app)
      .post('/api/auth/resend-verification')
      .set('Sec-Fetch-Site', 'cross-site')
      .send({ email: 'a@example.com' });
    expect(crossSite.status).toBe(403);
    const apiOrigin = await request(t.app)
      .post('/api/auth/resend-verification')
      .set('Origin', 'http://localhost:8787')
      .send({ email: 'a@example.com' });
    expect(apiOrigin.status).toBe(200);
  });

  it('counts IPv6 clients per /64 (behind the trusted loopback proxy)', async () => {
    const t = await mailingApp({ env: { RATE_LIMIT_IP_MAX: '2' } });
    const from = (ip: string, email: string) => subscribe(t, email).set('X-Forwarded-For', ip);
    expect((await from('2001:db8:5:6::1', 'v1@example.com')).status).toBe(200);
    expect((await from('2001:db8:5:6:ffff::2', 'v2@example.com')).status).toBe(200);
    const third = await from('2001:db8:5:6:1234:5678:9abc:def0', 'v3@example.com');
    expect(third.status).toBe(429);
    expect(third.headers['retry-after']).toBeDefined();
    expect((await from('2001:db8:5:7::1', 'v4@example.com')).status).toBe(200);
  });

  it('answers an unexpected error with the generic message and logs it, without a stack', async () => {
    const logLines: string[] = [];
    const { Writable } = await import('node:stream');
    const { pino } = await import('pino');
    const logger = pino(
      { base: undefined },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          logLines.push(chunk.toString());
          done();
        },
      }),
    );
    const t = createTestApp({
      deps: {
        logger,
        securityCheck: {
          tokenRequired: true,
          verify: () => Promise.reject(new Error('boom at /secret/path.ts:12')),
        },
      },
    });
    cleanups.push(t.cleanup);
    const res = await request(t.app)
      .post('/api/auth/subscribe')
      .send({ email: 'a@example.com', turnstileToken: TOKEN });
    expect(res.status).toBe(500);
    expect(res.body).toEqual({
      success: false,
      code: 'INTERNAL_ERROR',
      message: MESSAGES.INTERNAL_ERROR,
    });
    expect(res.text).not.toContain('boom');
    expect(logLines.join('')).toContain('boom at /secret/path.ts:12');
  });

  it('sends security headers with a CSP that allows Turnstile', async () => {
    const t = await mailingApp();
    const res = await subscribe(t, 'headers@example.com');
    expect(res.headers['content-security-policy']).toContain('https://challenges.cloudflare.com');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never writes tokens to the logs', async () => {
    const t = await mailingApp();
    const mail = await subscribeAndReceive(t, 'quiet@example.com');
    const token = verifyTokenIn(mail);
    await request(t.app).get('/verify').query({ token });
    await request(t.app)
      .get('/api/auth/subscription/data/profile')
      .query({ email: 'quiet@example.com', manage: manageTokenIn(mail) });
    await t.outbox.drain();
    const unsubscribe = unsubscribeLinkIn(t.sink.messagesTo('quiet@example.com').at(-1));
    await request(t.app).get(unsubscribe.pathname);
    const logs = t.logLines.join('\n');
    expect(logs).toContain('/verify?token=[redacted]');
    expect(logs).toContain('/api/newsletter/unsubscribe/[redacted]');
    expect(logs).not.toContain(unsubscribe.pathname);
    expect(logs).not.toContain(token);
    expect(logs).not.toContain(manageTokenIn(mail));
  });
});

describe('the subscriber’s own data', () => {
  it('answers 401 without a manage token or session, even for a real address', async () => {
    const t = await mailingApp();
    await subscribeAndConfirm(t, 'private@example.com');
    const calls = [
      request(t.app).get('/api/auth/subscription/data').query({ email: 'private@example.com' }),
      request(t.app)
        .get('/api/auth/subscription/data/profile')
        .query({ email: 'private@example.com' }),
      request(t.app)
        .put('/api/auth/subscription/profile')
        .send({ email: 'private@example.com', name: 'Mallory' }),
      request(t.app)
        .put('/api/auth/subscription/preferences')
        .send({ email: 'private@example.com', preferences: { poetry: false } }),
      request(t.app)
        .delete('/api/auth/subscription/delete')
        .send({ email: 'private@example.com', confirmDelete: true }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({
        success: false,
        code: 'UNAUTHORIZED',
        message: MESSAGES.UNAUTHORIZED,
      });
    }
    expect(findByEmail(t.deps.db, 'private@example.com')?.name).toBe('Ada');
  });

  it('refuses one subscriber’s manage token for another address, and a forged one', async () => {
    const t = await mailingApp();
    const mine = manageTokenIn(await subscribeAndConfirm(t, 'me@example.com'));
    await subscribeAndConfirm(t, 'other@example.com');
    const other = await request(t.app)
      .get('/api/auth/subscription/data')
      .query({ email: 'other@example.com' })
      .set('X-Manage-Token', mine);
    expect(other.status).toBe(401);
    // The last character changed, whatever it was: a token can itself end in the letters tried.
    const forged = mine.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A'));
    const res = await request(t.app)
      .get('/api/auth/subscription/data')
      .query({ email: 'me@example.com' })
      .set('X-Manage-Token', forged);
    expect(res.status).toBe(401);
  });

  it('updates profile (ignoring role, email, verified) and preferences, then deletes everything', async () => {
    const t = await mailingApp();
    const mail = await subscribeAndReceive(t, 'owner@example.com');
    const manage = manageTokenIn(mail);

    const profile = await request(t.app)
      .put('/api/auth/subscription/profile')
      .set('X-Manage-Token', manage)
      .send({
        email: 'owner@example.com',
        name: 'Ada Lovelace',
        role: 'admin',
        verified: true,
        status: 'active',
      });
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({
      success: true,
      message: MESSAGES.PROFILE_UPDATED,
      subscription: {
        email: 'owner@example.com',
        name: 'Ada Lovelace',
        verified: false,
        status: 'pending',
      },
    });

    const preferences = await request(t.app)
      .put('/api/auth/subscription/preferences')
      .set('X-Manage-Token', manage)
      .send({ email: 'owner@example.com', preferences: { poetry: false } });
    expect(preferences.body.subscription.preferences).toEqual({
      build: true,
      learn: true,
      write: true,
      journal: true,
      poetry: false,
    });

    const read = await request(t.app)
      .get('/api/auth/subscription/data/profile')
      .query({ email: 'owner@example.com', manage });
    expect(read.body.subscription).toMatchObject({ name: 'Ada Lovelace' });

    const unconfirmed = await request(t.app)
      .delete('/api/auth/subscription/delete')
      .set('X-Manage-Token', manage)
      .send({ email: 'owner@example.com' });
    expect(unconfirmed.status).toBe(400);
    expect(unconfirmed.body.code).toBe('CONFIRM_DELETE_REQUIRED');

    const deleted = await request(t.app)
      .delete('/api/auth/subscription/delete')
      .set('X-Manage-Token', manage)
      .send({ email: 'owner@example.com', confirmDelete: true });
    expect(deleted.body).toEqual({ success: true, message: MESSAGES.ACCOUNT_DELETED });
    expect(findByEmail(t.deps.db, 'owner@example.com')).toBeUndefined();
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM consent_records').pluck().get()).toBe(0);
    // The old manage link is dead.
    const after = await request(t.app)
      .get('/api/auth/subscription/data')
      .query({ email: 'owner@example.com', manage });
    expect(after.status).toBe(401);
  });

  it('accepts a signed-in session for the same address, and only for it', async () => {
    const t = await mailingApp();
    await subscribeAndConfirm(t, 'member@example.com');
    await subscribeAndConfirm(t, 'stranger@example.com');
    const cookie = await signInWithMagicLink(t.app, t.deps, 'member@example.com');

    const own = await request(t.app)
      .get('/api/auth/subscription/data')
      .query({ email: 'Member@example.com' })
      .set('Cookie', cookie);
    expect(own.status).toBe(200);
    expect(own.body.subscription.email).toBe('member@example.com');

    const preferences = await request(t.app)
      .put('/api/auth/subscription/preferences')
      .set('Cookie', cookie)
      .send({ email: 'member@example.com', preferences: { build: false } });
    expect(preferences.status).toBe(200);

    const theirs = await request(t.app)
      .get('/api/auth/subscription/data')
      .query({ email: 'stranger@example.com' })
      .set('Cookie', cookie);
    expect(theirs.status).toBe(401);
  });
});

describe('unsubscribe', () => {
  it('one-click: GET shows a confirm page and changes nothing; POST unsubscribes with 200', async () => {
    const t = await mailingApp();
    await subscribeAndConfirm(t, 'leaving@example.com');
    const welcome = t.sink.messagesTo('leaving@example.com').at(-1);
    const link = unsubscribeLinkIn(welcome);
    expect(welcome?.rawHeaders['list-unsubscribe']).toBe(`<${link.toString()}>`);

    const page = await request(t.app).get(link.pathname);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<form method="post">');
    expect(page.text).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(findByEmail(t.deps.db, 'leaving@example.com')?.status).toBe('active');

    // As a mail provider sends it: form-encoded, no cookies, no Origin of ours.
    const res = await request(t.app)
      .post(link.pathname)
      .set('Origin', 'https://mail.provider.example')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(res.status).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.text).toContain(MESSAGES.UNSUBSCRIBED);
    expect(findByEmail(t.deps.db, 'leaving@example.com')?.status).toBe('unsubscribed');

    const forged = await request(t.app)
      .post(link.pathname.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')))
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(forged.status).toBe(404);
  });

  it('a reader who confirms on the page lands on the site with the message, not on an /api/ page', async () => {
    const t = await mailingApp();
    await subscribeAndConfirm(t, 'leaving@example.com');
    const link = unsubscribeLinkIn(t.sink.messagesTo('leaving@example.com').at(-1));
    const page = await request(t.app).get(link.pathname);
    const form = /<form method="post">([\s\S]*?)<\/form>/.exec(page.text)![1]!;
    const fields = [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)];
    const res = await request(t.app)
      .post(link.pathname)
      .type('form')
      .send(new URLSearchParams(fields.map(([, name, value]) => [name!, value!])).toString());
    expect(res.status).toBe(303);
    const landed = new URL(res.headers.location as string);
    expect(landed.origin + landed.pathname).toBe('http://localhost:5173/');
    expect(landed.searchParams.get('unsubscribed')).toBe('true');
    expect(landed.searchParams.get('email')).toBe('leaving@example.com');
    expect(findByEmail(t.deps.db, 'leaving@example.com')?.status).toBe('unsubscribed');
    // The page may send its form on to the site (form-action follows redirects).
    expect(page.headers['content-security-policy']).toContain('http://localhost:5173');
    // Opened again, the link goes to the site too.
    const again = await request(t.app).get(link.pathname);
    expect(again.status).toBe(303);
    expect(new URL(again.headers.location as string).searchParams.get('unsubscribed')).toBe('true');
  });

  it('unsubscribes at once with a manage token; without one, mails the owner a confirm link', async () => {
    const t = await mailingApp();
    const confirmation = await subscribeAndConfirm(t, 'u@example.com');

    const anonymous = await request(t.app)
      .post('/api/auth/unsubscribe')
      .send({ email: 'u@example.com' });
    expect(anonymous.body).toEqual({
      success: true,
      message: MESSAGES.UNSUBSCRIBE_LINK_SENT,
      data: { unsubscribed: false },
    });
    expect(findByEmail(t.deps.db, 'u@example.com')?.status).toBe('active');
    await t.outbox.drain();
    const confirm = t.sink.messagesTo('u@example.com').at(-1);
    expect(confirm?.subject).toBe('Unsubscribe from Rowan Ellis?');
    unsubscribeLinkIn(confirm);

    const owner = await request(t.app)
      .post('/api/auth/unsubscribe')
      .set('X-Manage-Token', manageTokenIn(confirmation))
      .send({ email: 'u@example.com' });
    expect(owner.body).toEqual({
      success: true,
      message: MESSAGES.UNSUBSCRIBED,
      data: { unsubscribed: true },
    });
    expect(findByEmail(t.deps.db, 'u@example.com')?.status).toBe('unsubscribed');

    // Subscribing again (after the hour's mail budget of this address) starts over.
    t.clock.advance(60 * 60_000);
    expect((await subscribe(t, 'u@example.com')).status).toBe(200);
    expect(findByEmail(t.deps.db, 'u@example.com')).toMatchObject({
      status: 'pending',
      verified: 0,
    });
  });
});

describe('development mailbox', () => {
  it('lists every message with clickable links at /dev/mailbox', async () => {
    const t = createTestApp();
    cleanups.push(t.cleanup);
    await request(t.app)
      .post('/api/auth/subscribe')
      .send({ email: 'dev@example.com', name: 'Dev', wantsAccount: false });
    await t.outbox.drain();
    const page = await request(t.app).get('/dev/mailbox');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Confirm your subscription to Rowan Ellis');
    expect(page.text).toMatch(/<a href="http:\/\/localhost:5173\/\?verify=[A-Za-z0-9_-]+">/);
    const json = await request(t.app).get('/dev/mailbox.json');
    expect(json.body.messages).toHaveLength(1);
  });

  it('does not exist in production', async () => {
    const t = createTestApp({
      env: {
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://127.0.0.1:1',
        SESSION_SECRET: 'x'.repeat(32),
        TURNSTILE_SECRET_KEY: 'secret',
        TURNSTILE_SITE_KEY: 'a-real-looking-site-key',
        PUBLIC_URL: 'https://example.com',
        WEB_ORIGIN: 'https://example.com',
      },
    });
    cleanups.push(t.cleanup);
    const res = await request(t.app).get('/dev/mailbox');
    expect(res.status).toBe(404);
  });
});

describe("the subscribe page's form, without JavaScript (decision 0038)", () => {
  const SITE = 'http://localhost:5173';

  /** What a browser sends when the form on /subscribe is submitted. */
  function postForm(t: MailingApp, fields: Record<string, string>, origin: string | null = SITE) {
    const post = request(t.app).post('/subscribe').set('Referer', `${SITE}/subscribe`);
    if (origin !== null) post.set('Origin', origin);
    return post.type('form').send(fields);
  }

  /** Where a 303 sends the browser, and its query. */
  function sentTo(res: request.Response) {
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location as string);
    return {
      page: location.origin + location.pathname,
      query: Object.fromEntries(location.searchParams),
    };
  }

  it('stores a pending subscription, mails the confirmation, and goes on to check your inbox', async () => {
    const t = await mailingApp();
    const res = await postForm(t, {
      email: ' Reader@Example.com ',
      name: 'Ada',
      wantsAccount: 'on',
    });
    expect(sentTo(res)).toEqual({ page: `${SITE}/signedup`, query: {} });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(findByEmail(t.deps.db, 'reader@example.com')).toMatchObject({
      status: 'pending',
      verified: 0,
      name: 'Ada',
      wants_account: 1,
      start_path: null,
    });
    expect(
      t.deps.db
        .prepare("SELECT source FROM consent_records WHERE action = 'subscribe'")
        .pluck()
        .all(),
    ).toEqual(['subscribe-page-plain@/subscribe']);
    await t.outbox.drain();
    const [mail] = t.sink.messagesTo('reader@example.com');
    expect(mail?.subject).toBe('Confirm your subscription to Rowan Ellis');
    // Confirming from the mail returns the reader to the home page, not to the form.
    expect(mail!.links.find((link) => link.includes('verify='))).toMatch(
      new RegExp(`^${SITE}/\\?verify=`),
    );
  });

  it('sends a refused address back to the page with its code and the address as typed', async () => {
    const t = await mailingApp();
    expect(sentTo(await postForm(t, { email: 'not an address', name: 'Ada' }))).toEqual({
      page: `${SITE}/subscribe`,
      query: { error: 'EMAIL_INVALID', email: 'not an address' },
    });
    expect(sentTo(await postForm(t, { email: '' })).query).toEqual({ error: 'EMAIL_REQUIRED' });
    expect(sentTo(await postForm(t, { email: 'ada@example.com', name: 'A' })).query).toEqual({
      error: 'NAME_TOO_SHORT',
      email: 'ada@example.com',
    });
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get()).toBe(0);
    await t.outbox.drain();
    expect(t.sink.messages).toHaveLength(0);
  });

  it('refuses a form posted from another site, or from no page at all', async () => {
    const t = await mailingApp();
    for (const origin of ['https://evil.example', 'null', null]) {
      const res = await postForm(t, { email: 'victim@example.com' }, origin);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CROSS_SITE_REQUEST');
    }
    // The API's own origin is the site's too (the pages are served from it).
    expect(
      sentTo(await postForm(t, { email: 'fine@example.com' }, 'http://localhost:8787')).page,
    ).toBe(`${SITE}/signedup`);
    expect(findByEmail(t.deps.db, 'victim@example.com')).toBeUndefined();
    await t.outbox.drain();
    expect(t.sink.messagesTo('victim@example.com')).toHaveLength(0);
  });

  it('sends a body it cannot read back to the page too, never a fault', async () => {
    const t = await mailingApp();
    const tooMany = Array.from({ length: 50 }, (_, n) => `f${n}=1`).join('&');
    for (const body of [tooMany, `email=${'x'.repeat(5000)}`, 'email=a&email=b']) {
      const res = await request(t.app)
        .post('/subscribe')
        .set('Origin', SITE)
        .type('form')
        .send(body);
      expect(sentTo(res).page).toBe(`${SITE}/subscribe`);
    }
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get()).toBe(0);
  });

  it("counts against the same limit per client as the popup's subscribes, and says so on the page", async () => {
    const t = await mailingApp({ env: { RATE_LIMIT_IP_MAX: '2' } });
    expect((await subscribe(t, 'popup@example.com')).status).toBe(200);
    expect(sentTo(await postForm(t, { email: 'one@example.com' })).page).toBe(`${SITE}/signedup`);
    expect(sentTo(await postForm(t, { email: 'two@example.com' })).query).toEqual({
      error: 'RATE_LIMITED',
      email: 'two@example.com',
    });
    expect(findByEmail(t.deps.db, 'two@example.com')).toBeUndefined();
  });

  it('asks for JavaScript where the site requires the security check and the page could not run it', async () => {
    const t = await mailingApp({
      env: {
        TURNSTILE_SECRET_KEY: 'secret',
        TURNSTILE_SITE_KEY: 'a-real-looking-site-key',
        // Never reached: a form without a token is refused before Cloudflare is asked.
        TURNSTILE_VERIFY_URL: 'http://127.0.0.1:1/siteverify',
      },
    });
    expect(sentTo(await postForm(t, { email: 'noscript@example.com' })).query).toEqual({
      error: 'SECURITY_CHECK_NEEDS_SCRIPT',
      email: 'noscript@example.com',
    });
    // With JavaScript the page carries the check's field, empty until the check has passed.
    expect(
      sentTo(await postForm(t, { email: 'early@example.com', turnstileToken: '' })).query,
    ).toEqual({ error: 'SECURITY_CHECK_PENDING', email: 'early@example.com' });
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get()).toBe(0);
  });
});
