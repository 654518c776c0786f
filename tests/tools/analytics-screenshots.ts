/**
 * Screenshots of Console → Analytics at 390 px and 1280 px, light and dark, over thirty days of
 * made-up readers (written into the site's database as the collector would), one post's own page,
 * and a newsletter issue's results. Run after `pnpm build`:
 *   cd tests && npx tsx tools/analytics-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { insertRows } from '@quillpost/api/test-support/database-file';
import { TURNSTILE_DUMMY_TOKEN, type Post } from '@quillpost/domain';
import { linkIn, waitForMail } from '../support/mail.js';
import type { Page } from 'playwright-core';
import { signedInShooter } from '../support/screenshots.js';
import { openPage, signInByCode, startStack, uniqueEmail } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/analytics-shots');
fs.mkdirSync(out, { recursive: true });
const owner = uniqueEmail('owner');
const stack = await startStack({ env: { ADMIN_EMAILS: owner, NEWSLETTER_RATE_PER_SECOND: '0' } });
const database = path.join(stack.site.dataDir, 'site.db');

const PAGES = [
  '/',
  '/posts/why-i-write-in-public',
  '/posts/tiny-tools',
  '/blog',
  '/now',
  '/journal',
  '/poetry',
  '/books',
];
const SOURCES = ['', '', 'news.ycombinator.com', 'mastodon.social', 'google.com', 'lobste.rs'];
const READERS = [
  ['phone', 'Safari', 'iOS'],
  ['phone', 'Chrome', 'Android'],
  ['desktop', 'Firefox', 'Linux'],
  ['desktop', 'Chrome', 'Windows'],
  ['tablet', 'Safari', 'iPadOS'],
] as const;
let seed = 7;
const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
const rows: unknown[][] = [];
for (let daysAgo = 29; daysAgo >= 0; daysAgo -= 1) {
  const day = new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const views = Math.round(60 + 40 * Math.sin(daysAgo / 3) + random() * 30);
  const seen = new Set<string>();
  for (let i = 0; i < views; i += 1) {
    const visitor = `v${Math.floor(random() * views * 0.6)}`;
    const page = PAGES[Math.floor(random() ** 2 * PAGES.length)]!;
    const [device, browser, os] = READERS[Math.floor(random() * READERS.length)]!;
    const first = seen.has(visitor) ? 0 : 1;
    const firstOnPage = seen.has(`${visitor} ${page}`) ? 0 : 1;
    seen.add(visitor).add(`${visitor} ${page}`);
    const source = SOURCES[Math.floor(random() * SOURCES.length)]!;
    rows.push([
      day,
      Math.floor(random() * 24),
      page,
      source,
      source === 'mastodon.social' ? 'mastodon' : null,
      device,
      browser,
      os,
      visitor,
      first,
      firstOnPage,
    ]);
  }
}
insertRows(
  database,
  `INSERT INTO analytics_hits (day, hour, path, source, utm_source, device, browser, os, visitor,
     first_of_day, first_on_page) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  rows,
);
const today = new Date().toISOString().slice(0, 10);
insertRows(
  database,
  'INSERT INTO analytics_feeds (day, feed, reader, fetches, subscribers) VALUES (?, ?, ?, ?, ?)',
  [
    [today, '/rss.xml', 'Feedly', 24, 38],
    [today, '/atom.xml', 'Inoreader', 24, 6],
    [today, '/rss.xml', 'NetNewsWire', 9, 0],
  ],
);

const shoot = signedInShooter(stack, owner, out);

/** A reader subscribed and confirmed through the API, as the newsletter journey does it. */
async function confirmedReader(label: string): Promise<string> {
  const email = uniqueEmail(label);
  await fetch(`${stack.site.url}/api/auth/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, turnstileToken: TURNSTILE_DUMMY_TOKEN }),
  });
  const confirmation = await waitForMail(stack.sink, email, /Confirm your subscription/);
  const token = new URL(linkIn(confirmation, 'verify=')).searchParams.get('verify')!;
  await fetch(`${stack.site.url}/verify?token=${encodeURIComponent(token)}`, {
    headers: { Accept: 'application/json' },
  });
  return email;
}

/** An issue sent to three readers, one link of it followed: the page its results are on. */
async function sentIssue(): Promise<string> {
  const readers = [
    await confirmedReader('ada'),
    await confirmedReader('bob'),
    await confirmedReader('cy'),
  ];
  const posts = (await (await fetch(`${stack.site.url}/api/posts`)).json()) as Post[];
  const post = posts.find((candidate) => candidate.category === 'build')!;
  const { context, close } = await openPage(stack.browser);
  await signInByCode(context, stack, owner);
  const headers = { origin: stack.site.url };
  const created = await context.request.post(`${stack.site.url}/api/admin/newsletter/issues`, {
    headers,
    data: { kind: 'post', slug: post.slug },
  });
  const id = ((await created.json()) as { issue: { id: number } }).issue.id;
  await context.request.post(`${stack.site.url}/api/admin/newsletter/issues/${id}/send`, {
    headers,
    data: {},
  });
  const mail = await waitForMail(stack.sink, readers[0]!, new RegExp(`^${post.title}$`));
  for (const [index, match] of [...mail.html.matchAll(/href="([^"]*\/r\/[^"]+)"/g)].entries()) {
    for (let click = 0; click <= index % 3; click += 1) {
      await fetch(match[1]!.replace(/&amp;/g, '&'), {
        redirect: 'manual',
        headers: { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X)' },
      });
    }
  }
  await close();
  return `/members/admin/newsletter?issue=${id}`;
}

try {
  await shoot('newsletter-results', await sentIssue(), (page) =>
    page.getByRole('region', { name: 'Results' }).waitFor(),
  );
  const chart = (page: Page) => page.locator('.traffic-chart__canvas canvas').first().waitFor();
  await shoot('dashboard', '/members/admin/analytics?range=30d', chart);
  await shoot('hours', '/members/admin/analytics?range=24h', chart);
  await shoot(
    'post',
    `/members/admin/analytics?range=30d&page=${encodeURIComponent('/posts/tiny-tools')}`,
    chart,
  );
  console.log(`Screenshots in ${out}`);
} finally {
  await stack.stop();
}
