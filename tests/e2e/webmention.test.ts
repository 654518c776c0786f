/**
 * Webmention as another site meets it (issue 38 item 5), on loopback: the site runs as production
 * does (src/server.ts with the web build, its own process) and a hand-written site plays the
 * neighbour. Our post's page names its endpoint (HTTP Link header and <link> in the head); the
 * neighbour's reply page mentions the post, is verified and held, and once the owner approves it
 * through the owner API it is in the post's server-rendered HTML. The post, which links to the
 * neighbour's page, tells it too, at the endpoint that page names.
 */
import fs from 'node:fs';
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startServer, type RunningServer } from '@quillpost/api/test-support/running-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
let site: RunningServer;
let neighbour: { url: string; mentions: Array<Record<string, string>>; close(): Promise<void> };
let postUrl: string;

/** The neighbour: a reply page mentioning our post, a page our post links to, and an endpoint. */
async function startNeighbour(replyTo: () => string) {
  const mentions: Array<Record<string, string>> = [];
  const server = http.createServer((req, res) => {
    if (req.method === 'POST' && req.url === '/mentions') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        mentions.push(Object.fromEntries(new URLSearchParams(body)));
        res.writeHead(202).end();
      });
      return;
    }
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    if (req.url === '/notes/tools') {
      res.end('<html><head><link rel="webmention" href="/mentions"></head><body>Tools.</body>');
    } else {
      res.end(`<!doctype html><html><head><title>On small tools</title></head><body>
        <article class="h-entry">
          <a class="p-author h-card" href="/">Ada Lovelace</a>
          <div class="e-content"><p>Small tools are the best tools, as
            <a href="${replyTo()}">Rowan says</a>.</p></div>
        </article></body></html>`);
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mentions,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-webmention-'));
  neighbour = await startNeighbour(() => postUrl);
  fs.mkdirSync(path.join(dir, 'posts'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'site.yml'),
    'title: Rowan Ellis\ntimezone: UTC\nowner:\n  name: Rowan Ellis\n',
  );
  // Dated yesterday: news, so the pages it links to are told.
  const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  fs.writeFileSync(
    path.join(dir, 'posts/small-tools.md'),
    `---\ntitle: Small tools\ndate: ${yesterday}\ncategory: build\n---\n\n` +
      `I keep my tools small, like [these](${neighbour.url}/notes/tools).\n`,
  );
  site = await startServer({
    contentDir: dir,
    pages: true,
    env: { FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
  postUrl = `${site.url}/posts/small-tools`;
}, 60_000);

afterAll(async () => {
  await site?.stop();
  await neighbour?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('Webmention', { timeout: 90_000 }, () => {
  it('advertises its endpoint on a post, in the header and the head', async () => {
    const page = await fetch(postUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('link')).toContain(`<${site.url}/webmention>; rel="webmention"`);
    expect(await page.text()).toMatch(
      new RegExp(`<link [^>]*rel="webmention" href="${site.url}/webmention"`),
    );
  });

  it('tells the page a post links to, at the endpoint that page names', async () => {
    await expect
      .poll(() => neighbour.mentions, { timeout: 30_000 })
      .toEqual([{ source: postUrl, target: `${neighbour.url}/notes/tools` }]);
  });

  it('holds a mention until the owner approves it, then shows it under the post', async () => {
    const source = `${neighbour.url}/replies/1`;
    const sent = await fetch(`${site.url}/webmention`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ source, target: postUrl }),
    });
    expect(sent.status).toBe(202);

    const owner = await site.signInOwner();
    const ownerApi = (method: string, url: string) =>
      fetch(`${site.url}${url}`, {
        method,
        headers: { Cookie: owner, Origin: site.url, 'Content-Type': 'application/json' },
      });
    type Held = { id: number; source: string; url: string; text: string; author: { name: string } };
    let held: Held | undefined;
    await expect
      .poll(
        async () => {
          const res = await ownerApi('GET', '/api/admin/fediverse/replies?status=held');
          const { items } = (await res.json()) as { items: Held[] };
          held = items.find((item) => item.url === source);
          return held && { source: held.source, author: held.author.name };
        },
        { timeout: 30_000 },
      )
      .toEqual({ source: 'webmention', author: 'Ada Lovelace' });
    expect(held!.text).toContain('Small tools are the best tools');
    expect(await (await fetch(postUrl)).text()).not.toContain('Small tools are the best tools');

    const approved = await ownerApi('POST', `/api/admin/fediverse/replies/${held!.id}/approve`);
    expect(approved.status).toBe(200);
    const html = await (await fetch(postUrl)).text();
    expect(html).toContain('Small tools are the best tools');
    expect(html).toContain('Ada Lovelace');
    expect(html).toMatch(new RegExp(`<a [^>]*href="${source}"[^>]*>via Webmention</a>`));
  });
});
