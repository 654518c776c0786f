/**
 * Mentions received (the W3C Webmention recommendation): the endpoint takes a form of two
 * different http(s) addresses whose target is one of our posts, answers 202 and verifies later,
 * in its queue: the source is fetched (through the address guard: never a private address unless
 * FEDERATION_ALLOW_PRIVATE_ADDRESSES) and must link to the target. A verified mention is a reply
 * held for the owner, shown under the post once approved; sent again it is updated, and removed
 * when the source is gone or stops linking. Refused mentions leave nothing behind.
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { itemPath, MESSAGES } from '@quillpost/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { as, signInAs } from '../../test-support/community.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { createWebmention } from './index.js';

const track = cleanupAfterEach();
const PUBLIC_URL = 'https://rowan.example';
const TARGET = `${PUBLIC_URL}${itemPath('post', 'small-tools')}`;

/** Someone's site on loopback: pages a test sets, and what it was asked. */
async function theirSite() {
  const pages = new Map<string, { status: number; type?: string; body: string }>();
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    asked.push(req.url ?? '');
    const page = pages.get(req.url ?? '') ?? { status: 404, body: 'Not found' };
    res.writeHead(page.status, { 'Content-Type': page.type ?? 'text/html; charset=utf-8' });
    res.end(page.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  track(() => new Promise((resolve) => server.close(resolve)));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, pages, asked };
}

/** An IndieWeb reply: an h-entry with its author's h-card and its words in e-content. */
const reply = (words: string, link = TARGET) => `<!doctype html>
<html><head><title>A reply about small tools</title></head><body>
<article class="h-entry">
  <a class="p-author h-card" href="/about"><img class="u-photo" src="/me.jpg" alt="">Ada Lovelace</a>
  <div class="e-content"><p>${words} <a href="${link}">Rowan's post</a></p>
    <script>alert('no')</script></div>
</article></body></html>`;

function site(env: Record<string, string> = {}) {
  const folder = createContentFolder({
    'posts/small-tools.md': post('Small tools', { date: '2026-01-01' }),
  });
  const t = createTestApp({
    env: { PUBLIC_URL, WEB_ORIGIN: PUBLIC_URL, CONTENT_DIR: folder.dir, ...env },
  });
  track(folder.cleanup, t.cleanup);
  syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
  const webmention = createWebmention(t.deps);
  const db = t.deps.db;
  return {
    ...t,
    webmention,
    mention: (source: string, target = TARGET) =>
      request(t.app).post('/webmention').type('form').send({ source, target }),
    jobs: () => db.prepare('SELECT kind, source, target FROM webmention_jobs').all(),
    mentions: () => db.prepare('SELECT source, target FROM webmention_mentions').all(),
  };
}

describe('the Webmention endpoint', () => {
  it('answers 400 with the reason for a mention it cannot take', async () => {
    const s = site();
    const refused = async (body: Record<string, string>) => {
      const res = await request(s.app).post('/webmention').type('form').send(body);
      return [res.status, res.body.message as string];
    };
    expect(await refused({ target: TARGET })).toEqual([400, MESSAGES.WEBMENTION_SOURCE_INVALID]);
    expect(await refused({ source: 'ftp://their.example/x', target: TARGET })).toEqual([
      400,
      MESSAGES.WEBMENTION_SOURCE_INVALID,
    ]);
    expect(await refused({ source: 'https://their.example/x', target: 'not a url' })).toEqual([
      400,
      MESSAGES.WEBMENTION_TARGET_INVALID,
    ]);
    expect(await refused({ source: TARGET, target: TARGET })).toEqual([
      400,
      MESSAGES.WEBMENTION_SAME_URL,
    ]);
    for (const target of [
      `${PUBLIC_URL}${itemPath('post', 'no-such-post')}`,
      `${PUBLIC_URL}/about`,
      `https://elsewhere.example${itemPath('post', 'small-tools')}`,
    ]) {
      expect(await refused({ source: 'https://their.example/x', target })).toEqual([
        400,
        MESSAGES.WEBMENTION_TARGET_UNKNOWN,
      ]);
    }
    expect(s.jobs()).toEqual([]);
  });

  it('answers 202 and queues one verification, however often it is sent', async () => {
    const s = site();
    for (let sent = 0; sent < 3; sent += 1) {
      const res = await s.mention('https://their.example/reply');
      expect(res.status).toBe(202);
      expect(res.body.message).toBe(MESSAGES.WEBMENTION_ACCEPTED);
    }
    expect(s.jobs()).toEqual([
      { kind: 'verify', source: 'https://their.example/reply', target: TARGET },
    ]);
  });

  it('limits each client address to 30 mentions a minute', async () => {
    const s = site();
    for (let sent = 0; sent < 30; sent += 1) {
      expect((await s.mention(`https://their.example/${sent}`)).status).toBe(202);
    }
    const over = await s.mention('https://their.example/one-more');
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });

  it('is not there with FEDERATION=off', async () => {
    const s = site({ FEDERATION: 'off' });
    expect((await s.mention('https://their.example/reply')).status).toBe(404);
  });
});

/** What every visitor sees under the post. */
const conversationText = async (s: ReturnType<typeof site>) =>
  JSON.stringify((await request(s.app).get('/api/posts/small-tools/comments')).body);

interface HeldReply {
  id: number;
  source: string;
  url: string;
  text: string;
  author: { name: string; handle: string | null; url: string; avatarUrl: string | null };
  post: { title: string; path: string };
}

describe('verifying a mention', { timeout: 30_000 }, () => {
  it('holds a verified mention for the owner, shows it once approved, and keeps it current', async () => {
    const them = await theirSite();
    const s = site({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });
    const owner = as(s, await signInAs(s, 'admin'));
    const held = async () =>
      ((await owner.get('/api/admin/fediverse/replies?status=held')).body as { items: HeldReply[] })
        .items;
    const source = `${them.url}/reply`;
    them.pages.set('/reply', { status: 200, body: reply('Small tools win.') });

    expect((await s.mention(source)).status).toBe(202);
    await s.webmention.runDue();

    const [mention, ...others] = await held();
    expect(others).toEqual([]);
    expect(mention).toMatchObject({
      source: 'webmention',
      url: source,
      post: { title: 'Small tools', path: itemPath('post', 'small-tools') },
      author: { name: 'Ada Lovelace', handle: null, url: `${them.url}/about` },
    });
    expect(mention!.text).toContain('Small tools win.');
    expect(mention!.text).not.toContain('<script');
    expect(await conversationText(s)).not.toContain('Small tools win.');

    expect((await owner.post(`/api/admin/fediverse/replies/${mention!.id}/approve`)).status).toBe(
      200,
    );
    expect(await conversationText(s)).toContain('Small tools win.');

    // Sent again after an edit: the same reply, its words changed.
    them.pages.set('/reply', { status: 200, body: reply('Small tools still win.') });
    expect((await s.mention(source)).status).toBe(202);
    await s.webmention.runDue();
    expect(await conversationText(s)).toContain('Small tools still win.');
    expect(s.mentions()).toEqual([{ source, target: TARGET }]);

    // Sent again once the page is gone: the reply goes too.
    them.pages.set('/reply', { status: 410, body: 'Gone' });
    expect((await s.mention(source)).status).toBe(202);
    await s.webmention.runDue();
    expect(await conversationText(s)).not.toContain('Small tools');
    expect(s.mentions()).toEqual([]);
  });

  it('removes a mention whose source no longer links to the target', async () => {
    const them = await theirSite();
    const s = site({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });
    const source = `${them.url}/reply`;
    them.pages.set('/reply', { status: 200, body: reply('First thoughts.') });
    await s.mention(source);
    await s.webmention.runDue();
    expect(s.mentions()).toEqual([{ source, target: TARGET }]);

    them.pages.set('/reply', { status: 200, body: '<p>Rewritten, without the link.</p>' });
    await s.mention(source);
    await s.webmention.runDue();
    expect(s.mentions()).toEqual([]);
    const owner = as(s, await signInAs(s, 'admin'));
    const { items } = (await owner.get('/api/admin/fediverse/replies?status=held')).body as {
      items: HeldReply[];
    };
    expect(items).toEqual([]);
  });

  it('tries a source that did not answer again later, and resumes after a restart', async () => {
    const them = await theirSite();
    const s = site({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });
    const source = `${them.url}/reply`;
    them.pages.set('/reply', { status: 503, body: 'Busy' });
    await s.mention(source);
    await s.webmention.runDue();
    expect(s.jobs()).toEqual([{ kind: 'verify', source, target: TARGET }]);
    expect(s.mentions()).toEqual([]);

    them.pages.set('/reply', { status: 200, body: reply('Later.') });
    await s.webmention.runDue();
    expect(them.asked).toEqual(['/reply']);

    // A process that died while verifying it: the next one takes the job back.
    s.clock.advance(60_000);
    s.deps.db
      .prepare(
        `UPDATE webmention_jobs SET status = 'working', claimed_by = 'gone', locked_until = ?`,
      )
      .run(new Date(s.clock.now() + 3_600_000).toISOString());
    const restarted = createWebmention(s.deps, { queue: { pollIntervalMs: 60_000 } });
    restarted.start();
    track(() => restarted.stop());
    await expect
      .poll(() => s.mentions(), { timeout: 10_000 })
      .toEqual([{ source, target: TARGET }]);
    expect(s.jobs()).toEqual([]);
  });

  it('refuses a source that does not link to the target, and keeps nothing', async () => {
    const them = await theirSite();
    const s = site({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });
    them.pages.set('/elsewhere', {
      status: 200,
      body: reply('Linking elsewhere.', `${PUBLIC_URL}${itemPath('post', 'other')}`),
    });
    them.pages.set('/as-text', { status: 200, body: `See ${PUBLIC_URL}/`, type: 'text/plain' });

    expect((await s.mention(`${them.url}/elsewhere`)).status).toBe(202);
    expect((await s.mention(`${them.url}/as-text`)).status).toBe(202);
    await s.webmention.runDue();

    expect(them.asked.sort()).toEqual(['/as-text', '/elsewhere']);
    expect(s.mentions()).toEqual([]);
    expect(s.jobs()).toEqual([]);
  });

  it('reads no source past 1 MB', async () => {
    const them = await theirSite();
    const s = site({ FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });
    them.pages.set('/long', {
      status: 200,
      body: reply('Long.') + '<p>words</p>'.repeat(100_000),
    });
    await s.mention(`${them.url}/long`);
    await s.webmention.runDue();
    expect(s.mentions()).toEqual([]);
    expect(s.jobs()).toEqual([]);
  });

  it('never fetches a source on a private address while the guard is on', async () => {
    const them = await theirSite();
    const s = site();
    them.pages.set('/reply', { status: 200, body: reply('Hello.') });

    expect((await s.mention(`${them.url}/reply`)).status).toBe(202);
    await s.webmention.runDue();

    expect(them.asked).toEqual([]);
    expect(s.mentions()).toEqual([]);
    expect(s.jobs()).toEqual([]);
  });
});
