/**
 * The site as a fediverse account: found by WebFinger as @handle@host (an old handle too), told
 * apart from every other account, described by NodeInfo, its Person with keys made once and kept,
 * its followers counted but not listed; and nothing of it when FEDERATION=off.
 */
import { createPublicKey } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app.js';
import { loadEnv } from '../../env.js';
import { as, signInAs } from '../../test-support/community.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { deliverableInboxes } from './account.js';
import { keepFollower } from './store/account.js';

const track = cleanupAfterEach();
const PUBLIC_URL = 'https://rowan.example';
const ACTOR = `${PUBLIC_URL}/ap/users/site`;
const AS_JSON = 'application/activity+json';

function site(env: Record<string, string> = {}) {
  const t = createTestApp({ env: { PUBLIC_URL, WEB_ORIGIN: PUBLIC_URL, ...env } });
  track(t.cleanup);
  return t;
}

const webfinger = (app: Parameters<typeof request>[0], resource: string) =>
  request(app).get('/.well-known/webfinger').query({ resource });

interface ActorJson {
  id: string;
  type: string;
  preferredUsername: string;
  name: string;
  url: string;
  inbox: string;
  outbox: string;
  followers: string;
  endpoints: { sharedInbox: string };
  publicKey: { id: string; owner: string; publicKeyPem: string };
  assertionMethod: Array<{ type: string; publicKeyMultibase: string }>;
}

async function actorOf(app: Parameters<typeof request>[0]): Promise<ActorJson> {
  const res = await request(app).get('/ap/users/site').set('Accept', AS_JSON);
  expect(res.status).toBe(200);
  return JSON.parse(res.text) as ActorJson;
}

describe('the fediverse account', () => {
  it('is found by WebFinger as @handle@host, and no other account is', async () => {
    const { app } = site();
    const found = await webfinger(app, 'acct:rowanellis@rowan.example');
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ subject: 'acct:rowanellis@rowan.example' });
    expect(found.body.links).toContainEqual(
      expect.objectContaining({ rel: 'self', type: AS_JSON, href: ACTOR }),
    );
    for (const other of [
      'acct:someone@rowan.example',
      'acct:site@rowan.example',
      'acct:rowanellis@elsewhere.example',
    ]) {
      expect((await webfinger(app, other)).status, other).toBe(404);
    }
  });

  it('describes itself: NodeInfo, and a Person with its inbox, collections and two keys', async () => {
    const { app, deps } = site();
    const links = await request(app).get('/.well-known/nodeinfo');
    expect(links.body.links).toContainEqual(
      expect.objectContaining({ href: `${PUBLIC_URL}/nodeinfo/2.1` }),
    );
    const nodeInfo = await request(app).get('/nodeinfo/2.1');
    expect(nodeInfo.body).toMatchObject({
      software: { name: 'quillpost' },
      protocols: ['activitypub'],
      openRegistrations: false,
    });

    const actor = await actorOf(app);
    expect(actor).toMatchObject({
      id: ACTOR,
      type: 'Person',
      preferredUsername: 'rowanellis',
      name: 'Rowan Ellis',
      url: `${PUBLIC_URL}/`,
      inbox: `${ACTOR}/inbox`,
      outbox: `${ACTOR}/outbox`,
      followers: `${ACTOR}/followers`,
      endpoints: { sharedInbox: `${PUBLIC_URL}/ap/inbox` },
      publicKey: { owner: ACTOR },
    });
    expect(actor.publicKey.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    // Both keys as Multikeys; the Ed25519 one (z6Mk…) signs Object Integrity proofs.
    expect(actor.assertionMethod.map((key) => key.type)).toEqual(['Multikey', 'Multikey']);
    expect(actor.assertionMethod.map((key) => key.publicKeyMultibase.slice(0, 4))).toContain(
      'z6Mk',
    );
    const kept = deps.db
      .prepare('SELECT algorithm FROM fediverse_keys ORDER BY algorithm')
      .pluck()
      .all();
    expect(kept).toEqual(['Ed25519', 'RSASSA-PKCS1-v1_5']);

    // Made once: another process on the same file, with another SESSION_SECRET, is the same actor.
    const restarted = createApp({
      ...deps,
      env: loadEnv({
        NODE_ENV: 'test',
        PUBLIC_URL,
        DATABASE_PATH: deps.env.DATABASE_PATH,
        SESSION_SECRET: 'an-entirely-different-secret-of-forty-characters',
      }),
    });
    const again = await actorOf(restarted);
    expect(again.publicKey.publicKeyPem).toBe(actor.publicKey.publicKeyPem);
    expect(again.assertionMethod).toEqual(actor.assertionMethod);
  });

  it('signs with a 2048-bit RSA key, as Mastodon does', async () => {
    // Every delivery to a server is signed anew; a 4096-bit key costs about six times as much
    // CPU, paid once per server for each post (bench/fediverse-fanout.ts).
    const actor = await actorOf(site().app);
    const key = createPublicKey(actor.publicKey.publicKeyPem);
    expect(key.asymmetricKeyDetails?.modulusLength).toBe(2048);
  });

  it("shows the owner's avatar as its icon", async () => {
    const t = site();
    const owner = await signInAs(t, 'admin');
    const read = await as(t, owner).get('/api/admin/site');
    await as(t, owner).put('/api/admin/site', {
      ...read.body.site,
      owner: { ...read.body.site.owner, avatar: 'images/me.jpg' },
    });
    const actor = (await actorOf(t.app)) as ActorJson & { icon: unknown };
    expect(actor.icon).toEqual({
      type: 'Image',
      url: `${PUBLIC_URL}/content/images/me.jpg`,
      mediaType: 'image/jpeg',
    });
  });

  it('answers the actor as it was kept until the owner changes the site, then anew', async () => {
    // Every server that takes a delivery asks for the actor to check its signature: the answer
    // is kept, and a name, avatar or handle changed in Console → Site shows at once.
    const t = site();
    const first = await request(t.app).get('/ap/users/site').set('Accept', AS_JSON);
    const head = await request(t.app).head('/ap/users/site').set('Accept', AS_JSON);
    expect(head.status).toBe(200);
    const again = await request(t.app).get('/ap/users/site').set('Accept', AS_JSON);
    expect(again.text).toBe(first.text);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);

    const owner = await signInAs(t, 'admin');
    const read = await as(t, owner).get('/api/admin/site');
    await as(t, owner).put('/api/admin/site', {
      ...read.body.site,
      title: 'Rowan in the field',
      fediverse: { handle: 'rowan' },
    });
    const changed = await actorOf(t.app);
    expect(changed).toMatchObject({ name: 'Rowan in the field', preferredUsername: 'rowan' });
  });

  it('counts its followers without listing them', async () => {
    const { app, deps, clock } = site();
    keepFollower(
      deps.db,
      {
        actorId: 'https://social.example/users/ada',
        inbox: 'https://social.example/users/ada/inbox',
        sharedInbox: 'https://social.example/inbox',
        host: 'social.example',
        followId: 'https://social.example/follows/1',
      },
      new Date(clock.now()).toISOString(),
    );
    const res = await request(app).get('/ap/users/site/followers').set('Accept', AS_JSON);
    expect(res.status).toBe(200);
    const collection = JSON.parse(res.text) as { totalItems: number };
    expect(collection.totalItems).toBe(1);
    expect(res.text).not.toContain('social.example');
  });

  it('keeps answering to its old handle when the owner picks a new one in Console → Site', async () => {
    const t = site();
    await webfinger(t.app, 'acct:rowanellis@rowan.example');
    const owner = await signInAs(t, 'admin');
    const read = await as(t, owner).get('/api/admin/site');
    const saved = await as(t, owner).put('/api/admin/site', {
      ...read.body.site,
      fediverse: { handle: 'rowan' },
    });
    expect(saved.status).toBe(200);
    expect(fs.readFileSync(path.join(t.deps.env.CONTENT_DIR, 'site.yml'), 'utf8')).toMatch(
      /^fediverse:\n {2}handle: rowan$/m,
    );

    for (const handle of ['rowan', 'rowanellis', 'RowanEllis']) {
      const found = await webfinger(t.app, `acct:${handle}@rowan.example`);
      expect(found.status, handle).toBe(200);
      expect(found.body.links).toContainEqual(expect.objectContaining({ href: ACTOR }));
    }
    expect((await actorOf(t.app)).preferredUsername).toBe('rowan');
  });

  it('is not there at all with FEDERATION=off', async () => {
    const { app } = site({ FEDERATION: 'off' });
    expect((await webfinger(app, 'acct:rowanellis@rowan.example')).status).toBe(404);
    const actor = await request(app).get('/ap/users/site').set('Accept', AS_JSON);
    expect(actor.status).toBe(404);
    expect(actor.headers['content-type']).not.toMatch(/activity\+json/);
    expect((await request(app).get('/nodeinfo/2.1')).status).toBe(404);
  });
});

describe('the inboxes it delivers to', () => {
  it('are public addresses only, unless private addresses are allowed', async () => {
    const inbox = (url: string) => new URL(url);
    expect(await deliverableInboxes([inbox('https://93.184.215.14/inbox'), null], false)).toBe(
      true,
    );
    for (const address of [
      'http://127.0.0.1:8080/inbox',
      'http://localhost/inbox',
      'http://169.254.169.254/latest/meta-data',
      'http://10.0.0.7/inbox',
      'http://[::1]/inbox',
      'http://[fd00::1]/inbox',
    ]) {
      expect(
        await deliverableInboxes([inbox('https://93.184.215.14/inbox'), inbox(address)], false),
        address,
      ).toBe(false);
      expect(await deliverableInboxes([inbox(address)], true), address).toBe(true);
    }
  });
});
