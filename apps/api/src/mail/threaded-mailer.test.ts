import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../test-support/smtp-sink.js';
import { MailDeliveryError } from './mailer.js';
import { ThreadedMailer } from './threaded-mailer.js';

let sink: SmtpSink | undefined;
let mailer: ThreadedMailer | undefined;
afterEach(async () => {
  await mailer?.close();
  await sink?.close();
});

const message = (to: string) => ({
  to,
  subject: 'Hello',
  html: '<p>Hello</p>',
  text: 'Hello',
  messageId: `<${to.split('@')[0]}@example.test>`,
  headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
});

describe('ThreadedMailer', () => {
  it('delivers through SMTP from a worker thread and reports failures as the SMTP mailer does', async () => {
    sink = await startSmtpSink();
    sink.respond('gone@example.test', '550');
    sink.respond('busy@example.test', '421');
    mailer = new ThreadedMailer({
      url: sink.url,
      from: 'Rowan Ellis <news@example.test>',
      timeoutMs: 2_000,
    });

    await mailer.send(message('ada@example.test'));
    const [mail] = await sink.waitForMessages(1);
    expect(mail).toMatchObject({ to: ['ada@example.test'], messageId: '<ada@example.test>' });
    expect(mail!.rawHeaders.from).toBe('Rowan Ellis <news@example.test>');
    expect(mail!.rawHeaders['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const refused = await mailer
      .send(message('gone@example.test'))
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(MailDeliveryError);
    expect(refused).toMatchObject({ permanent: true, responseCode: 550 });
    const busy = await mailer.send(message('busy@example.test')).catch((error: unknown) => error);
    expect(busy).toMatchObject({ permanent: false, responseCode: 421 });

    await mailer.close();
    await expect(mailer.send(message('late@example.test'))).rejects.toThrow('closed');
    mailer = undefined;
  });
});

describe('ThreadedMailer after its thread dies', () => {
  it('fails the messages in flight as temporary and starts a new thread for the next', async () => {
    sink = await startSmtpSink();
    sink.respond('slow@example.test', 'hang');
    mailer = new ThreadedMailer({ url: sink.url, from: 'news@example.test', timeoutMs: 5_000 });
    const inFlight = mailer.send(message('slow@example.test')).catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await (mailer as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    expect(await inFlight).toMatchObject({ permanent: false, message: 'SMTP thread stopped' });

    await mailer.send(message('ada@example.test'));
    expect(sink.messagesTo('ada@example.test')).toHaveLength(1);
  });
});
