import { randomBytes } from 'node:crypto';
import { DEFAULT_NEWSLETTER_PREFERENCES, type NewsletterPreferences } from '@quillpost/domain';
import { createNewsletterSender } from '../app.js';
import type { Db } from '../db/connection.js';
import { inTransaction } from '../db/statements.js';
import { syncContent } from '../modules/content/index.js';
import type { NewsletterSenderOptions } from '../modules/newsletter/index.js';
import { signInWithMagicLink } from './auth.js';
import { createContentFolder, markdown, post } from './content.js';
import { createMailingApp } from './mailing-app.js';

export const ADMIN_EMAIL = 'owner@example.test';

export interface SeededSubscriber {
  email: string;
  status?: 'pending' | 'active' | 'unsubscribed';
  verified?: boolean;
  bounced?: boolean;
  preferences?: Partial<NewsletterPreferences>;
}

/**
 * Writes subscribers straight into the table, as confirmed people (unless told otherwise):
 * hundreds of them through the subscribe form would spend the test on rate limits and mail.
 */
export function seedSubscribers(
  db: Db,
  subscribers: SeededSubscriber[],
  at = '2025-12-01T00:00:00.000Z',
) {
  const insert = db.prepare(
    `INSERT INTO subscriptions (email, name, status, verified, wants_account, preferences, link_key,
       subscribed_at, verified_at, bounced_at, created_at, updated_at)
     VALUES (?, NULL, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?)`,
  );
  inTransaction(db, () => {
    for (const subscriber of subscribers) {
      const verified = subscriber.verified ?? subscriber.status !== 'pending';
      insert.run(
        subscriber.email,
        subscriber.status ?? 'active',
        verified ? 1 : 0,
        JSON.stringify({ ...DEFAULT_NEWSLETTER_PREFERENCES, ...subscriber.preferences }),
        randomBytes(16).toString('base64url'),
        at,
        verified ? at : null,
        subscriber.bounced ? at : null,
        at,
        at,
      );
    }
  });
}

/** `count` active, verified subscribers reader-0001@example.test ... */
export function readers(count: number, prefix = 'reader'): SeededSubscriber[] {
  return Array.from({ length: count }, (_, i) => ({
    email: `${prefix}-${String(i + 1).padStart(4, '0')}@example.test`,
  }));
}

/** A content folder with one post per section it needs, a journal entry and a poem. */
export function newsletterContent() {
  return createContentFolder({
    'posts/tiny-tools.md': post('Why I keep a folder of tiny tools', {
      category: 'build',
      body: [
        'There is a folder on my laptop called `~/bin/small`. Read [the start page](/start) first.',
        '',
        '## What lives in there',
        '',
        '- `today` opens a note',
        '- `quiet` mutes things',
        '',
        '```bash',
        'echo "hello"',
        '```',
      ].join('\n'),
    }),
    'posts/reading-slowly.md': post('Reading slowly', { category: 'learn', date: '2025-07-01' }),
    'posts/cutting.md': post('Cutting the sentence you love', {
      category: 'write',
      date: '2025-08-01',
    }),
    'journal/2025-09-01-a-walk.md': markdown(
      'title: A walk\ndate: 2025-09-01',
      'Walked to the river and back.',
    ),
  });
}

/**
 * The mailing app (temp DB, SMTP sink) with content synced, a newsletter sender on the sink and
 * a signed-in owner. The sender runs only when the test calls `drain()`.
 */
export async function createNewsletterApp(
  options: { env?: Record<string, string>; sender?: Partial<NewsletterSenderOptions> } = {},
) {
  const t = await createMailingApp({ env: { ADMIN_EMAILS: ADMIN_EMAIL, ...options.env } });
  const content = newsletterContent();
  syncContent(t.deps.db, content.dir, t.clock, t.deps.logger);
  const sender = createNewsletterSender(t.deps, {
    ratePerSecond: 0,
    retryBaseMs: 60_000,
    batchSize: 50,
    ...options.sender,
  });
  const adminCookie = await signInWithMagicLink(t.app, t.deps, ADMIN_EMAIL);
  return {
    ...t,
    sender,
    adminCookie,
    async close() {
      await sender.stop();
      await t.close();
      content.cleanup();
    },
  };
}

export type NewsletterApp = Awaited<ReturnType<typeof createNewsletterApp>>;
