/**
 * A newsletter sender in a process of its own, for the crash test: it delivers one issue from a
 * SQLite file to an SMTP URL and prints its result as JSON. The test kills it with SIGKILL
 * mid-send and starts another.
 *
 *   node --import tsx newsletter-sender-process.ts <db-file> <smtp-url> <issue-id> [rate] [batch]
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNewsletterSender } from '../app.js';
import { systemClock } from '../clock.js';
import { openDatabase } from '../db/connection.js';
import { loadEnv } from '../env.js';
import { createLogger } from '../logger.js';
import { SmtpMailer } from '../mail/smtp-mailer.js';

export const SENDER_PROCESS_FROM = 'Rowan Ellis <newsletter@example.test>';

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
const [file, smtpUrl, issueText, rate = '100', batch = '20'] = process.argv.slice(2);
if (isMain && file && smtpUrl && issueText) {
  const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MAIL_FROM: SENDER_PROCESS_FROM });
  const logger = createLogger(env.LOG_LEVEL);
  const db = openDatabase(file);
  const mailer = new SmtpMailer({ url: smtpUrl, from: env.MAIL_FROM, timeoutMs: 2_000 });
  const sender = createNewsletterSender(
    { env, db, clock: systemClock, logger, mailer },
    { ratePerSecond: Number(rate), batchSize: Number(batch), concurrency: 4 },
  );
  process.stdout.write(`${JSON.stringify({ ready: true, pid: process.pid })}\n`);
  const result = await sender.runIssue(Number(issueText));
  await mailer.close();
  db.close();
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
