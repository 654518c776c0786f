/**
 * The attack review's address forms (issue 14): every route that mails an address sees one
 * mailbox however it is written, so the per-address limits hold and no mailbox gets two rows.
 */
import { MESSAGES, TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { confirmMagicLink, parseMagicLinkMail } from '../test-support/auth.js';
import { createMailingApp } from '../test-support/mailing-app.js';

type MailingApp = Awaited<ReturnType<typeof createMailingApp>>;
const open: MailingApp[] = [];
afterEach(async () => {
  for (const app of open.splice(0)) await app.close();
});

async function mailingApp() {
  // A generous per-IP limit, so only the per-address one is measured.
  const app = await createMailingApp({ env: { RATE_LIMIT_IP_MAX: '1000' } });
  open.push(app);
  return app;
}

const MAILBOX = 'reader@example.test';

/** Forms that name the mailbox in a way a mailer reads differently: refused outright. */
const REFUSED = [
  '<reader@example.test>',
  'x<reader@example.test>',
  'reader@example.test>',
  '"Reader" <reader@example.test>',
  '"reader"@example.test',
  'a@[127.0.0.1]',
  'a@example..test',
  'r\u0435ader@example.test',
];

/** Spellings of the same mailbox: accepted, and all counted as one address. */
const SPELLINGS = [
  'reader@example.test',
  'Reader@Example.test',
  '  READER@EXAMPLE.TEST ',
  '\uff52\uff45\uff41\uff44\uff45\uff52@example.test',
  'reader@EXAMPLE.test',
  'rEader@example.TEST',
];

/** Tagged spellings: other addresses (each may hold its own subscription) but the same inbox. */
const TAGGED = [
  'reader+1@example.test',
  'reader+2@example.test',
  'READER+3@example.test',
  'reader+4@example.test',
];

// Each request from another address, as an attacker rotating IPs would send them (the test
// client is a loopback peer, which TRUST_PROXY=loopback believes).
let nextIp = 1;
const rotatingIp = () => `203.0.113.${nextIp++ % 250}`;

const ROUTES: Array<[string, (email: string) => Record<string, unknown>]> = [
  ['/api/auth/subscribe', (email) => ({ email, turnstileToken: TURNSTILE_DUMMY_TOKEN })],
  ['/api/auth/magic-link', (email) => ({ email, returnUrl: '/' })],
  ['/api/auth/resend-verification', (email) => ({ email })],
  ['/api/auth/unsubscribe', (email) => ({ email })],
];

/** Asks for a sign-in link for each address in turn, each from another IP; the statuses. */
async function askForSignInLinks(t: MailingApp, emails: string[]): Promise<number[]> {
  const statuses: number[] = [];
  for (const email of emails) {
    const res = await request(t.app)
      .post('/api/auth/magic-link')
      .set('X-Forwarded-For', rotatingIp())
      .send({ email, returnUrl: '/' });
    statuses.push(res.status);
  }
  return statuses;
}

describe('address forms', () => {
  it.each(ROUTES)('%s refuses every form that is not a plain address', async (path, body) => {
    const t = await mailingApp();
    for (const email of REFUSED) {
      const res = await request(t.app)
        .post(path)
        .set('X-Forwarded-For', rotatingIp())
        .send(body(email));
      expect(res.status, email).toBe(400);
      expect(res.body, email).toMatchObject({
        code: 'EMAIL_INVALID',
        message: MESSAGES.EMAIL_INVALID,
      });
    }
    await t.outbox.drain();
    expect(t.sink.messages).toEqual([]);
  });

  it('sign-in mail reaches one mailbox at most 3 times an hour, however it is written', async () => {
    const t = await mailingApp();
    expect(await askForSignInLinks(t, SPELLINGS)).toEqual([200, 200, 200, 429, 429, 429]);
    await t.outbox.drain();
    expect(t.sink.messages.map((mail) => mail.to)).toEqual([[MAILBOX], [MAILBOX], [MAILBOX]]);
    // One sign-in address: the last link is the one open, for the canonical form.
    expect(t.deps.db.prepare('SELECT DISTINCT email FROM magic_links').pluck().all()).toEqual([
      MAILBOX,
    ]);
  });

  it('tagged addresses share the mailbox budget: at most 3 sign-in mails an hour', async () => {
    const t = await mailingApp();
    expect(await askForSignInLinks(t, TAGGED)).toEqual([200, 200, 200, 429]);
    for (const email of TAGGED) {
      await request(t.app)
        .post('/api/auth/subscribe')
        .set('X-Forwarded-For', rotatingIp())
        .send({ email, turnstileToken: TURNSTILE_DUMMY_TOKEN });
    }
    await t.outbox.drain();
    expect(t.sink.messages.filter((mail) => /sign-in/.test(mail.subject))).toHaveLength(3);
    expect(t.sink.messages.filter((mail) => /Confirm/.test(mail.subject))).toHaveLength(3);
  });

  it('subscribing in every spelling makes one subscription and at most 3 mails', async () => {
    const t = await mailingApp();
    for (const email of SPELLINGS) {
      const from = rotatingIp();
      await request(t.app)
        .post('/api/auth/subscribe')
        .set('X-Forwarded-For', from)
        .send({ email, turnstileToken: TURNSTILE_DUMMY_TOKEN });
      for (const path of ['/api/auth/resend-verification', '/api/auth/unsubscribe']) {
        await request(t.app).post(path).set('X-Forwarded-For', from).send({ email });
      }
    }
    await t.outbox.drain();
    expect(t.deps.db.prepare('SELECT email FROM subscriptions').pluck().all()).toEqual([MAILBOX]);
    expect(t.sink.messages.length).toBeLessThanOrEqual(3);
    expect(t.sink.messages.every((mail) => mail.to.join() === MAILBOX)).toBe(true);
  });

  it('a magic link in another spelling signs in the same user', async () => {
    const t = await mailingApp();
    for (const email of ['reader@example.test', 'Reader@EXAMPLE.test']) {
      await request(t.app).post('/api/auth/magic-link').send({ email, returnUrl: '/' });
      await t.outbox.drain();
      const { url } = parseMagicLinkMail(t.sink.messages.at(-1)!.text);
      const { res } = await confirmMagicLink(t.app, url);
      expect(res.status).toBe(303);
    }
    expect(t.deps.db.prepare('SELECT email FROM users').pluck().all()).toEqual([MAILBOX]);
  });
});
