/**
 * The newsletter from a terminal, against the configured database and SMTP relay:
 *
 *   pnpm newsletter send <slug> [--kind post|journal|poem]   make the issue (or take the draft)
 *                                                            and send it now, with progress
 *   pnpm newsletter list                                     issues and where they stand
 *
 * In the production image (no tsx): `node apps/api/dist/cli/newsletter.js send <slug>`.
 * `send` on an issue that is already sending or paused carries on where it stopped. While the
 * API runs, the two never deliver the same issue at once (each holds a lease on it). Ctrl-C
 * stops after the messages in flight; running the command again resumes.
 */
import '../runtime-check.js';
import { parseArgs } from 'node:util';
import { NEWSLETTER_SOURCE_KINDS, type NewsletterSourceKind } from '@quillpost/domain';
import { createNewsletterSender } from '../app.js';
import { systemClock } from '../clock.js';
import { openDatabase } from '../db/connection.js';
import { upgradeDatabase } from '../db/upgrade.js';
import { loadEnv, type Env } from '../env.js';
import { createLogger } from '../logger.js';
import { createMailer } from '../mail/create-mailer.js';
import { syncContent } from '../modules/content/index.js';
import {
  createIssue,
  findIssue,
  findIssueForContent,
  listIssueRows,
  type NewsletterDeps,
  progressOf,
  publishedItem,
  reportOf,
  resume,
  send,
} from '../modules/newsletter/index.js';
import { DomainError } from '../domain-error.js';
import { AppError } from '../http/errors.js';

const USAGE = `Usage:
  pnpm newsletter send <slug> [--kind post|journal|poem]
  pnpm newsletter list`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { kind: { type: 'string', default: 'post' }, help: { type: 'boolean', short: 'h' } },
});
const [command, slug] = positionals;
if (values.help || !command) fail(USAGE, values.help ? 0 : 1);
if (!(NEWSLETTER_SOURCE_KINDS as readonly string[]).includes(values.kind)) fail(USAGE);
const kind = values.kind as NewsletterSourceKind;

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  fail((error as Error).message);
}
// Progress goes to the terminal; the logger only speaks up for problems.
const logger = createLogger('warn');
const db = openDatabase(env.DATABASE_PATH);
const upgrade = await upgradeDatabase(db, { env, clock: systemClock });
if (upgrade.backup) console.warn(`Backup before migrating: ${upgrade.backup.file}`);
for (const { name, notes } of upgrade.applied) {
  for (const note of notes) console.warn(`${name}: ${note}`);
}
syncContent(db, env.CONTENT_DIR, systemClock, logger);
const mailer = createMailer(env, logger, {
  maxConnections: env.NEWSLETTER_CONCURRENCY,
  thread: true,
});
const deps: NewsletterDeps = { db, clock: systemClock, logger, mailer, env };

const line = (id: number) => {
  const issue = findIssue(db, id)!;
  const p = progressOf(db, issue);
  return `#${issue.id} ${issue.status.padEnd(9)} ${issue.kind}/${issue.slug}  sent ${p.sent}/${p.total}, queued ${p.queued}, failed ${p.failed}, bounced ${p.bounced}, skipped ${p.skipped}, uncertain ${p.uncertain}, unsubscribed since ${p.unsubscribedSince}`;
};

async function sendCommand(): Promise<number> {
  if (!slug) fail(USAGE);
  if (!env.SMTP_URL) {
    console.warn(
      'SMTP_URL is not set: messages only go to this process’s development mailbox log.',
    );
  }
  const item = publishedItem(db, kind, slug, new Date().toISOString());
  if (!item) fail(`No published ${kind} with the slug "${slug}".`);
  let issue = findIssueForContent(db, item.id) ?? createIssue(deps, { kind, slug }, null);
  if (issue.status === 'sent') fail(`Issue #${issue.id} for "${slug}" was already sent.`);
  if (issue.status === 'draft' || issue.status === 'scheduled') issue = send(deps, issue.id, null);
  if (issue.status === 'paused') {
    console.log(
      `Issue #${issue.id} was paused (${issue.pause_reason ?? 'no reason given'}); resuming.`,
    );
    issue = resume(deps, issue.id);
  }

  const sender = createNewsletterSender({ env, db, clock: systemClock, logger, mailer });
  let stopping = false;
  process.on('SIGINT', () => {
    if (stopping) process.exit(130);
    stopping = true;
    console.log('\nStopping after the messages in flight; run the same command to resume.');
    void sender.stop();
  });
  const id = issue.id;
  const ticker = setInterval(() => console.log(line(id)), 1_000);
  const started = Date.now();
  const result = await sender.runIssue(id);
  clearInterval(ticker);
  if (result.status === 'leased') {
    fail(
      `Issue #${id} is being delivered by another process (the API?). Its progress:\n${line(id)}`,
    );
  }
  console.log(line(id));
  const done = findIssue(db, id)!;
  const report = reportOf(db, done);
  console.log(
    `${done.status} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (report.messagesPerSecond ? ` (${report.messagesPerSecond} messages/s)` : ''),
  );
  if (done.pause_reason) console.log(`Paused: ${done.pause_reason}`);
  for (const problem of report.problems) {
    console.log(`  ${problem.status.padEnd(9)} ${problem.email}  ${problem.error ?? ''}`);
  }
  const uncertain = progressOf(db, done).uncertain;
  if (uncertain) {
    console.log(
      `${uncertain} recipients are uncertain (a send was cut off); resolve them in the console.`,
    );
  }
  return done.status === 'sent' ? 0 : 2;
}

function listCommand(): number {
  const rows = listIssueRows(db);
  if (!rows.length) console.log('No newsletter issues yet.');
  for (const row of rows) console.log(line(row.id));
  return 0;
}

let exitCode = 1;
try {
  if (command === 'send') exitCode = await sendCommand();
  else if (command === 'list') exitCode = listCommand();
  else fail(USAGE);
} catch (error) {
  if (error instanceof AppError || error instanceof DomainError) fail(error.message);
  throw error;
} finally {
  await mailer.close();
  db.close();
}
process.exit(exitCode);
