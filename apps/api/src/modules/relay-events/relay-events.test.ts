import { MESSAGES } from '@quillpost/domain';
import { createSign, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  MAILGUN_SIGNING_KEY,
  mailgunPermanentFailure,
  mailgunWebhookBody,
} from '../../test-support/mailgun-webhook.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { findByEmail, listConsents, subscribe } from '../subscriptions/index.js';
import { WEBHOOK_HITS_PER_MINUTE } from './routes.js';
import { httpsSnsClient } from './ses.js';

const POSTMARK = { user: 'postmark-hooks', password: 'a long postmark webhook password' };

const track = cleanupAfterEach();

function relayApp(env: Record<string, string> = {}) {
  const t = createTestApp({
    env: {
      MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_SIGNING_KEY,
      POSTMARK_WEBHOOK_USER: POSTMARK.user,
      POSTMARK_WEBHOOK_PASSWORD: POSTMARK.password,
      ...env,
    },
  });
  track(t.cleanup);
  return t;
}

/** A confirmed subscriber, as the newsletter would mail them. */
function confirmed(t: ReturnType<typeof relayApp>, email: string) {
  subscribe(t.deps, { email, wantsAccount: false, source: 'subscribe-form@/', ipHash: null });
  t.deps.db
    .prepare(
      `UPDATE subscriptions SET status = 'active', verified = 1, verified_at = ? WHERE email = ?`,
    )
    .run(new Date(t.clock.now()).toISOString(), email);
  return findByEmail(t.deps.db, email)!;
}

describe('Mailgun webhooks', () => {
  it('a permanent failure bounces the subscriber, with the reason the console shows', async () => {
    const t = relayApp();
    confirmed(t, 'gone@example.com');
    const res = await request(t.app)
      .post('/api/mail/webhooks/mailgun')
      .send(
        mailgunWebhookBody(mailgunPermanentFailure('Gone@Example.com'), { now: t.clock.now() }),
      );
    expect(res.status).toBe(200);
    expect(findByEmail(t.deps.db, 'gone@example.com')).toMatchObject({
      status: 'active',
      bounced_at: expect.any(String),
      bounce_reason: 'mailgun: 550 No such mailbox',
    });
    const logged = t.deps.db.prepare('SELECT kind, relay, recipient FROM relay_events').all();
    expect(logged).toEqual([{ kind: 'bounce', relay: 'mailgun', recipient: 'gone@example.com' }]);
  });

  it('a complaint unsubscribes, recorded as a withdrawal of consent', async () => {
    const t = relayApp();
    const row = confirmed(t, 'annoyed@example.com');
    await request(t.app)
      .post('/api/mail/webhooks/mailgun')
      .send(
        mailgunWebhookBody(
          { event: 'complained', recipient: 'annoyed@example.com' },
          { now: t.clock.now() },
        ),
      )
      .expect(200);
    expect(findByEmail(t.deps.db, 'annoyed@example.com')?.status).toBe('unsubscribed');
    expect(listConsents(t.deps.db, row.id).at(-1)).toMatchObject({
      action: 'withdraw',
      source: 'mailgun-complaint',
    });
  });

  it('refuses a forged signature, a stale timestamp and a replayed token, changing nothing', async () => {
    const t = relayApp();
    confirmed(t, 'safe@example.com');
    const now = t.clock.now();
    const forged = mailgunWebhookBody(mailgunPermanentFailure('safe@example.com'), {
      now,
      key: 'guessed-key',
    });
    const stale = mailgunWebhookBody(mailgunPermanentFailure('safe@example.com'), {
      now: now - 10 * 60_000,
    });
    for (const body of [forged, stale]) {
      const res = await request(t.app).post('/api/mail/webhooks/mailgun').send(body);
      expect(res.status).toBe(401);
    }
    expect(findByEmail(t.deps.db, 'safe@example.com')?.bounced_at).toBeNull();

    const genuine = mailgunWebhookBody(
      { event: 'complained', recipient: 'safe@example.com' },
      { now },
    );
    await request(t.app).post('/api/mail/webhooks/mailgun').send(genuine).expect(200);
    // The owner resubscribes; a replay of the old complaint must not undo it.
    t.deps.db.prepare(`UPDATE subscriptions SET status = 'active'`).run();
    const replay = await request(t.app).post('/api/mail/webhooks/mailgun').send(genuine);
    expect(replay.status).toBe(401);
    expect(findByEmail(t.deps.db, 'safe@example.com')?.status).toBe('active');
  });

  it("takes every token once: a delivery's signature cannot be reused for a complaint", async () => {
    const t = relayApp();
    confirmed(t, 'reader@example.com');
    const delivered = mailgunWebhookBody(
      { event: 'delivered', recipient: 'reader@example.com' },
      { now: t.clock.now() },
    );
    await request(t.app).post('/api/mail/webhooks/mailgun').send(delivered).expect(200);
    const reused = {
      ...delivered,
      'event-data': { event: 'complained', recipient: 'reader@example.com' },
    };
    expect((await request(t.app).post('/api/mail/webhooks/mailgun').send(reused)).status).toBe(401);
    expect(findByEmail(t.deps.db, 'reader@example.com')?.status).toBe('active');
  });

  it('acknowledges other events (a temporary failure) without changing anything', async () => {
    const t = relayApp();
    confirmed(t, 'busy@example.com');
    const temporary = { ...mailgunPermanentFailure('busy@example.com'), severity: 'temporary' };
    await request(t.app)
      .post('/api/mail/webhooks/mailgun')
      .send(mailgunWebhookBody(temporary, { now: t.clock.now() }))
      .expect(200);
    expect(findByEmail(t.deps.db, 'busy@example.com')?.bounced_at).toBeNull();
  });

  it('limits how often one address may call the webhooks', async () => {
    const t = relayApp();
    const hit = () => request(t.app).post('/api/mail/webhooks/mailgun').send({});
    for (let n = 0; n < WEBHOOK_HITS_PER_MINUTE; n += 1) expect((await hit()).status).toBe(400);
    const limited = await hit();
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(MESSAGES.RATE_LIMITED);
  });

  it('answers 404 until a signing key is configured', async () => {
    const t = relayApp({ MAILGUN_WEBHOOK_SIGNING_KEY: '' });
    const res = await request(t.app)
      .post('/api/mail/webhooks/mailgun')
      .send(mailgunWebhookBody(mailgunPermanentFailure('x@example.com'), { now: t.clock.now() }));
    expect(res.status).toBe(404);
  });
});

describe('Postmark webhooks', () => {
  const basic = (user: string, password: string) =>
    `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
  const hardBounce = (email: string, id = 1) => ({
    RecordType: 'Bounce',
    ID: id,
    Type: 'HardBounce',
    Email: email,
    Description: 'The server was unable to deliver your message (ex: unknown user).',
    BouncedAt: '2026-01-01T09:00:00Z',
  });

  it('refuses missing or wrong credentials, changing nothing', async () => {
    const t = relayApp();
    confirmed(t, 'kept@example.com');
    const missing = await request(t.app)
      .post('/api/mail/webhooks/postmark')
      .send(hardBounce('kept@example.com'));
    const wrong = await request(t.app)
      .post('/api/mail/webhooks/postmark')
      .set('Authorization', basic(POSTMARK.user, 'not it'))
      .send(hardBounce('kept@example.com'));
    expect([missing.status, wrong.status]).toEqual([401, 401]);
    expect(findByEmail(t.deps.db, 'kept@example.com')?.bounced_at).toBeNull();
  });

  it('a hard bounce bounces, a soft one does not, a spam complaint unsubscribes; retries are no-ops', async () => {
    const t = relayApp();
    confirmed(t, 'hard@example.com');
    confirmed(t, 'soft@example.com');
    confirmed(t, 'spam@example.com');
    const post = (body: object) =>
      request(t.app)
        .post('/api/mail/webhooks/postmark')
        .set('Authorization', basic(POSTMARK.user, POSTMARK.password))
        .send(body)
        .expect(200);
    await post(hardBounce('hard@example.com', 11));
    await post(hardBounce('hard@example.com', 11));
    await post({ ...hardBounce('soft@example.com', 12), Type: 'SoftBounce' });
    await post({ RecordType: 'SpamComplaint', ID: 13, Email: 'spam@example.com' });

    expect(findByEmail(t.deps.db, 'hard@example.com')?.bounce_reason).toBe(
      'postmark: HardBounce: The server was unable to deliver your message (ex: unknown user).',
    );
    expect(findByEmail(t.deps.db, 'soft@example.com')?.bounced_at).toBeNull();
    expect(findByEmail(t.deps.db, 'spam@example.com')?.status).toBe('unsubscribed');
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM relay_events').pluck().get()).toBe(2);
  });
});

describe('Amazon SES webhooks, through SNS', () => {
  const TOPIC = 'arn:aws:sns:eu-west-1:123456789012:ses-feedback';
  const CERT_URL = 'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem';
  // A key pair made for the test; its public half stands in for SNS's signing certificate
  // (crypto's verify reads a public key as it reads a certificate).
  const signer = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const certificate = signer.publicKey.export({ type: 'spki', format: 'pem' }).toString();

  function snsApp() {
    const fetched: string[] = [];
    const confirmed: string[] = [];
    const t = createTestApp({
      env: { SES_SNS_TOPIC_ARN: TOPIC },
      deps: {
        sns: {
          certificate: async (url) => {
            fetched.push(url);
            return certificate;
          },
          confirm: async (url) => {
            confirmed.push(url);
          },
        },
      },
    });
    track(t.cleanup);
    return { ...t, fetched, confirmed };
  }

  let messages = 0;
  /** An SNS message signed as SNS signs it (SignatureVersion 2: SHA256withRSA). */
  function signed(fields: Record<string, string>, key = signer.privateKey) {
    const message = {
      MessageId: `message-${(messages += 1)}`,
      TopicArn: TOPIC,
      Timestamp: '2026-01-01T09:00:00.000Z',
      SignatureVersion: '2',
      SigningCertURL: CERT_URL,
      ...fields,
    } as Record<string, string>;
    const order =
      message.Type === 'Notification'
        ? ['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type']
        : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
    const text = order
      .filter((field) => message[field] !== undefined)
      .map((field) => `${field}\n${message[field]}\n`)
      .join('');
    const signature = createSign('RSA-SHA256').update(text).sign(key, 'base64');
    return { ...message, Signature: signature };
  }

  const post = (t: Pick<ReturnType<typeof relayApp>, 'app'>, body: object) =>
    request(t.app)
      .post('/api/mail/webhooks/ses')
      .set('Content-Type', 'text/plain; charset=UTF-8')
      .send(JSON.stringify(body));

  const notification = (payload: object) =>
    signed({ Type: 'Notification', Message: JSON.stringify(payload) });

  it('confirms the SNS subscription by visiting its SNS link', async () => {
    const t = snsApp();
    const subscribeUrl = `https://sns.eu-west-1.amazonaws.com/?Action=ConfirmSubscription&TopicArn=${TOPIC}&Token=abc`;
    const res = await post(
      t,
      signed({
        Type: 'SubscriptionConfirmation',
        Message: 'You have chosen to subscribe to the topic.',
        Token: 'abc',
        SubscribeURL: subscribeUrl,
      }),
    );
    expect(res.status).toBe(200);
    expect(t.fetched).toEqual([CERT_URL]);
    expect(t.confirmed).toEqual([subscribeUrl]);
  });

  it('a permanent bounce bounces each recipient; a complaint unsubscribes; a retry is a no-op', async () => {
    const t = snsApp();
    confirmed(t, 'gone@example.com');
    confirmed(t, 'annoyed@example.com');
    const bounce = notification({
      notificationType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bounceSubType: 'General',
        bouncedRecipients: [
          { emailAddress: 'gone@example.com', diagnosticCode: 'smtp; 550 5.1.1 user unknown' },
        ],
      },
    });
    await post(t, bounce).expect(200);
    await post(t, bounce).expect(200);
    await post(
      t,
      notification({
        notificationType: 'Complaint',
        complaint: {
          complainedRecipients: [{ emailAddress: 'annoyed@example.com' }],
          complaintFeedbackType: 'abuse',
        },
      }),
    ).expect(200);
    expect(findByEmail(t.deps.db, 'gone@example.com')?.bounce_reason).toBe(
      'ses: smtp; 550 5.1.1 user unknown',
    );
    expect(findByEmail(t.deps.db, 'annoyed@example.com')?.status).toBe('unsubscribed');
    expect(t.deps.db.prepare('SELECT COUNT(*) FROM relay_events').pluck().get()).toBe(2);
  });

  it('refuses a forged signature, another topic and a certificate off SNS, changing nothing', async () => {
    const t = snsApp();
    confirmed(t, 'safe@example.com');
    const payload = {
      notificationType: 'Bounce',
      bounce: {
        bounceType: 'Permanent',
        bouncedRecipients: [{ emailAddress: 'safe@example.com' }],
      },
    };
    const forger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const forged = signed(
      { Type: 'Notification', Message: JSON.stringify(payload) },
      forger.privateKey,
    );
    const otherTopic = signed({
      Type: 'Notification',
      Message: JSON.stringify(payload),
      TopicArn: 'arn:aws:sns:eu-west-1:999999999999:someone-elses',
    });
    const offSns = signed({
      Type: 'Notification',
      Message: JSON.stringify(payload),
      SigningCertURL: 'https://sns.evil.example/cert.pem',
    });
    // An S3 bucket named "sns" answers on this host, with a valid certificate for it.
    const s3Bucket = signed({
      Type: 'Notification',
      Message: JSON.stringify(payload),
      SigningCertURL: 'https://sns.s3.amazonaws.com/SimpleNotificationService-x.pem',
    });
    const old = signed({
      Type: 'Notification',
      Message: JSON.stringify(payload),
      Timestamp: '2025-12-31T07:00:00.000Z',
    });
    for (const body of [forged, otherTopic, offSns, s3Bucket, old]) {
      expect((await post(t, body)).status).toBe(401);
    }
    expect(t.fetched.every((url) => url === CERT_URL)).toBe(true);
    expect(findByEmail(t.deps.db, 'safe@example.com')?.bounced_at).toBeNull();
  });

  it('fetches one certificate however its URL is spelled, and none on another port or with a query', async () => {
    const t = snsApp();
    const spelled = (SigningCertURL: string) =>
      signed({
        Type: 'Notification',
        Message: JSON.stringify({ notificationType: 'Delivery' }),
        SigningCertURL,
      });
    for (const url of [
      'https://SNS.EU-WEST-1.amazonaws.com/SimpleNotificationService-test.pem',
      'https://sns.eu-west-1.amazonaws.com:443/SimpleNotificationService-test.pem',
      'https://sns.eu-west-1.amazonaws.com/x/../SimpleNotificationService-test.pem',
      'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem?',
      'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem#',
    ]) {
      expect((await post(t, spelled(url))).status, url).toBe(200);
    }
    expect(new Set(t.fetched)).toEqual(new Set([CERT_URL]));

    t.fetched.length = 0;
    for (const url of [
      'https://sns.eu-west-1.amazonaws.com:22/SimpleNotificationService-test.pem',
      'https://sns.eu-west-1.amazonaws.com:6379/SimpleNotificationService-test.pem',
      'https://sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem?x=1',
      'https://user@sns.eu-west-1.amazonaws.com/SimpleNotificationService-test.pem',
    ]) {
      expect((await post(t, spelled(url))).status, url).toBe(401);
    }
    expect(t.fetched).toEqual([]);
  });

  it('asks a certificate host that fails once a minute, not once a message', async () => {
    let connections = 0;
    const server = http.createServer((_req, res) => {
      connections += 1;
      res.writeHead(503).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    track(() => server.close());
    const { port } = server.address() as AddressInfo;
    const sns = httpsSnsClient(2_000);
    const url = `http://127.0.0.1:${port}/SimpleNotificationService-test.pem`;
    for (let n = 0; n < 5; n += 1) await expect(sns.certificate(url)).rejects.toThrow('503');
    expect(connections).toBe(1);
  });

  it('reads configuration-set events too, and acknowledges messages that report nothing', async () => {
    const t = snsApp();
    confirmed(t, 'gone@example.com');
    await post(
      t,
      signed({ Type: 'Notification', Message: 'A test message from the console' }),
    ).expect(200);
    await post(
      t,
      notification({
        eventType: 'Bounce',
        bounce: {
          bounceType: 'Permanent',
          bouncedRecipients: [{ emailAddress: 'gone@example.com' }],
        },
      }),
    ).expect(200);
    expect(findByEmail(t.deps.db, 'gone@example.com')?.bounced_at).not.toBeNull();
  });

  it('answers 404 until a topic is configured', async () => {
    const t = relayApp();
    expect((await post(t, { Type: 'Notification' })).status).toBe(404);
  });
});
