import type { Env } from '../env.js';
import type { Logger } from '../logger.js';
import { DevMailbox } from './dev-mailbox.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** SMTP when SMTP_URL is set; otherwise the development mailbox (production requires SMTP_URL). */
export function createMailer(
  env: Env,
  logger: Logger,
  options: { maxConnections?: number } = {},
): Mailer {
  if (!env.SMTP_URL) return new DevMailbox(logger);
  const dkim =
    env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
      ? {
          domainName: env.DKIM_DOMAIN,
          keySelector: env.DKIM_SELECTOR,
          // A PEM in one env line usually has its line breaks written as \n.
          privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
        }
      : undefined;
  return new SmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM, dkim, ...options });
}
