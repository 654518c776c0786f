/**
 * A move keeps the Webmentions received (decision 0034): the archive's `webmentions.json` holds
 * each mention verified (the page that sent it, our post it named, whom its reply is kept as
 * written by), beside its reply in `remote-replies.json`, and an import on a new server puts both
 * back, so the reply is under the same post and a later send of the same page still updates or
 * removes it there.
 */
import http from 'node:http';
import { once } from 'node:events';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { iso } from '../../clock.js';
import { as, signInAs } from '../../test-support/community.js';
import { post } from '../../test-support/content.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { syncContent } from '../content/index.js';
import { createWebmention } from '../webmention/index.js';
import { exportEverything, openExport, readExport, runImport } from './index.js';

const track = cleanupAfterEach();
const PUBLIC_URL = 'https://rowan.example';
const TARGET = `${PUBLIC_URL}/posts/small-tools`;

/** Someone's blog on loopback, whose reply page a test sets. */
async function theirBlog() {
  let page = { status: 200, body: '' };
  const server = http.createServer((_req, res) => {
    res.writeHead(page.status, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(page.body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  track(() => new Promise((resolve) => server.close(resolve)));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    reply: `${url}/reply`,
    set: (status: number, body = '') => {
      page = { status, body };
    },
  };
}

const replyPage = (words: string) => `<!doctype html><html><body>
<article class="h-entry"><a class="p-author h-card" href="/about">Ada Lovelace</a>
<div class="e-content"><p>${words} <a href="${TARGET}">Rowan's post</a></p></div>
</article></body></html>`;

function site() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qp-webmention-moving-'));
  fs.mkdirSync(path.join(dir, 'posts'));
  fs.writeFileSync(path.join(dir, 'posts', 'small-tools.md'), post('Small tools'));
  const t = createTestApp({
    env: {
      PUBLIC_URL,
      WEB_ORIGIN: PUBLIC_URL,
      CONTENT_DIR: dir,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
    },
  });
  track(t.cleanup, () => fs.rmSync(dir, { recursive: true, force: true }));
  const sync = () => syncContent(t.deps.db, dir, t.clock, t.deps.logger);
  sync();
  const webmention = createWebmention(t.deps);
  return {
    t,
    dir,
    sync,
    webmention,
    mention: async (source: string) => {
      await request(t.app).post('/webmention').type('form').send({ source, target: TARGET });
      await webmention.runDue();
    },
    mentions: () =>
      t.deps.db
        .prepare('SELECT source, target, author_id, verified_at FROM webmention_mentions')
        .all(),
    replies: () =>
      t.deps.db
        .prepare(
          `SELECT r.source, r.object_id, r.url, r.body, r.status, r.received_at, a.actor_id, a.name
           FROM remote_replies r JOIN remote_authors a ON a.id = r.author_id`,
        )
        .all(),
    conversation: async () =>
      JSON.stringify((await request(t.app).get('/api/posts/small-tools/comments')).body),
  };
}

describe('moving the Webmentions received', { timeout: 60_000 }, () => {
  it('carries each mention and its reply to a new server, where the page still changes it', async () => {
    const blog = await theirBlog();
    const from = site();
    blog.set(200, replyPage('Small tools win.'));
    await from.mention(blog.reply);
    const owner = as(from.t, await signInAs(from.t, 'admin'));
    const [held] = (await owner.get('/api/admin/fediverse/replies?status=held')).body.items;
    expect((await owner.post(`/api/admin/fediverse/replies/${held.id}/approve`)).status).toBe(200);
    expect(await from.conversation()).toContain('Small tools win.');
    expect(from.mentions()).toHaveLength(1);

    const archive = path.join(from.dir, 'everything.zip');
    await exportEverything(
      {
        db: from.t.deps.db,
        contentDir: from.dir,
        siteTitle: 'Rowan',
        now: iso(from.t.clock.now()),
      },
      archive,
    );

    const to = site();
    const files = await openExport(archive);
    const report = await runImport(
      {
        db: to.t.deps.db,
        contentDir: to.dir,
        reportsDir: path.join(to.dir, 'reports'),
        now: iso(to.t.clock.now()),
        sync: to.sync,
      },
      'archive',
      readExport('archive', files),
      files,
      { dryRun: false, overwrite: false, category: 'write', fetchImages: false },
    );
    expect(report.refused.filter(({ where }) => !where.startsWith('member '))).toEqual([]);
    expect(to.mentions()).toEqual(from.mentions());
    expect(to.replies()).toEqual(from.replies());
    expect(await to.conversation()).toContain('Small tools win.');

    // The page is gone and says so: on the new server, the reply goes with it.
    blog.set(410, 'Gone');
    await to.mention(blog.reply);
    expect(await to.conversation()).not.toContain('Small tools win.');
    expect(to.mentions()).toEqual([]);
  });
});
