import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.js';
import { openDatabase } from '../db/connection.js';
import { createLogger } from '../logger.js';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.js';
import { capturedLog } from '../test-support/captured-log.js';
import { createTempDatabase } from '../test-support/test-app.js';
import type { Mailer } from './mailer.js';
import { MailOutboxWorker, enqueueMail, listOutbox, type OutboxMessage } from './outbox.js';
import { SmtpMailer } from './smtp-mailer.js';

const logger = createLogger('silent');
const env = { SESSION_SECRET: 'outbox-test-secret-of-at-least-32-chars' };
const secret = env.SESSION_SECRET;
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function message(to: string, kind = 'test'): OutboxMessage {
  return { kind, to, subject: `Hello ${to}`, html: '<p>Hello</p>', text: 'Hello' };
}

async function setup() {
  const database = createTempDatabase();
  const sink: SmtpSink = await startSmtpSink();
  const mailer = new SmtpMailer({ url: sink.url, from: 'site@example.test', timeoutMs: 1_000 });
  const clock = manualClock();
  cleanups.push(
    database.cleanup,
    () => sink.close(),
    () => mailer.close(),
  );
  return { ...database, sink, mailer, clock };
}

describe('mail outbox', () => {
  it('writes nothing when the surrounding transaction rolls back', async () => {
    const { db, clock, mailer, sink } = await setup();
    expect(() =>
      db.transaction(() => {
        enqueueMail({ db, clock, env }, message('a@example.com'));
        throw new Error('the state change failed');
      })(),
    ).toThrow('the state change failed');
    const worker = new MailOutboxWorker({ secret, db, mailer, clock, logger });
    expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(sink.messages).toHaveLength(0);
  });

  it('a started worker delivers mail as soon as it is enqueued', async () => {
    const { db, clock, mailer, sink } = await setup();
    const worker = new MailOutboxWorker({
      secret,
      db,
      mailer,
      clock,
      logger,
      pollIntervalMs: 60_000,
    });
    worker.start();
    cleanups.push(() => worker.stop());
    db.transaction(() => enqueueMail({ db, clock, env }, message('fast@example.com')))();
    const [received] = await sink.waitForMessages(1);
    expect(received?.to).toEqual(['fast@example.com']);
    expect(received?.subject).toBe('Hello fast@example.com');
  });

  it('after a crash mid-delivery, a new process delivers every message exactly once', async () => {
    const { db, file, clock, mailer, sink } = await setup();
    for (const to of ['one@example.com', 'two@example.com', 'three@example.com']) {
      enqueueMail({ db, clock, env }, message(to));
    }
    // The first process claims the rows and dies while its relay hangs.
    const stuck: Mailer = {
      send: () => new Promise(() => undefined),
      close: async () => undefined,
    };
    const crashed = new MailOutboxWorker({ secret, db, mailer: stuck, clock, logger });
    void crashed.drain();
    await new Promise((resolve) => setImmediate(resolve));
    expect(listOutbox({ db, env }).map((mail) => mail.status)).toEqual([
      'sending',
      'sending',
      'sending',
    ]);

    // The restarted process opens the same file.
    const db2 = openDatabase(file);
    cleanups.push(() => {
      db2.close();
    });
    const restarted = new MailOutboxWorker({
      secret,
      db: db2,
      mailer,
      clock,
      logger,
      pollIntervalMs: 60_000,
    });
    restarted.start();
    cleanups.push(() => restarted.stop());
    await sink.waitForMessages(3);
    await restarted.drain();
    await restarted.drain();
    expect(sink.messages.map((m) => m.to[0]).sort()).toEqual([
      'one@example.com',
      'three@example.com',
      'two@example.com',
    ]);
    expect(new Set(sink.messages.map((m) => m.messageId)).size).toBe(3);
    expect(listOutbox({ db: db2, env }).every((mail) => mail.status === 'sent')).toBe(true);
  });

  it('takes back a row whose claim expired without a restart', async () => {
    const { db, clock, mailer, sink } = await setup();
    enqueueMail({ db, clock, env }, message('lease@example.com'));
    const stuck: Mailer = {
      send: () => new Promise(() => undefined),
      close: async () => undefined,
    };
    void new MailOutboxWorker({
      secret,
      db,
      mailer: stuck,
      clock,
      logger,
      leaseMs: 60_000,
    }).drain();
    await new Promise((resolve) => setImmediate(resolve));

    const other = new MailOutboxWorker({ secret, db, mailer, clock, logger, leaseMs: 60_000 });
    expect((await other.drain()).sent).toBe(0);
    clock.advance(60_000);
    expect((await other.drain()).sent).toBe(1);
    expect(sink.messagesTo('lease@example.com')).toHaveLength(1);
  });

  it('gives up after maxAttempts temporary failures without calling the bounce hook', async () => {
    const { db, clock, mailer, sink } = await setup();
    sink.respond('*', '421');
    const bounced: string[] = [];
    const worker = new MailOutboxWorker({
      secret,
      db,
      mailer,
      clock,
      logger,
      maxAttempts: 3,
      backoffBaseMs: 1_000,
      onPermanentFailure: (mail) => bounced.push(mail.recipient),
    });
    enqueueMail({ db, clock, env }, message('busy@example.com'));
    const outcomes = [];
    for (let i = 0; i < 3; i += 1) {
      outcomes.push(await worker.drain());
      clock.advance(10_000);
    }
    expect(outcomes.map((o) => (o.retried ? 'retried' : o.failed ? 'failed' : 'none'))).toEqual([
      'retried',
      'retried',
      'failed',
    ]);
    expect(listOutbox({ db, env })[0]).toMatchObject({ status: 'failed', attempts: 3 });
    expect(listOutbox({ db, env })[0]?.lastError).toMatch(/421/);
    expect(bounced).toEqual([]);
  });

  it('logs why a mail could not go, at warn level, without the address in full', async () => {
    const { db, clock, sink } = await setup();
    const log = capturedLog();
    // A relay that turns the mail away, then one that is not there at all.
    sink.respond('*', '421');
    const relay = new SmtpMailer({ url: sink.url, from: 'site@example.test', timeoutMs: 1_000 });
    const closed = new SmtpMailer({
      url: 'smtp://127.0.0.1:1',
      from: 'site@example.test',
      timeoutMs: 1_000,
    });
    cleanups.push(
      () => relay.close(),
      () => closed.close(),
    );
    enqueueMail({ db, clock, env }, message('reader.name@example.com'));
    for (const mailer of [relay, closed]) {
      const worker = new MailOutboxWorker({ secret, db, mailer, clock, logger: log.logger });
      expect(await worker.drain()).toMatchObject({ retried: 1 });
      clock.advance(60 * 60_000);
    }
    const lines = log
      .text()
      .trim()
      .split('\n')
      .map(
        (line) => JSON.parse(line) as { level: number; msg: string; reason?: string; to?: string },
      );
    const retries = lines.filter((line) => line.msg === 'mail outbox: will retry');
    expect(retries).toHaveLength(2);
    expect(retries.every((line) => line.level === 40)).toBe(true);
    expect(retries[0]!.reason).toMatch(/421/);
    expect(retries[1]!.reason).toMatch(/ECONNREFUSED/);
    expect(retries[0]!.to).toBe('r…@example.com');
    expect(log.text()).not.toContain('reader.name@');
  });

  it('calls the bounce hook once for a permanent failure', async () => {
    const { db, clock, mailer, sink } = await setup();
    sink.respond('nobody@example.com', '550');
    const bounced: string[] = [];
    const worker = new MailOutboxWorker({
      secret,
      db,
      mailer,
      clock,
      logger,
      onPermanentFailure: (mail) => bounced.push(mail.recipient),
    });
    enqueueMail({ db, clock, env }, message('nobody@example.com'));
    enqueueMail({ db, clock, env }, message('somebody@example.com'));
    expect(await worker.drain()).toEqual({ sent: 1, retried: 0, failed: 1 });
    clock.advance(24 * 60 * 60_000);
    expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(bounced).toEqual(['nobody@example.com']);
  });

  it('keeps bodies sealed at rest and wipes them once delivered or given up', async () => {
    const { db, clock, mailer, sink } = await setup();
    const secretText = 'sign in with https://example.test/link?token=SECRET-TOKEN-123';
    enqueueMail({ db, clock, env }, { ...message('ok@example.com'), text: secretText });
    enqueueMail({ db, clock, env }, { ...message('dead@example.com'), text: secretText });
    const stored = db.prepare('SELECT body FROM mail_outbox').pluck().all() as Buffer[];
    expect(stored.every((body) => !body.toString('latin1').includes('SECRET-TOKEN'))).toBe(true);
    expect(listOutbox({ db, env })[0]?.body?.text).toBe(secretText);

    sink.respond('dead@example.com', '550');
    await new MailOutboxWorker({ secret, db, mailer, clock, logger }).drain();
    expect(sink.messagesTo('ok@example.com')[0]?.text.trim()).toBe(secretText);
    expect(
      db.prepare('SELECT recipient, status, body, subject FROM mail_outbox ORDER BY id').all(),
    ).toEqual([
      { recipient: 'ok@example.com', status: 'sent', body: null, subject: 'Hello ok@example.com' },
      {
        recipient: 'dead@example.com',
        status: 'failed',
        body: null,
        subject: 'Hello dead@example.com',
      },
    ]);
  });

  it('a body sealed under another SESSION_SECRET fails at once, logged, and is never sent', async () => {
    const { db, clock, mailer, sink } = await setup();
    enqueueMail({ db, clock, env }, message('moved@example.com'));
    const worker = new MailOutboxWorker({
      secret: 'a-different-secret-of-at-least-32-characters',
      db,
      mailer,
      clock,
      logger,
    });
    expect(await worker.drain()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(sink.messages).toEqual([]);
    expect(listOutbox({ db, env })[0]).toMatchObject({ status: 'failed', body: null });
  });

  it('prunes rows 30 days after they were sent or given up, keeping newer ones', async () => {
    const { db, clock, mailer } = await setup();
    const worker = new MailOutboxWorker({ secret, db, mailer, clock, logger });
    enqueueMail({ db, clock, env }, message('old@example.com'));
    await worker.drain();
    clock.advance(29 * 24 * 60 * 60_000);
    enqueueMail({ db, clock, env }, message('new@example.com'));
    await worker.drain();
    expect(listOutbox({ db, env })).toHaveLength(2);
    clock.advance(2 * 24 * 60 * 60_000);
    await worker.drain();
    expect(listOutbox({ db, env }).map((mail) => [mail.recipient, mail.status])).toEqual([
      ['new@example.com', 'sent'],
    ]);
  });
});
