import { BRAND_LIGHT } from '@quillpost/domain';
import { generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import { createNewsletterSender } from '../../app.js';
import { loadEnv } from '../../env.js';
import { createLogger } from '../../logger.js';
import { createMailer } from '../../mail/create-mailer.js';
import {
  createNewsletterApp,
  readers,
  seedSubscribers,
  type NewsletterApp,
} from '../../test-support/newsletter.js';
import { startSmtpSink } from '../../test-support/smtp-sink.js';
import { newsletterMessage, renderIssue } from './compose.js';
import { cancel, createIssue, issueDetail, send } from './service.js';

const open: NewsletterApp[] = [];
const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const t of open.splice(0)) await t.close();
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

async function startedIssue(
  count: number,
  options: Parameters<typeof createNewsletterApp>[0] = {},
) {
  const t = await createNewsletterApp(options);
  open.push(t);
  seedSubscribers(t.deps.db, readers(count));
  const issue = createIssue(t.deps, { kind: 'post', slug: 'tiny-tools' }, null);
  send(t.deps, issue.id, null);
  const holdBy = (owner: string, untilMs: number) =>
    t.deps.db
      .prepare('UPDATE newsletter_issues SET lease_owner = ?, lease_until = ? WHERE id = ?')
      .run(owner, new Date(untilMs).toISOString(), issue.id);
  return { t, id: issue.id, holdBy };
}

describe('who delivers an issue', () => {
  it('leaves an issue alone while another live process holds it, and takes it once the lease runs out', async () => {
    const { t, id, holdBy } = await startedIssue(5);
    holdBy('another-host|4242|abcd1234', t.clock.now() + 60_000);

    expect(await t.sender.drain()).toEqual([expect.objectContaining({ status: 'leased' })]);
    expect(t.sink.messages).toHaveLength(0);

    t.clock.advance(60_000);
    expect(await t.sender.drain()).toEqual([expect.objectContaining({ status: 'sent', sent: 5 })]);
    expect(t.sink.messages).toHaveLength(5);
    const lease = t.deps.db
      .prepare('SELECT lease_owner, lease_until FROM newsletter_issues WHERE id = ?')
      .get(id);
    expect(lease).toEqual({ lease_owner: null, lease_until: null });
  });

  it('takes an issue over at once from a process of this machine that is gone', async () => {
    const { t, holdBy } = await startedIssue(3);
    holdBy(`${os.hostname()}|99999999|deadbeef`, t.clock.now() + 60_000);
    expect(await t.sender.drain()).toEqual([expect.objectContaining({ status: 'sent', sent: 3 })]);
  });

  it('never lets two senders of one process share an issue', async () => {
    const { t, holdBy } = await startedIssue(3);
    const other = createNewsletterSender(t.deps, { ratePerSecond: 0 });
    holdBy(other.owner, t.clock.now() + 60_000);
    expect(await t.sender.drain()).toEqual([expect.objectContaining({ status: 'leased' })]);
    expect(await other.drain()).toEqual([expect.objectContaining({ status: 'sent', sent: 3 })]);
  });
});

describe('stopping a send', () => {
  it('cancels mid-send: the rest are skipped and nothing more goes out', async () => {
    const { t, id } = await startedIssue(30, { sender: { batchSize: 10, concurrency: 1 } });
    // Cancel from "the console" as soon as the first mail has left.
    const cancelAfterFirst = t.sink.waitForMessages(1).then(() => cancel(t.deps, id));
    await t.sender.drain();
    await cancelAfterFirst;
    const sent = t.sink.messages.length;
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(30);
    const { issue } = issueDetail(t.deps, id);
    expect(issue.status).toBe('cancelled');
    expect(issue.progress).toMatchObject({ total: 30, sent, skipped: 30 - sent, queued: 0 });
    await t.sender.drain();
    expect(t.sink.messages).toHaveLength(sent);
  });
});

describe('DKIM', () => {
  it('signs newsletter mail with the DKIM_* key through nodemailer', async () => {
    const sink = await startSmtpSink();
    cleanups.push(() => sink.close());
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const env = loadEnv({
      NODE_ENV: 'test',
      SMTP_URL: sink.url,
      MAIL_FROM: 'Rowan Ellis <news@example.com>',
      DKIM_DOMAIN: 'example.com',
      DKIM_SELECTOR: 'news',
      // As one env line: the PEM's line breaks written as \n.
      DKIM_PRIVATE_KEY: pem.replace(/\n/g, '\\n'),
    });
    const mailer = createMailer(env, createLogger('silent'), { maxConnections: 2 });
    cleanups.push(() => mailer.close());
    const issue = {
      id: 1,
      ...renderIssue(
        env,
        {
          title: 'Signed',
          html: '<p>Hello.</p>',
          excerpt: '',
          section: 'build',
          pageUrl: 'http://localhost:5173/posts/signed',
          date: '2025-06-01T00:00:00.000Z',
          site: {
            title: 'Ada Palmer',
            language: 'en-GB',
            accent: BRAND_LIGHT.accent,
            timezone: 'Europe/London',
          },
        },
        'Signed',
      ),
    };
    await mailer.send(
      newsletterMessage(env, issue, { subscriberId: 1, email: 'ada@example.org', linkKey: 'k' }),
    );
    const [mail] = await sink.waitForMessages(1);
    const signature = mail!.rawHeaders['dkim-signature'];
    expect(signature).toMatch(/\bd=example\.com;/);
    expect(signature).toMatch(/\bs=news;/);
    expect(signature).toMatch(/\bh=[^;]*list-unsubscribe/i);
  });
});
