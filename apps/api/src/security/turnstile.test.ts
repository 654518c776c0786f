import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGES, TURNSTILE_DUMMY_TOKEN } from '@quillpost/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock.js';
import { createLogger } from '../logger.js';
import { cleanupAfterEach, createTestApp } from '../test-support/test-app.js';
import { LocalSecurityCheck, TurnstileVerifier } from './turnstile.js';

const logger = createLogger('silent');
const track = cleanupAfterEach();

/** A stand-in for Cloudflare's siteverify on loopback, following its documented contract. */
async function fakeSiteverify(secret = 'test-secret') {
  const spent = new Set<string>();
  const calls: Array<Record<string, string>> = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      calls.push(form);
      const answer = (success: boolean, codes: string[] = []) =>
        res
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ success, 'error-codes': codes }));
      if (form.secret !== secret) return answer(false, ['invalid-input-secret']);
      const token = form.response ?? '';
      if (!token.startsWith('good-')) return answer(false, ['invalid-input-response']);
      if (spent.has(token)) return answer(false, ['timeout-or-duplicate']);
      spent.add(token);
      answer(true);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  track(() => new Promise((resolve) => server.close(resolve)));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`, calls, spent };
}

describe('Turnstile siteverify adapter', () => {
  it('accepts a good token once and refuses its replay without asking Cloudflare again', async () => {
    const cloudflare = await fakeSiteverify();
    const check = new TurnstileVerifier({
      secretKey: 'test-secret',
      verifyUrl: cloudflare.url,
      clock: manualClock(),
      logger,
    });
    expect(await check.verify('good-1', '203.0.113.9')).toEqual({ ok: true });
    expect(cloudflare.calls[0]).toMatchObject({ response: 'good-1', remoteip: '203.0.113.9' });
    expect(await check.verify('good-1')).toEqual({ ok: false, reason: 'replayed' });
    expect(cloudflare.calls).toHaveLength(1);
    expect(await check.verify('bad')).toEqual({ ok: false, reason: 'invalid' });
    expect(await check.verify(undefined)).toEqual({ ok: false, reason: 'missing' });
  });

  it('maps Cloudflare’s timeout-or-duplicate (a token spent elsewhere) to replayed', async () => {
    const cloudflare = await fakeSiteverify();
    cloudflare.spent.add('good-elsewhere');
    const check = new TurnstileVerifier({
      secretKey: 'test-secret',
      verifyUrl: cloudflare.url,
      clock: manualClock(),
      logger,
    });
    expect(await check.verify('good-elsewhere')).toEqual({ ok: false, reason: 'replayed' });
  });

  it('refuses when siteverify cannot be reached, and the token stays usable', async () => {
    const cloudflare = await fakeSiteverify();
    const down = new TurnstileVerifier({
      secretKey: 'test-secret',
      verifyUrl: 'http://127.0.0.1:1/siteverify',
      clock: manualClock(),
      logger,
      timeoutMs: 500,
    });
    expect(await down.verify('good-2')).toEqual({ ok: false, reason: 'unavailable' });
    expect(await down.verify('good-2')).toEqual({ ok: false, reason: 'unavailable' });
    expect(cloudflare.calls).toHaveLength(0);
  });
});

describe('local security check', () => {
  it('accepts Cloudflare’s dummy token (the test sitekeys give it to everyone) and no token', async () => {
    const check = new LocalSecurityCheck();
    expect(check.tokenRequired).toBe(false);
    expect(await check.verify(TURNSTILE_DUMMY_TOKEN)).toEqual({ ok: true });
    expect(await check.verify(TURNSTILE_DUMMY_TOKEN)).toEqual({ ok: true });
    expect(await check.verify(undefined)).toEqual({ ok: true });
    expect(await check.verify('forged')).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('subscribe with the security check enforced (TURNSTILE_SECRET_KEY set)', () => {
  async function enforcedApp(verifyUrl?: string) {
    const cloudflare = await fakeSiteverify();
    const t = createTestApp({
      env: {
        TURNSTILE_SECRET_KEY: 'test-secret',
        TURNSTILE_VERIFY_URL: verifyUrl ?? cloudflare.url,
      },
    });
    track(t.cleanup);
    return t;
  }

  it('answers a missing token, also in the plain variant, with the spec message', async () => {
    const { app } = await enforcedApp();
    for (const body of [
      { email: 'a@example.com', name: 'Ada' },
      { email: 'a@example.com', name: 'Ada', wantsAccount: true },
    ]) {
      const res = await request(app).post('/api/auth/subscribe').send(body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        code: 'SECURITY_CHECK_PENDING',
        message: 'Security verification in progress. Please wait a moment and try again.',
      });
    }
  });

  it('accepts a fresh token and refuses it when replayed', async () => {
    const { app, deps } = await enforcedApp();
    const first = await request(app)
      .post('/api/auth/subscribe')
      .send({ email: 'a@example.com', turnstileToken: 'good-3' });
    expect(first.status).toBe(200);
    const replay = await request(app)
      .post('/api/auth/subscribe')
      .send({ email: 'b@example.com', turnstileToken: 'good-3' });
    expect(replay.status).toBe(403);
    expect(replay.body).toEqual({
      success: false,
      code: 'SECURITY_CHECK_FAILED',
      message: MESSAGES.SECURITY_CHECK_FAILED,
    });
    const count = deps.db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get();
    expect(count).toBe(1);
  });

  it('refuses (503) while Cloudflare is unreachable', async () => {
    const { app, deps } = await enforcedApp('http://127.0.0.1:1/siteverify');
    const res = await request(app)
      .post('/api/auth/subscribe')
      .send({ email: 'a@example.com', turnstileToken: 'good-4' });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SECURITY_CHECK_UNAVAILABLE');
    expect(deps.db.prepare('SELECT COUNT(*) FROM subscriptions').pluck().get()).toBe(0);
  });
});
