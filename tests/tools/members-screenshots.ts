/**
 * Screenshots of every members page at 390 px and 1280 px, light and dark, against the
 * production build with seeded data. Run after `pnpm build`:
 *   cd tests && npx tsx tools/members-screenshots.ts [outDir]
 */
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { signInByCode, startStack, uniqueEmail } from '../support/stack.js';

/** Ghost's members CSV, as the import tests read it. */
const GHOST_MEMBERS = path.resolve(
  import.meta.dirname,
  '../../apps/api/src/modules/portability/fixtures/ghost/members.csv',
);

const out = path.resolve(process.argv[2] ?? '/tmp/members-shots');
fs.mkdirSync(out, { recursive: true });
const owner = uniqueEmail('owner');
const MAILGUN_KEY = 'screenshot-mailgun-signing-key';
const stack = await startStack({
  env: { ADMIN_EMAILS: owner, MAILGUN_WEBHOOK_SIGNING_KEY: MAILGUN_KEY },
});

async function api(context: BrowserContext, method: string, url: string, data?: unknown) {
  const response = await context.request.fetch(stack.site.url + url, {
    method,
    headers: { origin: stack.site.url },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok())
    throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<Record<string, unknown>>;
}

try {
  const admin = await stack.browser.newContext();
  await signInByCode(admin, stack, owner);
  const ada = await stack.browser.newContext();
  await signInByCode(ada, stack, uniqueEmail('ada'));
  const bob = await stack.browser.newContext();
  const bobEmail = uniqueEmail('bob');
  await signInByCode(bob, stack, bobEmail);

  await api(admin, 'PUT', '/api/members/profile', {
    name: 'Rowan Ellis',
    bio: 'Writes the posts here.',
    showInDirectory: true,
  });
  await api(ada, 'PUT', '/api/members/profile', {
    name: 'Ada Lovelace',
    bio: 'Notes on engines, looms and the poetry of numbers. Reads everything twice.',
    website: 'https://ada.example',
    showInDirectory: true,
  });
  await api(bob, 'PUT', '/api/members/profile', { name: 'Bob Marlowe', showInDirectory: true });
  await api(admin, 'PUT', '/api/admin/settings', {
    announcement: 'Book club meets on Friday: bring the poem that surprised you most this month.',
  });

  // As a member: the admin's list holds drafts and scheduled posts too.
  const posts = (await (await ada.request.get(stack.site.url + '/api/posts')).json()) as Array<{
    id: string;
    title: string;
  }>;
  for (const post of posts.slice(0, 3))
    await api(admin, 'PUT', `/api/members/bookmarks/${post.id}`);
  const post = posts[0]!;
  const first = (await api(ada, 'POST', `/api/discussions/posts/${post.id}/comments`, {
    body: 'This changed how I keep my notes. The bit about plain text files https://example.com/plain-text is exactly right.',
  })) as { comment: { id: number } };
  await api(bob, 'POST', `/api/discussions/posts/${post.id}/comments`, {
    body: 'Agreed, though I still like paper for first drafts.',
    parentId: first.comment.id,
  });
  const rude = (await api(bob, 'POST', `/api/discussions/posts/${post.id}/comments`, {
    body: 'Anyone who uses a notebook app is wasting their life. Buy my course instead: https://spam.example/course',
  })) as { comment: { id: number } };
  await api(ada, 'POST', `/api/discussions/comments/${rude.comment.id}/reports`, {
    reason: 'Spam link',
  });
  const thread = (await api(ada, 'POST', '/api/discussions', {
    title: 'What are you reading this month?',
    body: 'I am halfway through Middlemarch and taking it slowly. What is on your desk?',
  })) as { thread: { id: number } };
  await api(bob, 'POST', `/api/discussions/threads/${thread.thread.id}/comments`, {
    body: 'A book about bridges. Surprisingly moving.',
  });
  const week = 7 * 86_400_000;
  const local = (ms: number) => new Date(Date.now() + ms).toISOString().slice(0, 16);
  const event = (await api(admin, 'POST', '/api/admin/events', {
    title: 'Reading night: poems that surprised us',
    description: 'Bring one poem. We read aloud, then talk.\nTea provided.',
    startsAt: local(week),
    endsAt: local(week + 2 * 3_600_000),
    timeZone: 'Europe/London',
    location: 'The back room, Larkin Books, 14 Mill Lane',
  })) as { event: { id: number } };
  await api(admin, 'POST', '/api/admin/events', {
    title: 'Online: writing in public, a Q&A',
    startsAt: local(3 * week),
    timeZone: 'America/New_York',
    url: 'https://meet.example/q-and-a',
  });
  await api(ada, 'PUT', `/api/events/${event.event.id}/rsvp`);
  const csv = [
    'email,name,consent,source',
    'reader1@example.com,Reader One,yes,conference',
    'reader2@example.com,Reader Two,,',
    'reader3@example.com,,yes,old list',
  ].join('\n');
  await api(admin, 'POST', '/api/admin/subscribers/import', { csv });
  // Mailgun reports that one of them bounced, so the console shows why.
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = 'screenshot-token-0123456789abcdef';
  await api(admin, 'POST', '/api/mail/webhooks/mailgun', {
    signature: {
      timestamp,
      token,
      signature: createHmac('sha256', MAILGUN_KEY)
        .update(timestamp + token)
        .digest('hex'),
    },
    'event-data': {
      event: 'failed',
      severity: 'permanent',
      recipient: 'reader2@example.com',
      'delivery-status': { code: 550, description: '5.1.1 The email account does not exist' },
    },
  });
  const found = (await api(admin, 'GET', '/api/admin/users?q=Bob')) as {
    items: Array<{ id: number }>;
  };
  await api(admin, 'PUT', `/api/admin/users/${found.items[0]!.id}/role`, { role: 'moderator' });
  // That ended Bob's session; the next one says why on his Account page.
  const bobAgain = await stack.browser.newContext();
  await signInByCode(bobAgain, stack, bobEmail);
  const promoted = await bobAgain.storageState();

  const state = await admin.storageState();
  const pages: Array<[string, string, typeof state?]> = [
    ['dashboard', '/members/dashboard'],
    ['profile', '/members/profile'],
    ['account', '/members/account'],
    ['account-role-notice', '/members/account', promoted],
    ['bookmarks', '/members/bookmarks'],
    ['discussions', '/members/discussions'],
    ['thread', `/members/discussions/threads/${thread.thread.id}`],
    ['post-thread', `/members/discussions/posts/${post.id}`],
    ['events', '/members/events'],
    ['directory', '/members/members'],
    ['moderation-queue', '/members/moderation/queue'],
    ['moderation-log', '/members/moderation/log'],
    ['admin-users', '/members/admin/users'],
    ['admin-subscribers', '/members/admin/subscribers'],
    ['admin-subscriber', '/members/admin/subscribers'],
    ['admin-analytics', '/members/admin/analytics'],
    ['admin-events', '/members/admin/events'],
    ['admin-settings', '/members/admin/settings'],
    ['admin-import', '/members/admin/moving'],
    ['admin-newsletter-deliverability', '/members/admin/newsletter'],
    ['gate', '/members/dashboard'],
  ];
  for (const width of [390, 1280]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const [name, url, storageState = state] of pages) {
        const context = await stack.browser.newContext({
          viewport: { width, height: width === 390 ? 844 : 900 },
          colorScheme,
          ...(name === 'gate' ? {} : { storageState }),
        });
        const page = await context.newPage();
        await page.goto(stack.site.url + url);
        await page
          .getByRole('heading', { level: 1 })
          .first()
          .waitFor({ timeout: 15_000 })
          .catch((error: Error) =>
            console.error(`${name} ${width} ${colorScheme}: ${error.message}`),
          );
        await page.waitForLoadState('networkidle');
        if (name === 'admin-newsletter-deliverability') {
          await page.getByRole('button', { name: 'Run the Check' }).click();
          await page.getByText(/need attention|All clear/).waitFor({ timeout: 20_000 });
        }
        if (name === 'admin-import') {
          const section = page.getByRole('region', { name: 'Import' });
          await section.getByLabel('From').selectOption('ghost');
          await section.getByLabel('Export file').setInputFiles(GHOST_MEMBERS);
          await section.getByRole('button', { name: 'Check the File' }).click();
          await section.getByText(/^This would import/).waitFor();
          await section.scrollIntoViewIfNeeded();
        }
        if (name === 'admin-subscriber') {
          await page.getByRole('button', { name: 'reader2@example.com' }).click();
          await page.getByRole('dialog').getByText('Consent history').waitFor();
        }
        await page.waitForTimeout(300);
        await page.screenshot({
          path: path.join(out, `${name}-${width}-${colorScheme}.png`),
          fullPage: true,
        });
        await context.close();
      }
    }
  }
  console.log(`screenshots in ${out}`);
} finally {
  await stack.stop();
}
