import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger.js';
import type { MailMessage, Mailer } from './mailer.js';

export interface StoredMail extends MailMessage {
  id: string;
  receivedAt: string;
}

/** Development stand-in for an SMTP relay: keeps every message for /dev/mailbox and prints its links. */
export class DevMailbox implements Mailer {
  readonly messages: StoredMail[] = [];

  constructor(private readonly logger: Logger) {}

  async send(message: MailMessage): Promise<void> {
    const stored = { ...message, id: randomUUID(), receivedAt: new Date().toISOString() };
    this.messages.unshift(stored);
    const links = message.text.match(/https?:\/\/\S+/g) ?? [];
    this.logger.info(
      { to: message.to, subject: message.subject, links },
      'dev mailbox: message received',
    );
  }

  async close(): Promise<void> {}
}
