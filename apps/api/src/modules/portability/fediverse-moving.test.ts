/**
 * A move keeps the audience (issue 38 item 8): the site's archive carries its fediverse account
 * (both key pairs, the handles it answered to, its followers, its blocks) and the replies from
 * other servers, says in its README that the keys are a secret, and an import on a new server at
 * the same address restores them, so the actor its followers know answers there with the same
 * public key and the replies are under the same posts. The dry run lists what it would
 * write and writes nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { iso } from '../../clock.js';
import { signInAs } from '../../test-support/community.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { siteKeyPairs } from '../fediverse/account.js';
import { keepFollower, rememberHandle } from '../fediverse/store/account.js';
import { keepBlock } from '../fediverse/store/blocks.js';
import { post } from '../../test-support/content.js';
import { syncContent } from '../content/index.js';
import { receiveRemoteReply } from '../discussions/index.js';
import {
  exportEverything,
  openExport,
  readExport,
  runImport,
  type ImportOptions,
} from './index.js';

const track = cleanupAfterEach();
const PUBLIC_URL = 'https://rowan.example';

function site() {
  const t = createTestApp({ env: { PUBLIC_URL, WEB_ORIGIN: PUBLIC_URL } });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-moving-'));
  track(t.cleanup, () => fs.rmSync(dir, { recursive: true, force: true }));
  return { t, dir };
}
type Site = ReturnType<typeof site>;

async function publicKeyOf(s: Site): Promise<string> {
  const res = await request(s.t.app)
    .get('/ap/users/site')
    .set('Accept', 'application/activity+json');
  expect(res.status).toBe(200);
  return (JSON.parse(res.text) as { publicKey: { publicKeyPem: string } }).publicKey.publicKeyPem;
}

const followersOf = (s: Site) =>
  s.t.deps.db
    .prepare(
      'SELECT actor_id, inbox, shared_inbox, host, name, handle, url, followed_at FROM fediverse_followers ORDER BY actor_id',
    )
    .all();

/** A reply from another server to the site's post, as the inbox takes one. */
function reply(s: Site, name: string, text: string) {
  const itemId = s.t.deps.db
    .prepare("SELECT id FROM content_items WHERE slug = 'small-tools'")
    .pluck()
    .get() as number;
  return receiveRemoteReply(
    s.t.deps.db,
    {
      source: 'fediverse',
      objectId: `https://social.example/users/${name}/notes/1`,
      url: `https://social.example/@${name}/1`,
      inReplyTo: { itemId },
      author: {
        id: `https://social.example/users/${name}`,
        name: `${name} reads`,
        handle: `@${name}@social.example`,
        url: `https://social.example/@${name}`,
        avatarSource: null,
      },
      html: text,
    },
    iso(s.t.clock.now()),
  )!;
}

const repliesOf = async (s: Site) => {
  const owner = await signInAs(s.t, 'admin');
  const res = await request(s.t.app)
    .get('/api/admin/fediverse/replies')
    .set('Cookie', owner.cookie);
  return (
    res.body.items as Array<{
      status: string;
      post: { path: string };
      author: { name: string };
      text: string;
    }>
  )
    .map(({ status, post, author, text }) => ({
      status,
      post: post.path,
      author: author.name,
      text,
    }))
    .sort((a, b) => a.author.localeCompare(b.author));
};

function follow(s: Site, name: string, server: string, at: string) {
  keepFollower(
    s.t.deps.db,
    {
      actorId: `https://${server}/users/${name}`,
      inbox: `https://${server}/users/${name}/inbox`,
      sharedInbox: `https://${server}/inbox`,
      host: server,
      followId: `https://${server}/follows/${name}`,
      profile: {
        name: `${name} reads`,
        handle: `@${name}@${server}`,
        url: `https://${server}/@${name}`,
      },
    },
    at,
  );
}

async function exportOf(s: Site): Promise<string> {
  const archive = path.join(s.dir, 'everything.zip');
  await exportEverything(
    { db: s.t.deps.db, contentDir: s.dir, siteTitle: 'Rowan', now: iso(s.t.clock.now()) },
    archive,
  );
  return archive;
}

const sync = (s: Site) => syncContent(s.t.deps.db, s.dir, s.t.clock, s.t.deps.logger);

async function importInto(s: Site, archive: string, options: Partial<ImportOptions> = {}) {
  const files = await openExport(archive);
  return runImport(
    {
      db: s.t.deps.db,
      contentDir: s.dir,
      reportsDir: path.join(s.dir, 'reports'),
      now: iso(s.t.clock.now()),
      sync: () => sync(s),
    },
    'archive',
    readExport('archive', files),
    files,
    { dryRun: false, overwrite: false, category: 'write', fetchImages: false, ...options },
  );
}

describe('moving the fediverse account', { timeout: 60_000 }, () => {
  it('exports the keys with a warning, and an import keeps the followers and the public key', async () => {
    const from = site();
    await siteKeyPairs(from.t.deps.db, from.t.clock);
    follow(from, 'ada', 'social.example', '2026-03-01T10:00:00.000Z');
    follow(from, 'bo', 'tiny.example', '2026-05-01T10:00:00.000Z');
    rememberHandle(from.t.deps.db, 'rowan_writes', '2026-01-01T00:00:00.000Z');
    keepBlock(
      from.t.deps.db,
      { kind: 'domain', value: 'spam.example' },
      '2026-02-01T00:00:00.000Z',
    );
    fs.mkdirSync(path.join(from.dir, 'posts'));
    fs.writeFileSync(path.join(from.dir, 'posts', 'small-tools.md'), post('Small tools'));
    sync(from);
    reply(from, 'ada', '<p>Lovely post.</p><p>Thank you &amp; more</p>');
    const approved = reply(from, 'bo', '<p>Replying from Mastodon</p>');
    const owner = await signInAs(from.t, 'admin');
    await request(from.t.app)
      .post(`/api/admin/fediverse/replies/${approved.id}/approve`)
      .set('Cookie', owner.cookie)
      .set('Origin', PUBLIC_URL)
      .expect(200);
    const replies = await repliesOf(from);
    expect(replies).toEqual([
      {
        status: 'held',
        post: '/posts/small-tools',
        author: 'ada reads',
        text: 'Lovely post.\n\nThank you & more',
      },
      {
        status: 'approved',
        post: '/posts/small-tools',
        author: 'bo reads',
        text: 'Replying from Mastodon',
      },
    ]);
    const key = await publicKeyOf(from);
    const archive = await exportOf(from);

    const files = await openExport(archive);
    expect(files.read('README.md').toString()).toMatch(
      /fediverse\.json` has the private keys of the site's fediverse\s+account\. Anyone who has them can post/,
    );
    expect(JSON.parse(files.read('fediverse.json').toString())).toMatchObject({
      keys: [{ algorithm: 'RSASSA-PKCS1-v1_5' }, { algorithm: 'Ed25519' }],
      followers: [
        { actorId: 'https://social.example/users/ada' },
        { actorId: 'https://tiny.example/users/bo' },
      ],
    });

    // The new server already runs, and made keys of its own before the move.
    const to = site();
    const ownKey = await publicKeyOf(to);
    expect(ownKey).not.toBe(key);

    const dryRun = await importInto(to, archive, { dryRun: true });
    expect(dryRun.fediverse).toEqual({
      keys: ['RSASSA-PKCS1-v1_5', 'Ed25519'],
      handles: expect.arrayContaining(['rowan_writes']),
      followers: ['https://social.example/users/ada', 'https://tiny.example/users/bo'],
      blocks: ['domain spam.example'],
      replies: ['/posts/small-tools: ada reads', '/posts/small-tools: bo reads'],
    });
    expect(followersOf(to)).toEqual([]);
    expect(await publicKeyOf(to)).toBe(ownKey);

    const report = await importInto(to, archive);
    // The owners signed in above come as members (the archive's admins are not confirmed).
    expect(report.refused.filter(({ where }) => !where.startsWith('member '))).toEqual([]);
    expect(followersOf(to)).toEqual(followersOf(from));
    // Under the same post, held or approved as they were.
    expect(await repliesOf(to)).toEqual(replies);
    expect(followersOf(to)).toContainEqual(
      expect.objectContaining({ name: 'ada reads', handle: '@ada@social.example' }),
    );
    const blocked = await request(to.t.app)
      .get('/api/admin/fediverse/blocks')
      .set('Cookie', (await signInAs(to.t, 'admin')).cookie);
    expect(blocked.body.items).toEqual([
      {
        id: expect.any(Number),
        kind: 'domain',
        value: 'spam.example',
        createdAt: '2026-02-01T00:00:00.000Z',
      },
    ]);
    // The same actor, signing with the same key, without a restart.
    expect(await publicKeyOf(to)).toBe(key);
    const oldHandle = await request(to.t.app)
      .get('/.well-known/webfinger')
      .query({ resource: 'acct:rowan_writes@rowan.example' });
    expect(oldHandle.status).toBe(200);

    // Run again, it finds all of it here.
    const again = await importInto(to, archive);
    expect(again.fediverse).toEqual({
      keys: [],
      handles: [],
      followers: [],
      blocks: [],
      replies: [],
    });
    expect(await repliesOf(to)).toHaveLength(2);
    expect(again.kept).toContainEqual({
      where: 'follower https://tiny.example/users/bo',
      message: 'Already follows the site here.',
    });
  });

  it('leaves the keys of a site with followers of its own, unless told to overwrite', async () => {
    const from = site();
    await siteKeyPairs(from.t.deps.db, from.t.clock);
    follow(from, 'ada', 'social.example', '2026-03-01T10:00:00.000Z');
    const key = await publicKeyOf(from);
    const archive = await exportOf(from);

    const to = site();
    follow(to, 'cy', 'elsewhere.example', '2026-04-01T10:00:00.000Z');
    const ownKey = await publicKeyOf(to);
    const report = await importInto(to, archive);
    expect(report.fediverse?.keys).toEqual([]);
    expect(report.kept).toContainEqual(expect.objectContaining({ where: 'fediverse.json keys' }));
    expect(await publicKeyOf(to)).toBe(ownKey);
    expect(followersOf(to)).toHaveLength(2);

    await importInto(to, archive, { overwrite: true });
    expect(await publicKeyOf(to)).toBe(key);
  });

  it('refuses a fediverse.json that is not what the site writes, before writing anything', async () => {
    const from = site();
    follow(from, 'ada', 'social.example', '2026-03-01T10:00:00.000Z');
    const archive = await exportOf(from);
    const files = await openExport(archive);
    const tampered = {
      ...files,
      read: (name: string) =>
        name === 'fediverse.json'
          ? Buffer.from(
              JSON.stringify({
                keys: [],
                handles: [],
                followers: [{ actorId: 'javascript:alert(1)' }],
              }),
            )
          : files.read(name),
    };
    expect(() => readExport('archive', tampered)).toThrow(
      /fediverse\.json at followers\.0\.actorId/,
    );
  });
});
