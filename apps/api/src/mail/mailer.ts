/** What every part of the API hands to the mail layer; it never sees nodemailer directly. */
export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per logical message so a retried delivery is recognisable as the same mail. */
  messageId?: string;
  headers?: Record<string, string>;
  /** The From header's display name (site.yml's newsletter.from_name); the address is MAIL_FROM's. */
  fromName?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

/** Thrown by a Mailer when delivery fails; `permanent` failures (SMTP 5xx) must not be retried. */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}
