import net from 'node:net';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { MailDeliveryError, type MailMessage, type Mailer } from './mailer.js';
import { senderOf } from './sender.js';

export interface SmtpMailerOptions {
  url: string;
  from: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** Connect, greeting and socket timeouts; a relay that never answers must not hold mail forever. */
  timeoutMs?: number;
  /** SMTP connections in the pool (default 5); the newsletter's pool matches its concurrency. */
  maxConnections?: number;
}

/** Host, port, TLS and credentials of an `smtp://` or `smtps://user:pass@host:port` URL. */
function connectionOptions(url: string, timeoutMs: number): SMTPTransport.Options {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  const port = parsed.port ? Number(parsed.port) : secure ? 465 : 587;
  return {
    host,
    port,
    secure,
    ...(parsed.username
      ? {
          auth: {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          },
        }
      : {}),
    // nodemailer leaves Nagle on, so the end of every DATA waits for the relay's delayed ACK
    // (~40 ms a message). We open the TCP connection ourselves with TCP_NODELAY; nodemailer
    // still does the TLS (smtps), STARTTLS and the SMTP conversation on it.
    getSocket: (_options, callback) => {
      let settled = false;
      const socket = net.connect({ host, port, noDelay: true });
      const fail = (error: Error) => {
        if (settled) return;
        settled = true;
        socket.destroy();
        callback(error, undefined);
      };
      socket.setTimeout(timeoutMs, () =>
        fail(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' })),
      );
      socket.once('error', fail);
      socket.once('connect', () => {
        if (settled) return;
        settled = true;
        socket.setTimeout(0);
        socket.off('error', fail);
        callback(null, { connection: socket });
      });
    },
  };
}

export type DkimOptions = NonNullable<SmtpMailerOptions['dkim']>;

/** What nodemailer is asked to send for a message: the same for the relay and for a rendering. */
function messageOptions(from: string, message: MailMessage): nodemailer.SendMailOptions {
  return {
    from: senderOf(from, message.fromName),
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    messageId: message.messageId,
    headers: message.headers,
    // Our mail is mostly ASCII; naming the encoding skips nodemailer's per-part detection.
    textEncoding: 'quoted-printable',
  };
}

/**
 * The message as the relay would receive it from SmtpMailer (MIME, DKIM-signed when `dkim` is
 * given), for showing the owner what a receiver sees; nothing is sent.
 */
export async function renderRawMessage(
  from: string,
  dkim: DkimOptions | undefined,
  message: MailMessage,
): Promise<string> {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
    ...(dkim ? { dkim } : {}),
  });
  const info = await transport.sendMail(messageOptions(from, message));
  return (info.message as Buffer).toString('utf8');
}

/** Delivers through an SMTP relay with a connection pool. */
export class SmtpMailer implements Mailer {
  private readonly transport: nodemailer.Transporter<SMTPTransport.SentMessageInfo>;

  constructor(private readonly options: SmtpMailerOptions) {
    const timeout = options.timeoutMs ?? 10_000;
    // Not `{ url }`: nodemailer then ignores every other option (pool, timeouts, DKIM).
    this.transport = nodemailer.createTransport({
      ...connectionOptions(options.url, timeout),
      pool: true,
      maxConnections: options.maxConnections ?? 5,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      ...(options.dkim ? { dkim: options.dkim } : {}),
    } as SMTPTransport.Options);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail(messageOptions(this.options.from, message));
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode;
      const permanent = responseCode !== undefined && responseCode >= 500;
      throw new MailDeliveryError((error as Error).message, permanent, responseCode);
    }
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}
