/**
 * Screenshots of Console → Fediverse and the dashboard's followers at 390 px and 1280 px, light and
 * dark, against the production build. Two fediverse servers on loopback (Fedify peers, each with
 * ada and bo) follow the site and reply to a new post; a third answers every delivery with 503;
 * more followers, over the past year, are written into the site's database. Then the owner
 * approves a reply and it is shot under the post. Run after `pnpm build`:
 *   cd tests && pnpm exec tsx tools/fediverse-screenshots.ts [outDir]
 */
import fs from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { insertRows, readRows } from '@quillpost/api/test-support/database-file';
import { startFediversePeer } from '@quillpost/api/test-support/fediverse-peer';
import type { Page } from 'playwright-core';
import { signedInShooter } from '../support/screenshots.js';
import { openPage, signInByCode, startStack, uniqueEmail } from '../support/stack.js';

const out = path.resolve(process.argv[2] ?? '/tmp/fediverse-shots');
fs.mkdirSync(out, { recursive: true });
const owner = uniqueEmail('owner');
// The peers are on loopback: the site may fetch their actors (tests and development only).
const stack = await startStack({
  env: { ADMIN_EMAILS: owner, FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
});
const database = path.join(stack.site.dataDir, 'site.db');
const actor = `${stack.site.url}/ap/users/site`;
const SLUG = 'notes-from-the-fediverse';
const postUrl = `${stack.site.url}/posts/${SLUG}`;

/** Polls `check` until it holds (a delivery, a queue): the thing itself, not a fixed sleep. */
async function until(what: string, check: () => boolean | Promise<boolean>) {
  for (const started = Date.now(); Date.now() - started < 60_000;) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** A server whose inbox is down for maintenance: its deliveries fail and are retried. */
async function unavailableServer(): Promise<{ origin: string; close(): void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(503, { 'Content-Type': 'text/plain' }).end('Down for maintenance');
  });
  server.listen(0, '127.0.0.3');
  await once(server, 'listening');
  return {
    origin: `http://127.0.0.3:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

const peers = [await startFediversePeer(), await startFediversePeer()];
const down = await unavailableServer();
const { context, close } = await openPage(stack.browser);
try {
  await signInByCode(context, stack, owner);
  const api = async (method: string, url: string, data?: unknown) => {
    const response = await context.request.fetch(stack.site.url + url, {
      method,
      headers: { origin: stack.site.url },
      ...(data === undefined ? {} : { data }),
    });
    if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };

  for (const peer of peers) {
    await peer.follow(actor, 'ada');
    await peer.follow(actor, 'bo');
  }
  await until(
    'four follows',
    () => readRows(database, 'SELECT 1 FROM fediverse_followers').length === 4,
  );

  // A year of readers on the big servers: their deliveries go to the peers' shared inboxes, so
  // nothing leaves loopback; one server is down.
  const PEOPLE = [
    ['Juno Park', 'juno', 'mastodon.social'],
    ['Tomás Reyes', 'tomas', 'hachyderm.io'],
    ['Mira Okafor', 'mira', 'mas.to'],
    ['Lee Chen', 'lee', 'fosstodon.org'],
    ['Sam Ortiz', 'sam', 'mastodon.social'],
    ['Priya Nair', 'priya', 'social.coop'],
    ['Ines Duarte', 'ines', 'hachyderm.io'],
    ['Oskar Lind', 'oskar', 'mastodon.online'],
    ['Hana Sato', 'hana', 'pixelfed.social'],
    ['Noor Haddad', 'noor', 'mastodon.social'],
  ] as const;
  const day = 86_400_000;
  insertRows(
    database,
    `INSERT INTO fediverse_followers (actor_id, inbox, shared_inbox, host, follow_id, followed_at,
       name, handle, url) VALUES (?, ?, ?, ?, NULL, ?, ?, ?, ?)`,
    PEOPLE.map(([name, user, host], index) => {
      const inbox = index === 3 ? down.origin : peers[index % 2]!.origin;
      return [
        `https://${host}/users/${user}`,
        `${inbox}/users/${user}/inbox`,
        `${inbox}/inbox`,
        host,
        new Date(Date.now() - (330 - index * 33) * day).toISOString(),
        name,
        `@${user}@${host}`,
        `https://${host}/@${user}`,
      ];
    }),
  );

  // A new post goes to every follower's server.
  const today = new Date().toISOString().slice(0, 10);
  fs.writeFileSync(
    path.join(stack.site.dataDir, 'content', 'posts', `${today}-${SLUG}.md`),
    `---\ntitle: Notes from the fediverse\ndate: ${today}\ncategory: build\nexcerpt_short: The site can be followed from Mastodon now.\n---\n\nThis site is an account on the fediverse now: follow it from your own server.\n`,
  );
  await api('POST', '/api/admin/content/sync');
  await until('the post at both peers', () =>
    peers.every((peer) => peer.received.some(({ type }) => type === 'Create')),
  );

  await peers[0]!.reply(
    actor,
    postUrl,
    '<p>Followed from my own server, and this arrived in my timeline within seconds. Lovely.</p>',
    'ada',
  );
  await peers[1]!.reply(
    actor,
    postUrl,
    '<p>Does this mean replies here show up under the post?<br>Trying it out.</p>',
    'bo',
  );
  await until('two held replies', async () => {
    const held = await api('GET', '/api/admin/fediverse/replies?status=held');
    return (held.items as unknown[]).length === 2;
  });
  await api('POST', '/api/admin/fediverse/blocks', { kind: 'domain', value: 'spam.example' });
  await api('POST', '/api/admin/fediverse/blocks', {
    kind: 'account',
    value: '@troll@noisy.example',
  });
  await until('the deliveries counted', async () => {
    const { items } = await api('GET', '/api/admin/fediverse/deliveries');
    const post = (items as Array<{ deliveredTo: number; failures: unknown[] }>)[0]!;
    return post.deliveredTo === 2 && post.failures.length === 1;
  });

  const shoot = signedInShooter(stack, owner, out);
  const section = (page: Page) =>
    page
      .getByRole('region', { name: 'Posts delivered' })
      .getByText('Delivered to')
      .first()
      .waitFor();
  await shoot('fediverse', '/members/admin/fediverse', section);
  await shoot('dashboard', '/members/admin/analytics', (page) =>
    page.getByRole('table', { name: /fediverse followers/ }).waitFor(),
  );

  // The owner approves ada's reply in the console; it is then part of the post's conversation.
  const { page, close: closeOwner } = await openPage(stack.browser, {
    storageState: await context.storageState(),
  });
  await page.goto(`${stack.site.url}/members/admin/fediverse`);
  const reply = page.getByRole('listitem').filter({ hasText: 'arrived in my timeline' });
  await reply.getByRole('button', { name: 'Approve' }).click();
  await page.getByText(/Approved the reply by/).waitFor();
  await closeOwner();
  await shoot('fediverse-approved', '/members/admin/fediverse', section);
  await shoot(`post`, `/posts/${SLUG}`, (page) =>
    page.getByText('arrived in my timeline').first().waitFor(),
  );
  console.log(`Screenshots in ${out}`);
} finally {
  await close();
  down.close();
  await Promise.all(peers.map((peer) => peer.close()));
  await stack.stop();
}
