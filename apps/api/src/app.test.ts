import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { cleanupAfterEach, createTempDatabase, createTestApp } from './test-support/test-app.js';
import { loadEnv } from './env.js';
import { migrate } from './db/migrate.js';

const track = cleanupAfterEach();

describe('app skeleton', () => {
  it('answers the health check from the database', async () => {
    const { app, cleanup } = createTestApp();
    track(cleanup);
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { app, cleanup } = createTestApp();
    track(cleanup);
    const res = await request(app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('rejects malformed JSON with 400 and bodies over 100 kB with 413', async () => {
    const { app, cleanup } = createTestApp();
    track(cleanup);
    const malformed = await request(app)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send('{"email":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('INVALID_JSON');
    const huge = await request(app)
      .post('/api/health')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ padding: 'x'.repeat(101 * 1024) }));
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('database', () => {
  it('opens with WAL, foreign keys and a busy timeout, and applies migrations once', () => {
    const database = createTempDatabase();
    track(database.cleanup);
    expect(database.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(database.db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(database.db.pragma('busy_timeout', { simple: true })).toBe(5000);
    expect(migrate(database.db)).toEqual([]);
  });
});

describe('environment', () => {
  it('uses the documented defaults', () => {
    const env = loadEnv({});
    expect(env.PORT).toBe(8787);
    expect(env.WEB_ORIGIN).toBe('http://localhost:5173');
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('refuses to start in production without SMTP_URL, SESSION_SECRET, TURNSTILE_SECRET_KEY, PUBLIC_URL and WEB_ORIGIN', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: is required in production[\s\S]*SESSION_SECRET: is required in production[\s\S]*TURNSTILE_SECRET_KEY: is required in production[\s\S]*PUBLIC_URL: is required in production[\s\S]*WEB_ORIGIN: is required in production/,
    );
  });

  it("refuses Cloudflare's test Turnstile keys beside real ones in production, and says which", () => {
    const production = {
      NODE_ENV: 'production',
      SMTP_URL: 'smtp://relay.example:587',
      SESSION_SECRET: 'a'.repeat(40),
      PUBLIC_URL: 'https://rowan.example',
      WEB_ORIGIN: 'https://rowan.example',
    };
    const real = { site: '0x4AAAAAAAB1rowanSiteKey', secret: '0x4AAAAAAAB1rowanSecretKeyValue' };
    expect(() => loadEnv({ ...production, TURNSTILE_SECRET_KEY: real.secret })).toThrow(
      /TURNSTILE_SITE_KEY: is Cloudflare's test site key \(1x00000000000000000000AA\)/,
    );
    expect(() =>
      loadEnv({
        ...production,
        TURNSTILE_SITE_KEY: real.site,
        TURNSTILE_SECRET_KEY: '1x0000000000000000000000000000000AA',
      }),
    ).toThrow(/TURNSTILE_SECRET_KEY: is one of Cloudflare's test secret keys/);
    // Both real, or both test keys (a staging copy), start.
    expect(
      loadEnv({ ...production, TURNSTILE_SITE_KEY: real.site, TURNSTILE_SECRET_KEY: real.secret })
        .NODE_ENV,
    ).toBe('production');
    expect(
      loadEnv({ ...production, TURNSTILE_SECRET_KEY: '2x0000000000000000000000000000000AA' })
        .NODE_ENV,
    ).toBe('production');
  });

  it('asks browsers to upgrade requests to https only for a site served over https', async () => {
    const csp = async (publicUrl: string) => {
      const t = createTestApp({ env: { PUBLIC_URL: publicUrl } });
      track(t.cleanup);
      return (await request(t.app).get('/api/health')).headers['content-security-policy'];
    };
    expect(await csp('https://rowan.example')).toContain('upgrade-insecure-requests');
    // On plain http (a LAN address, say) the upgrade would blank every page.
    expect(await csp('http://192.168.1.20:8787')).not.toContain('upgrade-insecure-requests');
  });

  it('sends a content security policy that allows no <base>, no plugins and no framing', async () => {
    const t = createTestApp();
    track(t.cleanup);
    const csp = (await request(t.app).get('/api/health')).headers['content-security-policy'];
    const directives = Object.fromEntries(
      String(csp)
        .split(';')
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    expect(directives).toMatchObject({
      'base-uri': "'none'",
      'object-src': "'none'",
      'frame-ancestors': "'none'",
      'default-src': "'self'",
      'form-action': "'self'",
    });
  });

  it('names a malformed variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
