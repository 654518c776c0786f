/**
 * `pnpm release` as a self-hoster runs it: the release tree in a temporary folder, with production
 * dependencies only, started with NODE_ENV=production. It serves pages, and a subscribe sends its
 * confirmation through a real SMTP server (Turnstile answered by a local siteverify stand-in).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startSmtpSink, type SmtpSink } from '@quillpost/api/test-support/smtp-sink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../support/mail.js';
import { uniqueEmail } from '../support/stack.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

let releaseDir: string;
let sink: SmtpSink;
let siteverify: http.Server;
let server: ChildProcess | undefined;
let url: string;
let coldStartMs: number;
/** What the release logged to stdout: pino's JSON lines. */
let logged = '';

function listen(handler: http.RequestListener): Promise<{ server: http.Server; port: number }> {
  return new Promise((resolve) => {
    const created = http.createServer(handler);
    created.listen(0, '127.0.0.1', () =>
      resolve({ server: created, port: (created.address() as AddressInfo).port }),
    );
  });
}

beforeAll(async () => {
  releaseDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-release-'));
  // The build is the suite's own (pnpm validate builds before the journeys).
  execFileSync(process.execPath, ['apps/api/release.mjs', releaseDir, '--no-build'], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  sink = await startSmtpSink();
  const verify = await listen((_req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ success: true }));
  });
  siteverify = verify.server;
  const free = await listen(() => undefined);
  const port = (free.server.address() as AddressInfo).port;
  await new Promise((resolve) => free.server.close(resolve));
  url = `http://127.0.0.1:${port}`;

  const started = Date.now();
  server = spawn(process.execPath, [path.join(releaseDir, 'apps/api/dist/server.js')], {
    cwd: releaseDir,
    env: {
      PATH: '/usr/bin:/bin',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      WEB_ORIGIN: url,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Rowan Ellis <newsletter@example.test>',
      SESSION_SECRET: 'a-release-test-secret-that-is-long-enough',
      TURNSTILE_SECRET_KEY: 'release-test-secret',
      TURNSTILE_SITE_KEY: 'a-real-looking-site-key',
      TURNSTILE_VERIFY_URL: `http://127.0.0.1:${verify.port}/siteverify`,
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  server.stdout!.on('data', (chunk: Buffer) => (logged += chunk.toString()));
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the release exited with ${server.exitCode}`);
    const healthy = await fetch(`${url}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) break;
    if (Date.now() - started > 30_000) throw new Error('the release did not start within 30 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  coldStartMs = Date.now() - started;
});

afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  siteverify?.close();
  await sink?.close();
  fs.rmSync(releaseDir, { recursive: true, force: true });
});

describe('the release', () => {
  it('holds production dependencies only', () => {
    const installed = fs.readdirSync(path.join(releaseDir, 'apps/api/node_modules/.pnpm'));
    for (const devOnly of [
      'tsx@',
      'vite@',
      'vitest@',
      'react@',
      'react-dom@',
      'typescript@',
      '@fedify+testing@',
    ]) {
      expect(
        installed.filter((name) => name.startsWith(devOnly)),
        devOnly,
      ).toEqual([]);
    }
    expect(fs.existsSync(path.join(releaseDir, 'apps/api/src'))).toBe(false);
  });

  it('carries no sample content, and starts on an empty folder with a starter site', async () => {
    expect(fs.readdirSync(path.join(releaseDir, 'content')).sort()).toEqual([
      'images',
      'pages',
      'posts',
      'site.yml',
    ]);
    const home = await (await fetch(`${url}/`, { headers: { Accept: 'text/html' } })).text();
    expect(home).toContain('<title data-page-head>My site</title>');
    expect(home).not.toContain('Rowan');
    const privacy = await fetch(`${url}/privacy`, { headers: { Accept: 'text/html' } });
    expect(privacy.status).toBe(200);
    const policy = await privacy.text();
    for (const fact of ['one SQLite database', 'Proof of consent', 'Backups', 'session cookie']) {
      expect(policy).toContain(fact);
    }

    // Every page the sitemap names, the feeds and the manifest are the new site's alone.
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!));
    expect(pages.length).toBeGreaterThan(5);
    const texts = [sitemap];
    for (const page of pages) {
      const res = await fetch(`${url}${page.pathname}`, { headers: { Accept: 'text/html' } });
      expect(res.status, page.pathname).toBe(200);
      const html = await res.text();
      expect(html, page.pathname).toContain('<html lang="en"');
      expect(html, page.pathname).toContain(
        '<meta data-page-head property="og:site_name" content="My site">',
      );
      texts.push(html);
    }
    for (const file of ['/rss.xml', '/atom.xml', '/feed.json', '/manifest.webmanifest']) {
      texts.push(await (await fetch(`${url}${file}`)).text());
    }
    expect(texts.filter((text) => text.includes('Rowan'))).toEqual([]);
  });

  it('starts in production, serves rendered pages and mails a subscriber', async () => {
    console.info(`release cold start: ${coldStartMs} ms`);
    // Its start-up line names the Node it runs on (the health answer does not: a public version
    // string only helps an attacker).
    const started = logged
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg: string })
      .find(({ msg }) => msg.startsWith('Listening on'));
    expect(started?.msg).toMatch(/\(production, Node v24\.\d+\.\d+\)$/);
    const home = await fetch(`${url}/`, { headers: { Accept: 'text/html' } });
    expect(home.status).toBe(200);

    const email = uniqueEmail('release');
    const subscribed = await fetch(`${url}/api/auth/subscribe`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: url },
      body: JSON.stringify({ email, name: 'Ada', turnstileToken: 'a-widget-token' }),
    });
    expect(subscribed.status).toBe(200);
    const mail = await waitForMail(sink, email, /confirm/i);
    expect(mail.text).toContain(`${url}/?verify=`);
  });
});
