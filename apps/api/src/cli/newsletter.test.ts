import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../clock.js';
import { createLogger } from '../logger.js';
import { syncContent } from '../modules/content/sync.js';
import { newsletterContent, readers, seedSubscribers } from '../test-support/newsletter.js';
import { startSmtpSink } from '../test-support/smtp-sink.js';
import { createTempDatabase } from '../test-support/test-app.js';

const run = promisify(execFile);
const CLI = fileURLToPath(new URL('./newsletter.ts', import.meta.url));

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('pnpm newsletter', () => {
  it('sends a post to every subscriber from the terminal, and refuses to send it twice', async () => {
    const database = createTempDatabase();
    cleanups.push(() => database.cleanup());
    const content = newsletterContent();
    cleanups.push(() => content.cleanup());
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    syncContent(database.db, content.dir, systemClock, createLogger('silent'));
    seedSubscribers(database.db, readers(25));

    // Only what the CLI needs: it reads its configuration like the server does.
    const env = {
      NODE_ENV: 'test',
      DATABASE_PATH: database.file,
      CONTENT_DIR: content.dir,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Rowan Ellis <newsletter@example.test>',
      NEWSLETTER_RATE_PER_SECOND: '0',
    };
    const cli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', CLI, ...args], { env });

    const { stdout } = await cli('send', 'tiny-tools');
    expect(stdout).toMatch(/#1 sent +post\/tiny-tools {2}sent 25\/25, queued 0/);
    expect(stdout).toMatch(/^sent in [\d.]+ s/m);
    expect(sink.messages).toHaveLength(25);
    expect(new Set(sink.messages.flatMap((mail) => mail.to)).size).toBe(25);

    const again = await cli('send', 'tiny-tools').catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(again).toMatchObject({ code: 1, stderr: expect.stringContaining('was already sent') });
    expect(sink.messages).toHaveLength(25);

    const list = await cli('list');
    expect(list.stdout).toContain('#1 sent');
  });
});
