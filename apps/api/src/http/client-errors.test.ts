import { API_ROUTES, MESSAGES } from '@quillpost/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { capturedLog } from '../test-support/captured-log.js';
import { signInAs } from '../test-support/community.js';
import { createTestApp } from '../test-support/test-app.js';
import { createWebBuild } from '../test-support/web-build.js';
import { loadBuiltPages } from '../modules/pages/page-host.js';

/** Parameter values a scanner, a broken mail client or a fuzzer sends. */
const ODD_SEGMENTS = ['%', '%E0%A4%A', '..%2f..%2fetc%2fpasswd', '%00', 'x'.repeat(4000)];

/** Bodies that are not what any endpoint takes. */
const ODD_BODIES: Array<{ type: string; encoding?: string; body: string | Buffer }> = [
  { type: 'application/json', body: '{"unterminated' },
  { type: 'application/json', body: '[1,2,3]' },
  { type: 'application/json', body: 'null' },
  { type: 'application/json', body: '{"__proto__":{"admin":true},"constructor":{}}' },
  { type: 'text/plain', body: 'plain words' },
  { type: 'application/x-www-form-urlencoded', body: 'a=1&a[b]=2&%=%' },
  { type: 'application/json', encoding: 'gzip', body: Buffer.from('not gzip at all') },
  { type: 'application/json', encoding: 'br', body: Buffer.from('not brotli either') },
  { type: 'application/json', encoding: 'deflate', body: Buffer.from('nor deflate') },
];

const filled = (path: string, value: string) => path.replace(/:[A-Za-z]+/g, value);

async function setup() {
  const log = capturedLog('warn');
  const build = createWebBuild();
  const pages = await loadBuiltPages(build.dir, { publicUrl: 'https://rowan.example' });
  const t = createTestApp({
    env: { ADMIN_EMAILS: 'owner@example.com' },
    deps: { logger: log.logger, pages },
  });
  return {
    ...t,
    log,
    async cleanup() {
      await t.cleanup();
      build.cleanup();
    },
  };
}

describe('requests the server cannot take', () => {
  it('answers each with its 4xx, logged at warn level without a stack', async () => {
    const t = await setup();
    try {
      const cases = [
        () => request(t.app).get('/api/notifications/replies/off/%'),
        () => request(t.app).get('/api/newsletter/unsubscribe/%'),
        () => request(t.app).delete('/api/auth/sessions/%'),
        () =>
          request(t.app)
            .post('/api/mail/webhooks/postmark')
            .set('Content-Type', 'application/json')
            .set('Content-Encoding', 'gzip')
            .send(Buffer.from('this is not gzip')),
        () =>
          request(t.app)
            .post('/api/mail/webhooks/mailgun')
            .set('Content-Type', 'application/json')
            .set('Content-Encoding', 'br')
            .send(Buffer.from('this is not brotli')),
        () =>
          request(t.app)
            .post('/api/auth/magic-link/verify')
            .type('form')
            .send(Array.from({ length: 2000 }, (_, n) => `p${n}=1`).join('&')),
        () => request(t.app).get('/assets/..%2fserver%2fentry-server.js'),
      ];
      for (const [n, send] of cases.entries()) {
        const res = await send();
        expect(res.status, `case ${n}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `case ${n}`).toBeLessThan(500);
      }
      const lines = t.log
        .text()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as { level: number; msg: string; err?: unknown });
      expect(lines.filter((line) => line.level >= 50)).toEqual([]);
      expect(lines.filter((line) => line.msg === 'request refused').length).toBeGreaterThan(0);
      expect(lines.some((line) => line.err !== undefined)).toBe(false);
    } finally {
      await t.cleanup();
    }
  });

  it('answers no 5xx to malformed parameters and bodies on any route of the catalogue', async () => {
    const t = await setup();
    try {
      const owner = await signInAs(t, 'admin', { email: 'owner@example.com' });
      const failures: string[] = [];
      for (const [name, route] of Object.entries(API_ROUTES)) {
        for (const cookie of ['', owner.cookie]) {
          const attempts = [
            ...ODD_SEGMENTS.map((value) => ({ path: filled(route.path, value), body: undefined })),
            ...ODD_BODIES.map((body) => ({ path: filled(route.path, 'x'), body })),
          ];
          for (const { path, body } of attempts) {
            const agent = request(t.app);
            const method = route.method.toLowerCase() as 'get';
            let call = agent[method](`${path}?q=%&page=-1&limit=1e309`);
            call = call.set('Origin', 'http://localhost:5173').set('Cookie', cookie);
            if (body && route.method !== 'GET') {
              call = call.set('Content-Type', body.type);
              if (body.encoding) call = call.set('Content-Encoding', body.encoding);
              call = call.send(body.body);
            }
            const res = await call;
            if (res.status >= 500)
              failures.push(`${name} ${route.method} ${path.slice(0, 60)}: ${res.status}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(t.log.text()).not.toContain(MESSAGES.INTERNAL_ERROR);
    } finally {
      await t.cleanup();
    }
  }, 120_000);
});
