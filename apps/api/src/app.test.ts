import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, createTempDatabase } from './test-support/test-app.js';
import { loadEnv } from './env.js';
import { migrate } from './db/migrate.js';

const cleanups: Array<() => void> = [];
afterEach(() => cleanups.splice(0).forEach((cleanup) => cleanup()));

describe('app skeleton', () => {
  it('answers the health check from the database', async () => {
    const { app, cleanup } = createTestApp();
    cleanups.push(cleanup);
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const { app, cleanup } = createTestApp();
    cleanups.push(cleanup);
    const res = await request(app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('rejects malformed JSON with 400 and bodies over 100 kB with 413', async () => {
    const { app, cleanup } = createTestApp();
    cleanups.push(cleanup);
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

  it('serves the built SPA with immutable assets and falls back to index.html for client routes', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-web-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>site</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const { app, cleanup } = createTestApp({ env: { WEB_DIST_DIR: dist } });
    cleanups.push(cleanup, () => fs.rmSync(dist, { recursive: true, force: true }));

    const page = await request(app).get('/posts/hello').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<title>site</title>');
    expect(page.headers['cache-control']).toBe('no-cache');

    const asset = await request(app).get('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const missingAsset = await request(app).get('/assets/missing.js');
    expect(missingAsset.status).toBe(404);
  });

  it('injects the Turnstile site key into index.html, HTML-escaped, with an ETag', async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-web-'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><title>site</title></head><body></body></html>',
    );
    const { app, cleanup } = createTestApp({
      env: { WEB_DIST_DIR: dist, TURNSTILE_SITE_KEY: '0x4AAA"><script>x</script>' },
    });
    cleanups.push(cleanup, () => fs.rmSync(dist, { recursive: true, force: true }));

    const page = await request(app).get('/manage').set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.text).toContain(
      '<meta name="turnstile-site-key" content="0x4AAA&quot;&gt;&lt;script&gt;x&lt;/script&gt;" />',
    );
    expect(page.text).not.toContain('<script>');
    expect(page.text.indexOf('turnstile-site-key')).toBeLessThan(page.text.indexOf('</head>'));

    // The file itself is never served raw, and revalidation answers 304.
    const direct = await request(app).get('/index.html');
    expect(direct.text).toBe(page.text);
    const etag = page.headers.etag;
    expect(etag).toBeTruthy();
    const again = await request(app)
      .get('/')
      .set('Accept', 'text/html')
      .set('If-None-Match', etag!);
    expect(again.status).toBe(304);
  });
});

describe('database', () => {
  it('opens with WAL, foreign keys and a busy timeout, and applies migrations once', () => {
    const database = createTempDatabase();
    cleanups.push(database.cleanup);
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

  it('refuses to start in production without SMTP_URL, SESSION_SECRET and TURNSTILE_SECRET_KEY', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /SMTP_URL: is required in production[\s\S]*SESSION_SECRET: is required in production[\s\S]*TURNSTILE_SECRET_KEY: is required in production/,
    );
  });

  it('names a malformed variable', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});
