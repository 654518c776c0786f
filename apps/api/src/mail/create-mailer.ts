import type { Env } from '../env.js';
import type { Logger } from '../logger.js';
import { DevMailbox } from './dev-mailbox.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** SMTP when SMTP_URL is set; otherwise the development mailbox (production requires SMTP_URL). */
export function createMailer(env: Env, logger: Logger): Mailer {
  if (!env.SMTP_URL) return new DevMailbox(logger);
  const dkim =
    env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
      ? {
          domainName: env.DKIM_DOMAIN,
          keySelector: env.DKIM_SELECTOR,
          privateKey: env.DKIM_PRIVATE_KEY,
        }
      : undefined;
  return new SmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM, dkim });
}
