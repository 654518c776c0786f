/**
 * The site and an older Mastodon (issue 38): a hand-written server that speaks only draft-cavage
 * HTTP signatures (support/mastodon-peer.ts), both on loopback over TLS with a CA made for the
 * run. Fedify knocks first with RFC 9421; this peer answers 401 as such a server does, so every
 * delivery here arrives only because the site knocked again the older way (the double knock).
 * The peer finds the site by its handle, follows it and gets an Accept it verifies, receives a
 * post published by its file, unfollows; a forged Follow gets 401 and is not kept.
 */
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readRows } from '@quillpost/api/test-support/database-file';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeCertificates, startTlsSite, type TlsSite } from '../support/fediverse-tls.js';
import { activityId, startMastodonPeer, type MastodonPeer } from '../support/mastodon-peer.js';

/** A delivery waits in the site's queue; the first loads Fedify and makes the keys. */
const DELIVERED_WITHIN = { timeout: 30_000, interval: 100 };

let dir: string;
let site: TlsSite;
let peer: MastodonPeer;
let siteActor: { id: string; inbox: string; sharedInbox: string | null };
let previousExtraCa: string | undefined;

const followers = () =>
  readRows<{ actor_id: string; inbox: string; shared_inbox: string | null }>(
    path.join(site.server.dataDir, 'site.db'),
    'SELECT actor_id, inbox, shared_inbox FROM fediverse_followers',
  );

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-mastodon-'));
  const certificates = makeCertificates(dir);
  // Read by the site's process as it starts: it trusts the peer's certificate through it.
  previousExtraCa = process.env.NODE_EXTRA_CA_CERTS;
  process.env.NODE_EXTRA_CA_CERTS = certificates.caFile;
  site = await startTlsSite({
    contentDir: path.join(dir, 'content'),
    leaf: certificates.leaf,
    handle: 'rowan',
    env: { FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
  peer = await startMastodonPeer(certificates);
});

afterAll(async () => {
  await peer?.close();
  await site?.stop();
  if (previousExtraCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
  else process.env.NODE_EXTRA_CA_CERTS = previousExtraCa;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('an older Mastodon, which knows only draft-cavage signatures', () => {
  let followId: string;

  it('finds the site by its handle through WebFinger', async () => {
    siteActor = await peer.lookup(`@rowan@${new URL(site.url).host}`);
    expect(siteActor).toEqual({
      id: `${site.url}/ap/users/site`,
      inbox: `${site.url}/ap/users/site/inbox`,
      sharedInbox: `${site.url}/ap/inbox`,
    });
  });

  it('follows it, and the Accept comes back signed draft-cavage after its RFC 9421 knock was refused', async () => {
    followId = activityId(peer, 'follows');
    const status = await peer.deliver(siteActor.inbox, {
      id: followId,
      type: 'Follow',
      actor: peer.actorId,
      object: siteActor.id,
    });
    expect(status).toBe(202);
    await expect
      .poll(() => peer.received.map(({ type }) => type), DELIVERED_WITHIN)
      .toContain('Accept');
    const accept = peer.received.find(({ type }) => type === 'Accept')!;
    expect(accept.actor).toBe(siteActor.id);
    expect(accept.json.object).toMatchObject({ id: followId, type: 'Follow' });
    expect(accept.signedHeaders).toEqual(expect.arrayContaining(['(request-target)', 'digest']));
    expect(peer.knocks.slice(0, 2)).toEqual([
      { path: '/users/mo/inbox', dialect: 'rfc9421', status: 401 },
      { path: '/users/mo/inbox', dialect: 'draft-cavage', status: 202 },
    ]);
    expect(followers()).toEqual([
      {
        actor_id: peer.actorId,
        inbox: `${peer.actorId}/inbox`,
        shared_inbox: `${peer.origin}/inbox`,
      },
    ]);
  });

  it('receives a post published by its file as a Create{Article} at its shared inbox, signed draft-cavage', async () => {
    fs.writeFileSync(
      path.join(site.contentDir, 'posts', 'for-an-old-mastodon.md'),
      `---\ntitle: For an old Mastodon\ndate: ${new Date().toISOString()}\ncategory: build\n---\n\nSigned the old way.\n`,
    );
    await expect
      .poll(() => peer.received.filter(({ type }) => type === 'Create'), DELIVERED_WITHIN)
      .toHaveLength(1);
    const create = peer.received.find(({ type }) => type === 'Create')!;
    expect(create.actor).toBe(siteActor.id);
    expect(create.json.object).toMatchObject({
      type: 'Article',
      name: 'For an old Mastodon',
      url: `${site.url}/posts/for-an-old-mastodon`,
    });
    const createKnocks = peer.knocks.filter(({ path }) => path === '/inbox');
    expect(createKnocks.at(-1)).toEqual({ path: '/inbox', dialect: 'draft-cavage', status: 202 });
  });

  it('unfollows with an Undo of its Follow', async () => {
    const status = await peer.deliver(siteActor.inbox, {
      id: activityId(peer, 'undo'),
      type: 'Undo',
      actor: peer.actorId,
      object: { id: followId, type: 'Follow', actor: peer.actorId, object: siteActor.id },
    });
    expect(status).toBe(202);
    await expect.poll(followers, DELIVERED_WITHIN).toEqual([]);
  });

  it('refuses a Follow signed in its name by a key that is not its own with 401, and keeps nothing', async () => {
    const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const status = await peer.deliver(
      siteActor.sharedInbox!,
      { id: activityId(peer, 'forged'), type: 'Follow', actor: peer.actorId, object: siteActor.id },
      stranger.privateKey,
    );
    expect(status).toBe(401);
    expect(followers()).toEqual([]);
  });
});
