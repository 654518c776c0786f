/**
 * Following the site from another server: a signed Follow is kept and answered with a signed
 * Accept, an Undo ends it; an unsigned or forged activity is refused with 401 and leaves nothing;
 * an inbox that is gone (410) ends its follow; and with the private-address guard on, an actor on
 * a loopback address is never fetched.
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Create, Note } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import { startFederatedSite } from '../../test-support/federated-site.js';
import { startFediversePeer } from '../../test-support/fediverse-peer.js';
import { cleanupAfterEach } from '../../test-support/test-app.js';
import { SITE_ACTOR } from './addresses.js';
import { keepFollower } from './store/account.js';

const track = cleanupAfterEach();

async function site(
  env: Record<string, string> = {},
  options: Parameters<typeof startFederatedSite>[1] = {},
) {
  const started = await startFederatedSite(env, options);
  track(() => started.cleanup());
  return started;
}

async function peer() {
  const started = await startFediversePeer();
  track(() => started.close());
  return started;
}

type Site = Awaited<ReturnType<typeof site>>;

const followersOf = (s: Site) =>
  s.deps.db
    .prepare('SELECT actor_id, inbox, shared_inbox, host FROM fediverse_followers')
    .all() as Array<{ actor_id: string; inbox: string; shared_inbox: string; host: string }>;

const storedActivities = (s: Site) =>
  s.deps.db.prepare('SELECT count(*) FROM fediverse_jobs').pluck().get() as number;

describe('the inbox', { timeout: 60_000 }, () => {
  it('keeps a follower and answers with a signed Accept; an Undo ends the follow', async () => {
    const s = await site();
    const mastodon = await peer();
    const followId = await mastodon.follow(s.actorId);

    await expect
      .poll(() => followersOf(s), { timeout: 20_000 })
      .toEqual([
        {
          actor_id: mastodon.actorId,
          inbox: `${mastodon.actorId}/inbox`,
          shared_inbox: `${mastodon.origin}/inbox`,
          host: new URL(mastodon.origin).host,
        },
      ]);
    // The peer's inbox took it, so its signature checked out against the site's key.
    await expect
      .poll(() => mastodon.received.map(({ type, actor }) => ({ type, actor })), {
        timeout: 20_000,
      })
      .toEqual([{ type: 'Accept', actor: s.actorId }]);
    expect(mastodon.received[0]!.json).toMatchObject({ object: { id: followId } });

    await mastodon.unfollow(s.actorId, followId);
    await expect.poll(() => followersOf(s), { timeout: 20_000 }).toEqual([]);
  });

  it('refuses an unsigned or forged activity with 401 and keeps nothing of it', async () => {
    const s = await site();
    const mastodon = await peer();
    const follow = {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${mastodon.actorId}#unsigned`,
      type: 'Follow',
      actor: mastodon.actorId,
      object: s.actorId,
    };
    for (const inbox of [`${s.url}/ap/inbox`, `${s.actorId}/inbox`]) {
      const unsigned = await fetch(inbox, {
        method: 'POST',
        headers: { 'Content-Type': 'application/activity+json' },
        body: JSON.stringify(follow),
      });
      expect(unsigned.status, inbox).toBe(401);
    }
    const forged = await mastodon.forgedFollow(`${s.url}/ap/inbox`, s.actorId);
    expect(forged.status).toBe(401);
    expect(followersOf(s)).toEqual([]);
    expect(storedActivities(s)).toBe(0);
  });

  it('limits what each client address and each signing server may post, before any fetch', async () => {
    const roomy = { max: 100, windowMs: 60_000 };
    const twice = { max: 2, windowMs: 60_000 };
    // Signers on closed loopback ports: a key Fedify might try to fetch is refused at once.
    const follow = (signer: string) => ({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `https://${signer}/follows/${Math.random()}`,
      type: 'Follow',
      actor: `https://${signer}/users/x`,
      object: 'https://127.0.0.1:39/users/y',
    });
    const post = (url: string, signer: string, signed = true) =>
      fetch(`${url}/ap/inbox`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/activity+json',
          ...(signed
            ? {
                Signature: `keyId="https://${signer}/users/x#main-key",headers="(request-target)",signature="AAAA"`,
              }
            : {}),
        },
        body: JSON.stringify(follow(signer)),
      }).then((res) => res.status);

    const bySigner = await site({}, { inboxLimits: { perClient: roomy, perServer: twice } });
    const spam = [];
    for (let sent = 0; sent < 3; sent += 1) spam.push(await post(bySigner.url, '127.0.0.1:9'));
    expect(spam).toEqual([401, 401, 429]);
    expect(await post(bySigner.url, '127.0.0.1:19')).toBe(401);

    const byClient = await site({}, { inboxLimits: { perClient: twice, perServer: roomy } });
    const flood = [];
    for (const signer of ['127.0.0.1:9', '127.0.0.1:19', '127.0.0.1:29']) {
      flood.push(await post(byClient.url, signer, false));
    }
    expect(flood).toEqual([401, 401, 429]);
  });

  it('refuses a body over 1 MB with 413 before reading it', async () => {
    const s = await site();
    const res = await fetch(`${s.url}/ap/inbox`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/activity+json' },
      body: JSON.stringify({ type: 'Create', padding: 'x'.repeat(5_000_000) }),
    });
    expect(res.status).toBe(413);
    expect(storedActivities(s)).toBe(0);
  });

  it('ends the follow of an inbox that answers 410 Gone', async () => {
    const s = await site();
    const gone = http.createServer((_req, res) => res.writeHead(410).end());
    gone.listen(0, '127.0.0.1');
    await once(gone, 'listening');
    track(() => new Promise((resolve) => gone.close(resolve)));
    const inbox = `http://127.0.0.1:${(gone.address() as AddressInfo).port}/users/bo/inbox`;
    keepFollower(
      s.deps.db,
      {
        actorId: 'http://127.0.0.1/users/bo',
        inbox,
        sharedInbox: null,
        host: '127.0.0.1',
        followId: null,
      },
      new Date(s.clock.now()).toISOString(),
    );
    const context = (await s.fediverse.federation()).createContext(new URL(s.url), undefined);
    await context.sendActivity(
      { identifier: SITE_ACTOR },
      { id: new URL('http://127.0.0.1/users/bo'), inboxId: new URL(inbox), endpoints: null },
      new Create({
        id: new URL(`${s.actorId}#create/1`),
        actor: context.getActorUri(SITE_ACTOR),
        object: new Note({ id: new URL(`${s.url}/notes/1`), content: 'Hello' }),
      }),
    );
    await expect.poll(() => followersOf(s), { timeout: 20_000 }).toEqual([]);
  });

  it('never fetches an actor on a private address while the guard is on', async () => {
    const s = await site({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'false' });
    const mastodon = await peer();
    await expect(mastodon.follow(s.actorId)).rejects.toThrow(/401/);
    expect(followersOf(s)).toEqual([]);
    // The site never asked the peer for anything: not ada, not her key.
    expect(mastodon.requested).toEqual([]);
  });
});
