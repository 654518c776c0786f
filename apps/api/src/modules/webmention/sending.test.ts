/**
 * Our posts tell the pages they link to: a published post's external links are looked up for a
 * Webmention endpoint (the HTTP Link header first, then a <link> or <a rel="webmention">, relative
 * addresses resolved against the page) and sent source and target as a form; once per post and
 * page until the post changes, then again (a page it stopped linking to too); and with the
 * private-address guard on, a page on a private address is never asked at all.
 */
import http from 'node:http';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { itemPath } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import { createContentFolder, post } from '../../test-support/content.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { createWebmention } from './index.js';

const track = cleanupAfterEach();
const PUBLIC_URL = 'https://rowan.example';
const POST_URL = `${PUBLIC_URL}${itemPath('post', 'small-tools')}`;

/** Pages elsewhere: one names its endpoint in a header, one in its HTML, one names none. */
async function elsewhere() {
  const asked: string[] = [];
  const mentions: Array<Record<string, string>> = [];
  const server = http.createServer((req, res) => {
    asked.push(`${req.method} ${req.url}`);
    if (req.method === 'POST') {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        mentions.push({
          endpoint: req.url ?? '',
          type: req.headers['content-type'] ?? '',
          ...Object.fromEntries(new URLSearchParams(body)),
        });
        res.writeHead(202).end();
      });
      return;
    }
    if (req.url === '/by-header') {
      res.writeHead(200, {
        'Content-Type': 'text/html',
        Link: '<https://elsewhere.example/>; rel="me", </hooks/header?v=1>; rel="other webmention"',
      });
      res.end('<html><head><link rel="webmention" href="/hooks/not-this-one"></head></html>');
    } else if (req.url === '/by-html') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(
        '<html><body><p>Hello</p><a rel="webmention" href="hooks/html">endpoint</a>' +
          '<link rel="webmention" href="/hooks/later"></body></html>',
      );
    } else {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>No endpoint here.</p>');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  track(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, asked, mentions };
}

function siteLinkingTo(pages: string, env: Record<string, string> = {}) {
  const body = (extra: string) =>
    [
      `Read [the header one](${pages}/by-header), [the HTML one](${pages}/by-html)`,
      `and [one with none](${pages}/plain); [my own](/about) is not told. ${extra}`,
    ].join(' ');
  const folder = createContentFolder({
    'posts/small-tools.md': post('Small tools', { date: '2026-01-01', body: body('') }),
    'posts/old.md': post('From the archive', {
      date: '2024-03-01',
      body: `An [old link](${pages}/by-header).`,
    }),
  });
  const t = createTestApp({
    env: { PUBLIC_URL, WEB_ORIGIN: PUBLIC_URL, CONTENT_DIR: folder.dir, ...env },
  });
  track(folder.cleanup, t.cleanup);
  const sync = () => syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
  sync();
  const webmention = createWebmention(t.deps);
  return {
    ...t,
    webmention,
    edit(extra: string) {
      folder.write(
        'posts/small-tools.md',
        post('Small tools', { date: '2026-01-01', body: body(extra) }),
      );
      sync();
    },
    withdraw() {
      folder.remove('posts/small-tools.md');
      sync();
    },
  };
}

async function send(site: ReturnType<typeof siteLinkingTo>) {
  site.webmention.sendChanges();
  await site.webmention.runDue();
}

describe('sending Webmentions', { timeout: 30_000 }, () => {
  it('tells each page a new post links to, at the endpoint it names, once', async () => {
    const pages = await elsewhere();
    const site = siteLinkingTo(pages.url, { FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });

    await send(site);
    const form = 'application/x-www-form-urlencoded';
    expect(pages.mentions.sort((a, b) => a.target!.localeCompare(b.target!))).toEqual([
      {
        endpoint: '/hooks/header?v=1',
        type: form,
        source: POST_URL,
        target: `${pages.url}/by-header`,
      },
      { endpoint: '/hooks/html', type: form, source: POST_URL, target: `${pages.url}/by-html` },
    ]);
    // The page without an endpoint was read and left alone; the old post told no one.
    expect(pages.asked.filter((line) => line.startsWith('GET')).sort()).toEqual([
      'GET /by-header',
      'GET /by-html',
      'GET /plain',
    ]);

    pages.mentions.length = 0;
    await send(site);
    expect(pages.mentions).toEqual([]);
    expect(site.deps.db.prepare('SELECT count(*) FROM webmention_jobs').pluck().get()).toBe(0);
  });

  it('tells them again when the post changes, and when it is withdrawn', async () => {
    const pages = await elsewhere();
    const site = siteLinkingTo(pages.url, { FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' });
    await send(site);
    pages.mentions.length = 0;

    site.edit('An edit.');
    await send(site);
    expect(pages.mentions.map((mention) => mention.target).sort()).toEqual([
      `${pages.url}/by-header`,
      `${pages.url}/by-html`,
    ]);

    pages.mentions.length = 0;
    site.withdraw();
    await send(site);
    expect(pages.mentions.map((mention) => [mention.source, mention.target]).sort()).toEqual([
      [POST_URL, `${pages.url}/by-header`],
      [POST_URL, `${pages.url}/by-html`],
    ]);
  });

  it('never asks a page on a private address while the guard is on', async () => {
    const pages = await elsewhere();
    const site = siteLinkingTo(pages.url);

    await send(site);
    expect(pages.asked).toEqual([]);
    expect(pages.mentions).toEqual([]);
    // Refused for good: nothing is left to retry.
    expect(site.deps.db.prepare('SELECT count(*) FROM webmention_jobs').pluck().get()).toBe(0);
  });
});
