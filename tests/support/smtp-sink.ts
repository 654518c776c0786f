import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  headers: ParsedMail['headers'];
}

/** A real SMTP server on a loopback port that keeps every message it receives. */
export async function startSmtpSink() {
  const messages: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          for (const recipient of session.envelope.rcptTo) {
            messages.push({
              to: recipient.address,
              subject: mail.subject ?? '',
              html: typeof mail.html === 'string' ? mail.html : '',
              text: mail.text ?? '',
              headers: mail.headers,
            });
          }
          waiters.splice(0).forEach((wake) => wake());
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    /** Resolves with the first message to `to` matching `subject`, waiting up to `timeoutMs`. */
    async waitFor(to: string, subject: RegExp, timeoutMs = 15_000): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((mail) => mail.to === to && subject.test(mail.subject));
        if (found) return found;
        const remaining = deadline - Date.now();
        if (remaining <= 0) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a mail's text part that contains `fragment`. */
export function linkIn(mail: ReceivedMail, fragment: string): string {
  const link = mail.text.match(/https?:\/\/[^\s>)\]]+/g)?.find((url) => url.includes(fragment));
  if (!link) throw new Error(`No link containing ${fragment} in mail "${mail.subject}"`);
  return link;
}
