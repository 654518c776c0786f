/**
 * Console → Fediverse's API (issue 38 item 6): the handle and followers month by month, who
 * follows (as their server described them, newest first, a page at a time), and per post how many
 * servers took it and which refused it with what.
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { iso } from '../../clock.js';
import { as, signInAs } from '../../test-support/community.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { startFederatedSite } from '../../test-support/federated-site.js';
import { startFediversePeer } from '../../test-support/fediverse-peer.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { FOLLOWERS_PAGE_SIZE } from './admin-routes.js';
import { dropFollower, keepFollower } from './store/account.js';

const track = cleanupAfterEach();

function follower(name: string, server: string) {
  return {
    actorId: `https://${server}/users/${name}`,
    inbox: `https://${server}/users/${name}/inbox`,
    sharedInbox: `https://${server}/inbox`,
    host: server,
    followId: null,
    profile: {
      name: `${name} the reader`,
      handle: `@${name}@${server}`,
      url: `https://${server}/@${name}`,
    },
  };
}

/** A server whose inbox answers 500: its deliveries fail and are retried. */
async function brokenServer() {
  const server = http.createServer((_req, res) => {
    res.writeHead(500, { 'Content-Type': 'text/plain' }).end('Internal trouble');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  track(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('Console → Fediverse API', { timeout: 60_000 }, () => {
  it('answers the handle, the followers and how many followed at each month end', async () => {
    const t = createTestApp({
      env: { PUBLIC_URL: 'https://rowan.example', WEB_ORIGIN: 'https://rowan.example' },
    });
    track(t.cleanup);
    const owner = await signInAs(t, 'admin');
    const [first, second] = [iso(t.clock.now() - 100 * 86_400_000), iso(t.clock.now())];
    keepFollower(t.deps.db, follower('ada', 'social.example'), first);
    keepFollower(t.deps.db, follower('bo', 'tiny.example'), second);
    // Cy followed for five months and left seven weeks ago: counted while she followed.
    const cy = follower('cy', 'gone.example');
    keepFollower(t.deps.db, cy, iso(t.clock.now() - 200 * 86_400_000));
    dropFollower(t.deps.db, cy.actorId, null, iso(t.clock.now() - 50 * 86_400_000));

    const overview = await as(t, owner).get('/api/admin/fediverse');
    expect(overview.status).toBe(200);
    expect(overview.body.handle).toMatch(/^@\w+@rowan\.example$/);
    expect(overview.body.followers).toBe(2);
    const months = overview.body.months as Array<{ month: string; followers: number }>;
    expect(months).toHaveLength(12);
    // The test's clock says 1 January 2026: Cy followed from mid-June until mid-November, Ada
    // since late September, Bo today (after the year's first instant). Ends of August to January:
    expect(months.map((month) => month.followers).slice(-6)).toEqual([1, 2, 2, 1, 1, 2]);
    expect(months.at(-9)!.followers).toBe(0);

    const page = await as(t, owner).get('/api/admin/fediverse/followers?page=1');
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ total: 2, page: 1, pageSize: FOLLOWERS_PAGE_SIZE });
    expect(page.body.items).toEqual([
      {
        id: expect.any(Number),
        handle: '@bo@tiny.example',
        name: 'bo the reader',
        url: 'https://tiny.example/@bo',
        instance: 'tiny.example',
        followedAt: second,
      },
      expect.objectContaining({ handle: '@ada@social.example', followedAt: first }),
    ]);

    const member = await signInAs(t, 'member');
    expect((await as(t, member).get('/api/admin/fediverse/followers')).status).toBe(403);
    expect((await as(t, null).get('/api/admin/fediverse')).status).toBe(401);
  });

  it('is not there with FEDERATION=off', async () => {
    const t = createTestApp({ env: { FEDERATION: 'off' } });
    track(t.cleanup);
    const owner = await signInAs(t, 'admin');
    expect((await as(t, owner).get('/api/admin/fediverse/followers')).status).toBe(404);
  });

  it("keeps a follower's name and handle, and counts each post's servers and failures", async () => {
    const folder = createContentFolder({});
    track(folder.cleanup);
    const s = await startFederatedSite({ CONTENT_DIR: folder.dir });
    track(() => s.cleanup());
    const owner = await signInAs(s, 'admin');
    const mastodon = await startFediversePeer();
    track(() => mastodon.close());
    await mastodon.follow(s.actorId, 'ada');
    await expect
      .poll(() => mastodon.received.filter(({ type }) => type === 'Accept').length, {
        timeout: 20_000,
      })
      .toBe(1);
    const peerHost = new URL(mastodon.origin).host;
    const followers = await as(s, owner).get('/api/admin/fediverse/followers');
    expect(followers.body.items).toEqual([
      expect.objectContaining({
        handle: `@ada@${peerHost}`,
        name: 'ada on the peer',
        url: mastodon.actorId,
        instance: peerHost,
      }),
    ]);

    const broken = await brokenServer();
    keepFollower(
      s.deps.db,
      {
        actorId: `http://${broken}/users/cy`,
        inbox: `http://${broken}/users/cy/inbox`,
        sharedInbox: null,
        host: broken,
        followId: null,
      },
      iso(s.clock.now()),
    );
    folder.write('posts/small-tools.md', post('Small tools', { date: '2026-01-01' }));
    // There before the site federated: never sent, so not listed.
    folder.write('posts/old.md', post('An old post from the archive', { date: '2024-03-01' }));
    syncContent(s.deps.db, folder.dir, s.clock, s.deps.logger);
    await s.fediverse.published();

    const deliveries = () =>
      as(s, owner)
        .get('/api/admin/fediverse/deliveries')
        .then((res) => res.body.items as unknown[]);
    await expect.poll(deliveries, { timeout: 20_000 }).toEqual([
      {
        post: { title: 'Small tools', path: '/posts/small-tools' },
        deliveredTo: 1,
        failures: [
          { server: broken, error: 'HTTP 500: Internal trouble', failedAt: expect.any(String) },
        ],
      },
    ]);
    expect(mastodon.received.filter(({ type }) => type === 'Create')).toHaveLength(1);
  });
});
