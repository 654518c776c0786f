/**
 * Screenshots of the console screens the first-day walk found wanting, at 390 px and 1280 px,
 * light and dark: Moving in (its own section now), Settings (which points there), and Analytics'
 * sign-up sources and long UTM tags. Run after `pnpm build`:
 *   cd tests && pnpm exec tsx tools/console-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import path from 'node:path';
import { insertRows } from '@quillpost/api/test-support/database-file';
import { TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import { signedInShooter } from '../support/screenshots.js';
import { startStack, uniqueEmail } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/console-shots');
fs.mkdirSync(out, { recursive: true });
const owner = uniqueEmail('owner');
const stack = await startStack({ env: { ADMIN_EMAILS: owner } });
const database = path.join(stack.site.dataDir, 'site.db');

const today = new Date().toISOString().slice(0, 10);
const campaigns = ['spring-launch_2026-newsletter-readers', 'mastodon_profile_link', 'winter'];
insertRows(
  database,
  `INSERT INTO analytics_hits (day, hour, path, source, utm_campaign, device, browser, os, visitor,
     first_of_day, first_on_page) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  campaigns.flatMap((campaign, index) =>
    Array.from({ length: 3 - index }, (_, n) => [
      today,
      9,
      '/',
      'mastodon.social',
      campaign,
      'phone',
      'Safari',
      'iOS',
      `${campaign}-${n}`,
      1,
      1,
    ]),
  ),
);

// Sign-ups from the form on two pages, as a reader's browser sends them (its Referer says where).
for (const [label, page] of [
  ['home', '/'],
  ['post', '/posts/why-i-write-in-public'],
] as const) {
  await fetch(`${stack.site.url}/api/auth/subscribe`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Referer: stack.site.url + page },
    body: JSON.stringify({ email: uniqueEmail(label), turnstileToken: TURNSTILE_DUMMY_TOKEN }),
  });
}

const shoot = signedInShooter(stack, owner, out);
try {
  await shoot('moving-in', '/members/admin/moving', (page) =>
    page.getByRole('region', { name: 'Import' }).waitFor(),
  );
  await shoot('settings', '/members/admin/settings', (page) =>
    page.getByRole('link', { name: 'Console → Moving in' }).waitFor(),
  );
  await shoot('analytics-members', '/members/admin/analytics', (page) =>
    page.getByRole('region', { name: 'Sign-ups by source' }).waitFor(),
  );
  await shoot('analytics-readers', '/members/admin/analytics?range=7d', (page) =>
    page.getByRole('region', { name: 'Campaigns' }).waitFor(),
  );
  console.log(`Screenshots in ${out}`);
} finally {
  await stack.stop();
}
