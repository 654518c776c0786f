/**
 * The production server behind a real nginx caching reverse proxy, configured as the README
 * recommends: repeat anonymous requests for public pages and reads are cache hits, nothing that
 * depends on a session is ever served to another client, and rate limits count the real client
 * (from X-Forwarded-For), not the proxy.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPage, signInByCode, startStack, uniqueEmail, type Stack } from '../support/stack.js';
import { freePort } from '@quillpost/api/test-support/free-port';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

let stack: Stack;
let nginx: ChildProcess;
let proxyUrl: string;
let dir: string;

/** The configuration the README shows, with this run's ports and a private temp folder. */
function nginxConfig(listen: number, upstream: string): string {
  return `
worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=site:10m max_size=256m inactive=1h use_temp_path=off;

  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      # The edge proxy: the client's own address, never what the client claims.
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      # Only what the site marks public is kept (no proxy_cache_valid): private, no-store and
      # answers setting a cookie never are.
      proxy_cache site;
      proxy_cache_revalidate on;
      proxy_cache_lock on;
      proxy_cache_use_stale error timeout updating http_500 http_502 http_503;
      proxy_cache_background_update on;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-nginx-'));
  // Run as root, nginx's workers drop to an unprivileged user, which must reach its cache.
  fs.chmodSync(dir, 0o755);
  stack = await startStack({
    env: { ADMIN_EMAILS: 'owner@example.test', RATE_LIMIT_IP_MAX: '2' },
  });
  const port = await freePort();
  proxyUrl = `http://127.0.0.1:${port}`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), nginxConfig(port, stack.site.url));
  nginx = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: 'inherit' });
  for (let attempt = 0; ; attempt += 1) {
    const up = await fetch(`${proxyUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) break;
    if (attempt > 100) {
      const log = fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
      throw new Error(`nginx did not start: ${JSON.stringify(log.slice(-700))}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
});

afterAll(async () => {
  if (nginx && nginx.exitCode === null) {
    const exited = new Promise((resolve) => nginx.once('exit', resolve));
    nginx.kill('SIGQUIT');
    await exited;
  }
  await stack?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  cache: string | null;
  body: string;
}

/** A request through nginx from `localAddress` (each loopback address is another "client"). */
function get(
  pathname: string,
  options: {
    headers?: Record<string, string>;
    localAddress?: string;
    method?: string;
    body?: string;
  } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${proxyUrl}${pathname}`,
      {
        method: options.method ?? 'GET',
        headers: { Accept: 'text/html', ...options.headers },
        localAddress: options.localAddress,
      },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            cache: (response.headers['x-cache-status'] as string | undefined) ?? null,
            body,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

describe('behind nginx', () => {
  it('serves repeat anonymous requests for pages and public reads from its cache', async () => {
    const paths = ['/', '/blog', '/posts/why-i-write-in-public', '/journal', '/books/walden'];
    const reads = ['/api/posts/why-i-write-in-public', '/api/journal', '/rss.xml'];
    for (const pathname of [...paths, ...reads]) await get(pathname);
    let hits = 0;
    let total = 0;
    for (let round = 0; round < 10; round += 1) {
      for (const pathname of [...paths, ...reads]) {
        const answer = await get(pathname);
        expect(answer.status, pathname).toBe(200);
        total += 1;
        if (answer.cache === 'HIT') hits += 1;
      }
    }
    console.info(
      `front cache: ${hits} hits in ${total} repeat requests (${((hits / total) * 100).toFixed(0)}%)`,
    );
    expect(hits).toBe(total);
  });

  it('never serves what a signed-in request got to anyone else', async () => {
    const { context, close } = await openPage(stack.browser);
    const email = uniqueEmail('behind-proxy');
    await signInByCode(context, stack, email);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    await close();

    const me = await get('/api/auth/me', {
      headers: { Cookie: cookie, Accept: 'application/json' },
    });
    expect(me.body).toContain(email);
    expect(me.cache).not.toBe('HIT');
    const stranger = await get('/api/auth/me', { headers: { Accept: 'application/json' } });
    expect(stranger.body).not.toContain(email);

    const members = await get('/members/dashboard', { headers: { Cookie: cookie } });
    expect(members.cache).not.toBe('HIT');
    expect((await get('/members/dashboard')).cache).not.toBe('HIT');

    // A reading page is marked for the reader (decision 0042), for them only; a visitor still
    // gets the visitor's copy, from the cache.
    const post = '/posts/why-i-write-in-public';
    await get(post);
    const known = await get(post, { headers: { Cookie: cookie } });
    expect(known.body).toContain('<html data-member');
    expect(known.cache).not.toBe('HIT');
    const visitor = await get(post);
    expect(visitor.body).not.toContain('data-member');
    expect(visitor.cache).toBe('HIT');

    const owner = await openPage(stack.browser);
    await signInByCode(owner.context, stack, 'owner@example.test');
    const ownerCookie = (await owner.context.cookies())
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    await owner.close();
    const draft = '/posts/notes-toward-a-post-about-tests';
    expect((await get(draft, { headers: { Cookie: ownerCookie } })).status).toBe(200);
    const anonymous = await get(draft);
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).not.toContain('If you can read this');
  });

  it('limits each client by its own address, whatever the client claims', async () => {
    const subscribe = (localAddress: string, claimed?: string) =>
      get('/api/auth/subscribe', {
        method: 'POST',
        localAddress,
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          ...(claimed ? { 'X-Forwarded-For': claimed } : {}),
        },
        body: JSON.stringify({
          email: uniqueEmail('proxy-limit'),
          turnstileToken: TURNSTILE_DUMMY_TOKEN,
        }),
      });
    // RATE_LIMIT_IP_MAX is 2 for this site.
    expect((await subscribe('127.0.0.2')).status).toBe(200);
    expect((await subscribe('127.0.0.2')).status).toBe(200);
    expect((await subscribe('127.0.0.2', '203.0.113.9')).status).toBe(429);
    // Another client is not held back by the first, as it would be if the proxy were counted.
    expect((await subscribe('127.0.0.3')).status).toBe(200);
  });
});
