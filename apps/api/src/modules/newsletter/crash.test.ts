import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createNewsletterSender } from '../../app.js';
import { systemClock } from '../../clock.js';
import { loadEnv } from '../../env.js';
import { createLogger } from '../../logger.js';
import { SmtpMailer } from '../../mail/smtp-mailer.js';
import { syncContent } from '../content/sync.js';
import { readers, seedSubscribers, newsletterContent } from '../../test-support/newsletter.js';
import { SENDER_PROCESS_FROM } from '../../test-support/newsletter-sender-process.js';
import { startSmtpSink, type SmtpSink } from '../../test-support/smtp-sink.js';
import { createTempDatabase, type TempDatabase } from '../../test-support/test-app.js';
import {
  createIssue,
  issueDetail,
  resolveUncertain,
  send,
  type NewsletterDeps,
} from './service.js';

const SCRIPT = fileURLToPath(
  new URL('../../test-support/newsletter-sender-process.ts', import.meta.url),
);
const RECIPIENTS = 200;
const BATCH = 20;

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Starts the sender process; resolves once it is running, with its exit as a promise. */
async function startSenderProcess(database: TempDatabase, sink: SmtpSink, issueId: number) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', SCRIPT, database.file, sink.url, String(issueId), '100', String(BATCH)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  const lines: string[] = [];
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      lines.push(line);
      if (line.includes('"ready"')) resolve();
    });
    void exited.then(() => reject(new Error(`sender process exited early: ${lines.join('\n')}`)));
  });
  return { child, exited, lines };
}

describe('a crash in the middle of a send', () => {
  it('resumes after SIGKILL: every remaining mail exactly once, none twice, and the cut-off batch reported instead of resent', async () => {
    const database = createTempDatabase();
    cleanups.push(() => database.cleanup());
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', MAIL_FROM: SENDER_PROCESS_FROM });
    const logger = createLogger('silent');
    const content = newsletterContent();
    cleanups.push(() => content.cleanup());
    syncContent(database.db, content.dir, systemClock, logger);
    seedSubscribers(database.db, readers(RECIPIENTS));
    const mailer = new SmtpMailer({ url: sink.url, from: env.MAIL_FROM });
    cleanups.push(() => mailer.close());
    const deps: NewsletterDeps = { db: database.db, clock: systemClock, logger, mailer, env };
    const issue = createIssue(deps, { kind: 'post', slug: 'tiny-tools' }, null);
    send(deps, issue.id, null);

    // First run: killed with SIGKILL in the middle of its third batch.
    const first = await startSenderProcess(database, sink, issue.id);
    await sink.waitForMessages(2 * BATCH + BATCH / 2, 20_000);
    first.child.kill('SIGKILL');
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
    const beforeRestart = sink.messages.length;
    expect(beforeRestart).toBeLessThan(RECIPIENTS);

    // Restart: a new process takes the issue over at once (the old pid is gone).
    const second = await startSenderProcess(database, sink, issue.id);
    expect(await second.exited).toMatchObject({ code: 0 });
    const result = JSON.parse(second.lines.at(-1)!) as { status: string; uncertain: number };
    expect(result.status).toBe('sent');

    // None twice: every Message-ID arrived once.
    const ids = sink.messages.map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);

    const { issue: after } = issueDetail(deps, issue.id);
    expect(after.uncertainBatches).toHaveLength(1);
    const uncertain = after.uncertainBatches[0]!.recipients;
    expect(uncertain).toBeGreaterThan(0);
    expect(uncertain).toBeLessThanOrEqual(BATCH);
    expect(result.uncertain).toBe(uncertain);
    expect(after.progress).toMatchObject({
      total: RECIPIENTS,
      sent: RECIPIENTS - uncertain,
      uncertain,
    });

    // Every recipient with a known outcome got exactly one mail; an uncertain one at most one.
    const rows = database.db
      .prepare('SELECT email, status FROM newsletter_recipients WHERE issue_id = ?')
      .all(issue.id) as Array<{ email: string; status: string }>;
    for (const row of rows) {
      const count = sink.messagesTo(row.email).length;
      if (row.status === 'sent') expect(count, row.email).toBe(1);
      else expect(count, row.email).toBeLessThanOrEqual(1);
    }

    // The owner chooses to resend the uncertain batch: the missing ones arrive, with the same
    // Message-ID as any copy that did get through before the crash.
    resolveUncertain(deps, issue.id, 'resend');
    const sender = createNewsletterSender(
      { env, db: database.db, clock: systemClock, logger, mailer },
      { ratePerSecond: 0 },
    );
    await sender.runIssue(issue.id);
    const { issue: resolved } = issueDetail(deps, issue.id);
    expect(resolved).toMatchObject({ status: 'sent', uncertainBatches: [] });
    expect(resolved.progress).toMatchObject({ sent: RECIPIENTS, uncertain: 0 });
    for (const row of rows) expect(sink.messagesTo(row.email).length).toBeGreaterThanOrEqual(1);
    const byRecipient = new Map<string, Set<string | undefined>>();
    for (const mail of sink.messages) {
      const seen = byRecipient.get(mail.to[0]!) ?? new Set();
      byRecipient.set(mail.to[0]!, seen.add(mail.messageId));
    }
    for (const seen of byRecipient.values()) expect(seen.size).toBe(1);
  });
});
