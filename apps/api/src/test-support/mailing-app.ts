import { Writable } from 'node:stream';
import { pino } from 'pino';
import { SmtpMailer } from '../mail/smtp-mailer.js';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink.js';
import { createTestApp } from './test-app.js';

/** The app on a temp database, delivering through SMTP to a real sink on a loopback port. */
export async function createMailingApp(
  options: { env?: Record<string, string>; smtpTimeoutMs?: number } = {},
) {
  const sink = await startSmtpSink();
  const logLines: string[] = [];
  const logger = pino(
    { level: 'info', base: undefined },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  );
  const mailer = new SmtpMailer({
    url: sink.url,
    from: 'Rowan Ellis <newsletter@example.test>',
    timeoutMs: options.smtpTimeoutMs ?? 1_000,
  });
  const test = createTestApp({
    env: { MAIL_FROM: 'Rowan Ellis <newsletter@example.test>', ...options.env },
    deps: { mailer, logger },
  });
  return {
    ...test,
    sink,
    logLines,
    async close() {
      await test.outbox.stop();
      await mailer.close();
      await sink.close();
      await test.cleanup();
    },
  };
}

export function linkIn(mail: ReceivedMail | undefined, pattern: RegExp): URL {
  const link = mail?.links.find((candidate) => pattern.test(candidate));
  if (!link) throw new Error(`no link matching ${pattern} in ${mail?.text}`);
  return new URL(link);
}

/** The verification token from the confirmation mail's button link (`/?verify=`). */
export function verifyTokenIn(mail: ReceivedMail | undefined): string {
  return linkIn(mail, /[?&]verify=/).searchParams.get('verify')!;
}

/** The manage token from a mail's manage link (`/manage?email=&manage=`). */
export function manageTokenIn(mail: ReceivedMail | undefined): string {
  return linkIn(mail, /\/manage\?/).searchParams.get('manage')!;
}

export function unsubscribeLinkIn(mail: ReceivedMail | undefined): URL {
  return linkIn(mail, /\/api\/newsletter\/unsubscribe\//);
}

export type { SmtpSink };
