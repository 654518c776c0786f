/**
 * The social web as a Mastodon user meets it (issue 38), all on loopback over TLS: the site runs
 * as production does (src/server.ts, its own process) behind a TLS front, and a second Fedify
 * server in a process of its own plays Mastodon. Both trust a throwaway CA through
 * NODE_EXTRA_CA_CERTS, as the README tells self-hosters with a private CA. The peer finds the site
 * by WebFinger, follows it and gets a signed Accept, receives a post published by its file with
 * the signature checked, and unfollows; a forged activity gets 401, a 5 MB body 413; and a site
 * with the private-address guard on never fetches the peer (it is on loopback) and keeps nothing.
 * A reply from the peer is held, approved by the owner through the owner API and then in the
 * post's server-rendered page; the owner's answer reaches the peer, an Update changes the reply's
 * text, a Delete removes it, and a blocked domain's reply is refused.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readRows } from '@quillpost/api/test-support/database-file';
import { freePort } from '@quillpost/api/test-support/free-port';
import type { RunningServer } from '@quillpost/api/test-support/running-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  makeCertificates,
  overTls,
  startTlsSite,
  type Answer,
  type Certificates,
  type TlsSite,
} from '../support/fediverse-tls.js';

const apiDir = path.resolve(import.meta.dirname, '../../apps/api');
const PEER_SCRIPT = path.join(apiDir, 'src/test-support/fediverse-peer.ts');

let dir: string;
let certificates: Certificates;
const cleanups: Array<() => unknown> = [];
let previousExtraCa: string | undefined;

/** The Mastodon stand-in: a second Fedify server, over TLS, in its own process. */
async function startPeer() {
  const controlPort = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      PEER_SCRIPT,
      path.join(dir, 'leaf.key'),
      path.join(dir, 'leaf.crt'),
      String(controlPort),
    ],
    { cwd: apiDir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  cleanups.push(() => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    return exited;
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('peer ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the peer exited with ${code}`)));
  });
  const control = async <T>(what: string, body?: Record<string, string>): Promise<T> => {
    const res = await fetch(`http://127.0.0.1:${controlPort}/${what}`, {
      method: body ? 'POST' : 'GET',
      body: body && JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${what}: ${await res.text()}`);
    return (await res.json()) as T;
  };
  const { origin, actorId } = await control<{ origin: string; actorId: string }>('peer');
  return {
    origin,
    actorId,
    follow: (target: string) => control<{ followId: string }>('follow', { target }),
    unfollow: (target: string, followId: string) => control('unfollow', { target, followId }),
    forgedFollow: (inbox: string, target: string) =>
      control<{ status: number }>('forged-follow', { inbox, target }),
    reply: (target: string, inReplyTo: string, html: string) =>
      control<{ noteId: string }>('reply', { target, inReplyTo, html }),
    editReply: (target: string, noteId: string, html: string) =>
      control('edit-reply', { target, noteId, html }),
    deleteReply: (target: string, noteId: string) => control('delete-reply', { target, noteId }),
    received: () =>
      control<Array<{ type: string; actor: string; json: Record<string, unknown> }>>('received'),
    requested: () =>
      control<Array<{ method: string; path: string; userAgent: string }>>('requested'),
  };
}

let site: TlsSite;
let peer: Awaited<ReturnType<typeof startPeer>>;
let handle: string;

/** The owner signed in over TLS by a magic link from the development mailbox: their cookie. */
async function signInOwner(url: string): Promise<string> {
  const json = { 'Content-Type': 'application/json', Origin: url };
  const before = JSON.parse((await overTls(certificates.ca, `${url}/dev/mailbox.json`)).text) as {
    messages: Array<{ to: string; text: string }>;
  };
  const asked = await overTls(certificates.ca, `${url}/api/auth/magic-link`, {
    method: 'POST',
    headers: json,
    body: Buffer.from(JSON.stringify({ email: 'owner@example.com' })),
  });
  expect(asked.status).toBe(200);
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = JSON.parse(
          (await overTls(certificates.ca, `${url}/dev/mailbox.json`)).text,
        ) as {
          messages: Array<{ to: string; text: string }>;
        };
        const mail = messages.length > before.messages.length ? messages[0] : undefined;
        link = mail && /https:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/.exec(mail.text)?.[0];
        return link;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  const page = await overTls(certificates.ca, link!);
  const cookies = (answer: Answer) =>
    [answer.headers['set-cookie'] ?? []].flat().map((line) => line.split(';')[0]!);
  const field = (name: string) =>
    new RegExp(`name="${name}" value="([^"]+)"`).exec(page.text)?.[1] ?? '';
  const verified = await overTls(certificates.ca, `${url}/api/auth/magic-link/verify`, {
    method: 'POST',
    headers: {
      Cookie: cookies(page).join('; '),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: Buffer.from(
      new URLSearchParams({ token: field('token'), csrf: field('csrf') }).toString(),
    ),
  });
  const session = cookies(verified).find((pair) => /qp_session=/.test(pair));
  if (!session) throw new Error(`owner sign-in failed: ${verified.status} ${verified.text}`);
  return session;
}

const followersOf = (server: RunningServer) =>
  readRows<{ actor_id: string }>(
    path.join(server.dataDir, 'site.db'),
    'SELECT actor_id FROM fediverse_followers',
  );

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-fediverse-'));
  certificates = makeCertificates(dir);
  // Read by each process as it starts: the site's and the peer's.
  previousExtraCa = process.env.NODE_EXTRA_CA_CERTS;
  process.env.NODE_EXTRA_CA_CERTS = certificates.caFile;
  site = await startTlsSite({
    contentDir: path.join(dir, 'content'),
    leaf: certificates.leaf,
    handle: 'rowan',
    env: { FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
    // With the web build: a reply, once approved, is in the post's server-rendered page.
    pages: true,
  });
  cleanups.push(() => site.stop());
  peer = await startPeer();
  handle = `@rowan@${new URL(site.url).host}`;
});

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  if (previousExtraCa === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
  else process.env.NODE_EXTRA_CA_CERTS = previousExtraCa;
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('the social web', () => {
  it('says loudly at start that private addresses are allowed', () => {
    expect(site.server.log()).toContain('FEDERATION_ALLOW_PRIVATE_ADDRESSES=true');
  });

  it('is found by WebFinger and described by NodeInfo, over TLS', async () => {
    const host = new URL(site.url).host;
    const found = await overTls(
      certificates.ca,
      `${site.url}/.well-known/webfinger?resource=${encodeURIComponent(`acct:rowan@${host}`)}`,
    );
    expect(found.status).toBe(200);
    expect(JSON.parse(found.text)).toMatchObject({
      subject: `acct:rowan@${host}`,
      links: expect.arrayContaining([
        expect.objectContaining({ rel: 'self', href: `${site.url}/ap/users/site` }),
      ]),
    });
    const nobody = await overTls(
      certificates.ca,
      `${site.url}/.well-known/webfinger?resource=${encodeURIComponent(`acct:nobody@${host}`)}`,
    );
    expect(nobody.status).toBe(404);
    const nodeInfo = await overTls(certificates.ca, `${site.url}/nodeinfo/2.1`);
    expect(JSON.parse(nodeInfo.text)).toMatchObject({ software: { name: 'quillpost' } });
  });

  it('is followed from the peer by its handle, answers with a signed Accept, delivers a post, and is unfollowed', async () => {
    const { followId } = await peer.follow(handle);
    await expect
      .poll(async () => (await peer.received()).map(({ type, actor }) => ({ type, actor })), {
        timeout: 20_000,
      })
      .toContainEqual({ type: 'Accept', actor: `${site.url}/ap/users/site` });
    expect(followersOf(site.server)).toEqual([{ actor_id: peer.actorId }]);

    // Published by its file: the watcher syncs it, the site sends it.
    fs.writeFileSync(
      path.join(site.contentDir, 'posts', 'across-the-fediverse.md'),
      `---\ntitle: Across the fediverse\ndate: ${new Date().toISOString()}\ncategory: build\ntags: [fediverse]\n---\n\nHello, ![a desk](/content/images/desk.jpg) Mastodon.\n`,
    );
    await expect
      .poll(async () => (await peer.received()).filter(({ type }) => type === 'Create'), {
        timeout: 30_000,
      })
      .toHaveLength(1);
    const create = (await peer.received()).find(({ type }) => type === 'Create')!;
    expect(create.actor).toBe(`${site.url}/ap/users/site`);
    expect(create.json).toMatchObject({
      object: {
        type: 'Article',
        name: 'Across the fediverse',
        url: `${site.url}/posts/across-the-fediverse`,
      },
    });
    expect(String((create.json.object as { content: string }).content)).toContain(
      `src="${site.url}/content/images/desk.jpg"`,
    );

    await peer.unfollow(handle, followId);
    await expect.poll(() => followersOf(site.server), { timeout: 20_000 }).toEqual([]);
  });

  it('refuses a forged activity with 401 and a 5 MB body with 413', async () => {
    const forged = await peer.forgedFollow(`${site.url}/ap/inbox`, `${site.url}/ap/users/site`);
    expect(forged.status).toBe(401);
    const huge = await overTls(certificates.ca, `${site.url}/ap/inbox`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/activity+json' },
      body: Buffer.alloc(5 * 1024 * 1024, 'x'),
    });
    expect(huge.status).toBe(413);
    expect(followersOf(site.server)).toEqual([]);
  });

  it('never fetches an actor on a private address while the guard is on', async () => {
    const guarded = await startTlsSite({
      contentDir: path.join(dir, 'guarded'),
      leaf: certificates.leaf,
      handle: 'rowan',
    });
    cleanups.push(() => guarded.stop());
    expect(guarded.server.log()).not.toContain('FEDERATION_ALLOW_PRIVATE_ADDRESSES=true');
    await expect(peer.follow(`@rowan@${new URL(guarded.url).host}`)).rejects.toThrow(/401/);
    expect(followersOf(guarded.server)).toEqual([]);
    const asked = (await peer.requested()).filter(({ userAgent }) =>
      userAgent.includes(guarded.url),
    );
    expect(asked).toEqual([]);
  });

  it('holds a reply from the peer, shows it under the post once approved, answers it, follows its Update and Delete, and refuses a blocked domain', async () => {
    fs.writeFileSync(
      path.join(site.contentDir, 'posts', 'replies-come-home.md'),
      `---\ntitle: Replies come home\ndate: ${new Date().toISOString()}\ncategory: build\n---\n\nWrite back.\n`,
    );
    const postUrl = `${site.url}/posts/replies-come-home`;
    const page = async () => (await overTls(certificates.ca, postUrl)).text;
    await expect
      .poll(async () => (await overTls(certificates.ca, postUrl)).status, { timeout: 30_000 })
      .toBe(200);
    const owner = await signInOwner(site.url);
    const ownerApi = async (method: string, address: string, body?: object) => {
      const answer = await overTls(certificates.ca, `${site.url}${address}`, {
        method,
        headers: { Cookie: owner, Origin: site.url, 'Content-Type': 'application/json' },
        body: body && Buffer.from(JSON.stringify(body)),
      });
      type Json = { id?: number; items?: Array<{ id: number; url: string; text: string }> };
      return { status: answer.status, json: JSON.parse(answer.text || 'null') as Json };
    };

    const { noteId } = await peer.reply(
      handle,
      postUrl,
      `<p><a href="${site.url}/ap/users/site" class="mention">@rowan</a> Small tools, big joy.</p>`,
    );
    let held: { id: number; url: string; text: string } | undefined;
    await expect
      .poll(
        async () => {
          const list = await ownerApi('GET', '/api/admin/fediverse/replies?status=held');
          held = list.json.items?.[0];
          return held?.text;
        },
        { timeout: 20_000 },
      )
      .toBe('@rowan Small tools, big joy.');
    expect(await page()).not.toContain('Small tools, big joy.');

    expect(
      (await ownerApi('POST', `/api/admin/fediverse/replies/${held!.id}/approve`)).status,
    ).toBe(200);
    await expect.poll(page, { timeout: 20_000 }).toContain('Small tools, big joy.');
    const html = await page();
    expect(html).toContain('ada on the peer');
    expect(html).toContain(`@ada@${new URL(peer.origin).host}`);
    expect(html).toContain(`href="${held!.url}"`);
    // Her picture is served by the site, fetched there once: readers never ask her server.
    const avatar = /<img[^>]+src="(\/fediverse\/avatars\/\d+)"/.exec(html)?.[1];
    expect(avatar).toBeDefined();
    const picture = await overTls(certificates.ca, `${site.url}${avatar}`);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(html).not.toContain(`${peer.origin}/avatars/`);

    // The owner answers under it: the peer receives a Note in reply to Ada's, signed by the site.
    const post = JSON.parse(
      (await overTls(certificates.ca, `${site.url}/api/posts/replies-come-home`)).text,
    ) as {
      id: string;
    };
    const answered = await ownerApi('POST', `/api/discussions/posts/${post.id}/comments`, {
      body: 'Thank you, Ada.',
      answersReplyId: held!.id,
    });
    expect(answered.status).toBe(201);
    await expect
      .poll(
        async () =>
          (await peer.received()).find(
            ({ type, json }) =>
              type === 'Create' && (json.object as { inReplyTo?: string }).inReplyTo === noteId,
          ),
        { timeout: 30_000 },
      )
      .toMatchObject({
        actor: `${site.url}/ap/users/site`,
        json: { object: { content: expect.stringContaining('Thank you, Ada.') } },
      });

    await peer.editReply(handle, noteId, '<p>Small tools, bigger joy.</p>');
    await expect.poll(page, { timeout: 20_000 }).toContain('Small tools, bigger joy.');
    expect(await page()).not.toContain('big joy.');

    await peer.deleteReply(handle, noteId);
    await expect.poll(page, { timeout: 20_000 }).not.toContain('bigger joy');
    const repliesKept = () =>
      readRows(path.join(site.server.dataDir, 'site.db'), 'SELECT id FROM remote_replies');
    expect(repliesKept()).toEqual([]);

    // The peer's domain blocked: its next reply is refused at the door, nothing kept.
    const blocked = await ownerApi('POST', '/api/admin/fediverse/blocks', {
      kind: 'domain',
      value: new URL(peer.origin).hostname,
    });
    expect(blocked.status).toBe(201);
    await expect(peer.reply(handle, postUrl, '<p>Let me in.</p>')).rejects.toThrow(/403/);
    expect(repliesKept()).toEqual([]);
    expect(
      (await ownerApi('DELETE', `/api/admin/fediverse/blocks/${blocked.json.id}`)).status,
    ).toBe(200);
  });
});
