import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { MailDeliveryError, type MailMessage, type Mailer } from './mailer.js';

export interface SmtpMailerOptions {
  url: string;
  from: string;
  dkim?: { domainName: string; keySelector: string; privateKey: string };
  /** Connect, greeting and socket timeouts; a relay that never answers must not hold mail forever. */
  timeoutMs?: number;
}

/** Host, port, TLS and credentials of an `smtp://` or `smtps://user:pass@host:port` URL. */
function connectionOptions(url: string): SMTPTransport.Options {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    ...(parsed.port ? { port: Number(parsed.port) } : {}),
    secure,
    ...(parsed.username
      ? {
          auth: {
            user: decodeURIComponent(parsed.username),
            pass: decodeURIComponent(parsed.password),
          },
        }
      : {}),
  };
}

/** Delivers through an SMTP relay with a connection pool. */
export class SmtpMailer implements Mailer {
  private readonly transport: nodemailer.Transporter<SMTPTransport.SentMessageInfo>;

  constructor(private readonly options: SmtpMailerOptions) {
    const timeout = options.timeoutMs ?? 10_000;
    // Not `{ url }`: nodemailer then ignores every other option (pool, timeouts, DKIM).
    this.transport = nodemailer.createTransport({
      ...connectionOptions(options.url),
      pool: true,
      maxConnections: 5,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      ...(options.dkim ? { dkim: options.dkim } : {}),
    } as SMTPTransport.Options);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        html: message.html,
        text: message.text,
        messageId: message.messageId,
        headers: message.headers,
      });
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
