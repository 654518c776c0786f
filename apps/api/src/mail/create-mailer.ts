import type { Env } from '../env.js';
import type { Logger } from '../logger.js';
import { DevMailbox } from './dev-mailbox.js';
import type { Mailer } from './mailer.js';
import { SmtpMailer, type DkimOptions } from './smtp-mailer.js';
import { ThreadedMailer } from './threaded-mailer.js';

/** How outgoing mail is signed: DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY, all or none. */
export function dkimOf(env: Env): DkimOptions | undefined {
  return env.DKIM_DOMAIN && env.DKIM_SELECTOR && env.DKIM_PRIVATE_KEY
    ? {
        domainName: env.DKIM_DOMAIN,
        keySelector: env.DKIM_SELECTOR,
        // A PEM in one env line usually has its line breaks written as \n.
        privateKey: env.DKIM_PRIVATE_KEY.replace(/\\n/g, '\n'),
      }
    : undefined;
}

/** SMTP when SMTP_URL is set; otherwise the development mailbox (production requires SMTP_URL). */
export function createMailer(
  env: Env,
  logger: Logger,
  options: {
    maxConnections?: number;
    /** On a worker thread of its own (ThreadedMailer): for bulk mail, off the event loop. */
    thread?: boolean;
  } = {},
): Mailer {
  if (!env.SMTP_URL) return new DevMailbox(logger);
  const { thread, ...pool } = options;
  const smtp = { url: env.SMTP_URL, from: env.MAIL_FROM, dkim: dkimOf(env), ...pool };
  return thread ? new ThreadedMailer(smtp) : new SmtpMailer(smtp);
}
