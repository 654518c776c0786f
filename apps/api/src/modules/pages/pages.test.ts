import fs from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signInWithMagicLink } from '../../test-support/auth.js';
import { as, signInAs } from '../../test-support/community.js';
import { createContentFolder, post } from '../../test-support/content.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { rawRequest } from '../../test-support/raw-http.js';
import { createWebBuild } from '../../test-support/web-build.js';
import { syncContent } from '../content/sync.js';
import { loadBuiltPages } from './page-host.js';

const OWNER = 'owner@example.com';
const track = cleanupAfterEach();

async function setup(options: { turnstileSiteKey?: string } = {}) {
  const build = createWebBuild();
  const folder = createContentFolder({
    'posts/hello.md': post('Hello <world>', { date: '2025-03-01' }),
    'posts/draft.md': post('Secret draft', { date: '2025-03-02', extra: 'status: draft' }),
  });
  track(build.cleanup, folder.cleanup);
  const pages = await loadBuiltPages(build.dir, {
    publicUrl: 'https://rowan.example',
    turnstileSiteKey: options.turnstileSiteKey,
  });
  const t = createTestApp({
    env: { CONTENT_DIR: folder.dir, ADMIN_EMAILS: OWNER },
    deps: { pages },
  });
  track(t.cleanup);
  syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
  return { ...t, build, folder };
}

const html = (app: Parameters<typeof request>[0], path: string) =>
  request(app).get(path).set('Accept', 'text/html');

describe('server-rendered pages', () => {
  it('serves anonymous pages to any cache: public, with an ETag, no cookie, rendered once', async () => {
    const { app } = await setup();
    const first = await html(app, '/posts/hello');
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    expect(first.headers['set-cookie']).toBeUndefined();
    expect(first.text).toContain('<main>Hello &lt;world&gt;</main>');

    const again = await html(app, '/posts/hello');
    expect(again.text).toBe(first.text);
    const revalidated = await html(app, '/posts/hello').set('If-None-Match', first.headers.etag!);
    expect(revalidated.status).toBe(304);
  });

  it('marks the page for a browser that knows its reader, by its cookies, with no script in the page', async () => {
    const { app } = await setup();
    const visitor = await html(app, '/posts/hello');
    expect(visitor.headers.vary).toContain('Cookie');
    expect(visitor.text).not.toContain('data-member');
    // No script in the page to find out: the policy allows no inline script at all.
    expect(visitor.headers['content-security-policy']).not.toMatch(
      /'sha256-|'unsafe-inline'[^;]*;.*script/,
    );
    expect(visitor.headers['content-security-policy']).toMatch(/script-src 'self'/);
    // Signed in (the hint beside the session, __Host- in production), or a subscriber whose
    // browser stored the subscription.
    for (const cookie of ['__Host-qp_signed_in=1', 'qp_signed_in=1', 'theme=x; qp_known=1']) {
      const known = await html(app, '/posts/hello').set('Cookie', cookie);
      expect(known.status, cookie).toBe(200);
      expect(known.text, cookie).toBe(visitor.text.replace('<html', '<html data-member'));
      expect(known.headers.vary, cookie).toContain('Cookie');
      // Their browser's alone: a cache in front keeps the visitor's copy for everyone. (A hint
      // without its session is cleared as it comes: then the answer is stored nowhere.)
      expect(known.headers['cache-control'], cookie).toMatch(
        /^private, (?:max-age=60, stale-while-revalidate=600|no-store)$/,
      );
      expect(known.headers.etag, cookie).not.toBe(visitor.headers.etag);
      const revalidated = await html(app, '/posts/hello')
        .set('Cookie', cookie)
        .set('If-None-Match', known.headers.etag!);
      expect(revalidated.status, cookie).toBe(304);
    }
    // A visitor's copy is never taken for a known reader's, however a cache holds it.
    const stale = await html(app, '/posts/hello')
      .set('Cookie', 'qp_known=1')
      .set('If-None-Match', visitor.headers.etag!);
    expect(stale.status).toBe(200);
    expect((await html(app, '/posts/hello').set('Cookie', 'not_qp_known=1')).text).toBe(
      visitor.text,
    );
  });

  it('lets the browser fetch the links a reader points at and render one as it is pressed, never a personal page, a query or the API', async () => {
    const { app } = await setup();
    const page = await html(app, '/posts/hello');
    expect(page.headers['speculation-rules']).toBe('"/speculation-rules.json"');
    const rules = await request(app).get('/speculation-rules.json');
    expect(rules.status).toBe(200);
    expect(rules.headers['content-type']).toMatch(/^application\/speculationrules\+json/);
    const [prefetch] = rules.body.prefetch;
    const [prerender] = rules.body.prerender;
    expect(prefetch.eagerness).toBe('moderate');
    // Rendering ahead costs a phone's CPU while its reader reads: only once they press the link.
    expect(prerender.eagerness).toBe('conservative');
    for (const rule of [prefetch, prerender]) {
      expect(rule.where.and[0]).toEqual({ href_matches: { pathname: '/*', search: '' } });
      const excluded = rule.where.and[1].not.href_matches.map(
        (p: { pathname: string }) => p.pathname,
      );
      expect(excluded).toEqual(
        expect.arrayContaining([
          '/members',
          '/members/*',
          '/auth/callback',
          '/manage',
          '/api/*',
          '/r/*',
        ]),
      );
    }
  });

  it("isolates no public page's window (a phone would need a fresh process), only personal pages and the owner's previews", async () => {
    const { app, deps } = await setup();
    for (const path of ['/posts/hello', '/posts/nope']) {
      const res = await html(app, path);
      expect(res.headers['cache-control'], path).toMatch(/^public/);
      expect(res.headers['cross-origin-opener-policy'], path).toBe('unsafe-none');
    }
    const personal = await html(app, '/members/dashboard');
    expect(personal.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    const owner = await signInWithMagicLink(app, deps, OWNER);
    const preview = await html(app, '/posts/draft').set('Cookie', owner);
    expect(preview.status).toBe(200);
    expect(preview.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('renders again when the content changes, and only then', async () => {
    const { app, deps, folder, clock } = await setup();
    const before = await html(app, '/posts/hello');
    expect((await html(app, '/posts/hello')).text).toBe(before.text);

    folder.write('posts/hello.md', post('Hello again', { date: '2025-03-01' }));
    syncContent(deps.db, folder.dir, clock, deps.logger);
    const after = await html(app, '/posts/hello');
    expect(after.text).toContain('<main>Hello again</main>');
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it("re-renders only the pages that show a changed conversation: its item's page, and the lists when a count moved", async () => {
    const t = await setup();
    t.folder.write('posts/other.md', post('Other post', { date: '2025-03-03' }));
    syncContent(t.deps.db, t.folder.dir, t.clock, t.deps.logger);
    const ada = await signInAs(t, 'member');
    const moderator = await signInAs(t, 'moderator');
    const idOf = (slug: string) =>
      t.deps.db.prepare('SELECT id FROM content_items WHERE slug = ?').pluck().get(slug) as number;
    const comment = async (slug: string, body: string) =>
      (await as(t, ada).post(`/api/discussions/posts/${idOf(slug)}/comments`, { body })).body
        .comment.id as number;
    const first = await comment('hello', 'First thoughts');
    const elsewhere = await comment('other', 'Over here');

    const pages = async () => ({
      hello: await html(t.app, '/posts/hello'),
      other: await html(t.app, '/posts/other'),
      blog: await html(t.app, '/blog'),
    });
    const countsOn = (page: { text: string }) =>
      JSON.parse(/Comments: (\{.*\})<\/aside>/.exec(page.text)![1]!) as Record<string, number>;
    const before = await pages();
    expect(before.hello.text).toContain('<aside>Comments: First thoughts</aside>');
    expect(countsOn(before.blog)).toEqual({ '/posts/hello': 1, '/posts/other': 1 });

    // An edit changes what its post's page shows, and no count.
    expect(
      (await as(t, ada).patch(`/api/discussions/comments/${first}`, { body: 'Second thoughts' }))
        .status,
    ).toBe(200);
    const edited = await pages();
    expect(edited.hello.text).toContain('<aside>Comments: Second thoughts</aside>');
    expect(edited.hello.headers.etag).not.toBe(before.hello.headers.etag);
    for (const page of ['other', 'blog'] as const) {
      expect(edited[page].text, page).toBe(before[page].text);
      const revalidated = await html(t.app, page === 'other' ? '/posts/other' : '/blog').set(
        'If-None-Match',
        before[page].headers.etag!,
      );
      expect(revalidated.status, page).toBe(304);
    }

    // Hiding a comment moves its post's count: the lists that show counts follow at once.
    const hidden = await as(t, moderator).post(`/api/moderation/comments/${elsewhere}/hide`, {});
    expect(hidden.status).toBe(200);
    const moderated = await pages();
    expect(moderated.other.text).not.toContain('Over here');
    expect(countsOn(moderated.blog)).toEqual({ '/posts/hello': 1 });
    expect(moderated.hello.text).toBe(edited.hello.text);

    // A deletion, and a new comment, too.
    expect((await as(t, ada).delete(`/api/discussions/comments/${first}`)).status).toBe(200);
    const deleted = await pages();
    expect(deleted.hello.text).not.toContain('Second thoughts');
    expect(countsOn(deleted.blog)).toEqual({});
    expect(deleted.other.text).toBe(moderated.other.text);
    await comment('other', 'Back again');
    const commented = await pages();
    expect(commented.other.text).toContain('<aside>Comments: Back again</aside>');
    expect(countsOn(commented.blog)).toEqual({ '/posts/other': 1 });
    expect(commented.hello.text).toBe(deleted.hello.text);

    // A member who erases their account takes their words off the pages they were on.
    const bob = await signInAs(t, 'member');
    await as(t, bob).post(`/api/discussions/posts/${idOf('hello')}/comments`, { body: 'Bob here' });
    expect((await pages()).hello.text).toContain('<aside>Comments: Bob here</aside>');
    const beforeErasure = await pages();
    expect((await as(t, bob).delete('/api/members/account', { confirmDelete: true })).status).toBe(
      200,
    );
    const erased = await pages();
    expect(erased.hello.text).not.toContain('Bob here');
    expect(countsOn(erased.blog)).toEqual({ '/posts/other': 1 });
    expect(erased.other.text).toBe(beforeErasure.other.text);
  });

  it('answers the status the renderer gives: 404 for a missing or draft post, redirects', async () => {
    const { app } = await setup();
    for (const path of ['/posts/nope', '/posts/draft']) {
      const res = await html(app, path);
      expect(res.status, path).toBe(404);
      expect(res.text).toContain('Post not found');
    }
    const moved = await html(app, '/old');
    expect(moved.status).toBe(301);
    expect(moved.headers.location).toBe('/new');
  });

  it('shows drafts to the admin only, in pages no cache may keep', async () => {
    const { app, deps } = await setup();
    const owner = await signInWithMagicLink(app, deps, OWNER);
    const draft = await html(app, '/posts/draft').set('Cookie', owner);
    expect(draft.status).toBe(200);
    expect(draft.text).toContain('Secret draft');
    expect(draft.headers['cache-control']).toBe('private, no-store');
    // What the admin saw is not what anyone else gets.
    expect((await html(app, '/posts/draft')).status).toBe(404);
  });

  it('keeps no failure, and no answer that changes a cookie, in any cache', async () => {
    const { app } = await setup();
    const broken = await html(app, '/broken');
    expect(broken.status).toBe(500);
    expect(broken.headers['cache-control']).toBe('private, no-store');
    // A session cookie that names no session is cleared: that answer is this browser's alone.
    const stale = await html(app, '/posts/hello').set('Cookie', 'qp_session=no-such-session');
    expect(stale.headers['set-cookie']?.[0]).toMatch(/^qp_session=;/);
    expect(stale.headers['cache-control']).toBe('private, no-store');
  });

  it('keeps at most 500 pages, dropping the least recently used', async () => {
    const { app } = await setup();
    const first = (await html(app, '/posts/missing-0')).text;
    for (let n = 1; n <= 500; n += 1) await html(app, `/posts/missing-${n}`);
    expect((await html(app, '/posts/missing-500')).text).toContain('render 501');
    expect((await html(app, '/posts/missing-0')).text).not.toBe(first);
  });

  it('keys a page on its path and the query parameters it reads, so links cannot fill the cache', async () => {
    const { app } = await setup();
    const home = (await html(app, '/')).text;
    expect(home).toContain('render 1 ');
    for (const query of [
      '?utm_source=mastodon&utm_campaign=spring',
      '?verify=one-time-token',
      '?verified=true&email=reader%40example.com',
      '?n=1',
      '?n=2',
    ]) {
      const res = await html(app, `/${query}`);
      expect(res.text, query).toBe(home);
      expect(res.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
    }

    const build = await html(app, '/blog?category=build&utm_source=x&ref=y');
    expect(build.text).toContain('<main>Blog: build</main>');
    expect((await html(app, '/blog?ref=z&category=build')).text).toBe(build.text);
    expect((await html(app, '/blog')).text).toContain('<main>Blog: every post</main>');
  });

  it('keeps no page for a query that names nothing', async () => {
    const { app } = await setup();
    const first = await html(app, '/blog?category=nope');
    expect(first.status).toBe(404);
    const again = await html(app, '/blog?category=nope');
    expect(again.text).not.toBe(first.text);
  });

  it('renders a page that depends on the session with its whole query, for this reader only', async () => {
    const { app } = await setup();
    const res = await html(app, '/members/dashboard?manage=secret&utm_source=x');
    expect(res.text).toContain('<main>Members manage=secret&utm_source=x</main>');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('sends //x and /\\x to /x on this site, however the request target is spelled', async () => {
    const { app } = await setup();
    for (const [target, location] of <Array<[string, string]>>[
      ['http://evil.example//////', '/'],
      ['http://evil.example//posts/hello?x=1', '/posts/hello?x=1'],
      ['//\\evil.example', '/evil.example'],
      ['/\\evil.example/path?q=1', '/evil.example/path?q=1'],
      ['///evil.example', '/evil.example'],
    ]) {
      const answer = await rawRequest(app, target, { Accept: 'text/html' });
      expect(answer.status, target).toBe(301);
      expect(answer.headers.location, target).toBe(location);
    }
    const plain = await rawRequest(app, 'http://evil.example/posts/hello', { Accept: 'text/html' });
    expect(plain.status).toBe(200);
  });

  it('answers HEAD with the headers of GET, and sends //path to /path', async () => {
    const { app } = await setup();
    const head = await request(app).head('/posts/hello').set('Accept', 'text/html');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
    const slashes = await html(app, '//posts/hello?x=1');
    expect(slashes.status).toBe(301);
    expect(slashes.headers.location).toBe('/posts/hello?x=1');
  });

  it('never lets a cache keep a page that depends on the session', async () => {
    const { app } = await setup();
    const res = await html(app, '/members/dashboard');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('preloads the modules of the page, not the ones index.html already loads', async () => {
    const { app } = await setup();
    const res = await html(app, '/posts/hello');
    expect(res.text).toContain('<link rel="modulepreload" href="/assets/post-page-def456.js">');
    expect(res.text).toContain('<link rel="modulepreload" href="/assets/prose-789.js">');
    expect(res.text).not.toContain('modulepreload" href="/assets/app-abc123.js"');
  });

  it('writes the Turnstile site key into the page, HTML-escaped', async () => {
    const { app } = await setup({ turnstileSiteKey: '0x4AAA"><script>x</script>' });
    const res = await html(app, '/');
    expect(res.text).toContain(
      '<meta name="turnstile-site-key" content="0x4AAA&quot;&gt;&lt;script&gt;x&lt;/script&gt;" />',
    );
    expect(res.text.indexOf('turnstile-site-key')).toBeLessThan(res.text.indexOf('</head>'));
  });

  it('serves assets for a year, other files revalidated, and never the template or renderer', async () => {
    const { app } = await setup();
    const asset = await request(app).get('/assets/app-abc123.js');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect((await request(app).get('/assets/missing.js')).status).toBe(404);
    expect((await request(app).get('/humans.txt')).headers['cache-control']).toBe('no-cache');
    const template = await html(app, '/index.html');
    expect(template.text).not.toContain('<!--app-html-->');
    for (const path of [
      '/server/entry-server.js',
      '/server%2Fentry-server.js',
      '/.vite/manifest.json',
    ]) {
      const res = await request(app).get(path);
      expect(res.text, path).not.toContain('createPageRenderer');
      expect(res.text, path).not.toContain('post-page-def456');
    }
  });

  it("sends an asset's brotli or gzip copy from the build to a browser that takes it", async () => {
    const build = createWebBuild();
    track(build.cleanup);
    const script = 'console.log("app")';
    const copies = { br: brotliCompressSync(script), gzip: gzipSync(script) };
    fs.writeFileSync(`${build.dir}/assets/app-abc123.js.br`, copies.br);
    fs.writeFileSync(`${build.dir}/assets/app-abc123.js.gz`, copies.gzip);
    const t = createTestApp({
      deps: { pages: await loadBuiltPages(build.dir, { publicUrl: 'https://rowan.example' }) },
    });
    track(t.cleanup);

    for (const [accepted, encoding, bytes] of [
      ['gzip, deflate, br', 'br', copies.br.length],
      ['gzip', 'gzip', copies.gzip.length],
      ['identity', undefined, script.length],
    ] as const) {
      const res = await request(t.app)
        .get('/assets/app-abc123.js')
        .set('Accept-Encoding', accepted);
      expect(res.headers['content-encoding'], accepted).toBe(encoding);
      expect(res.headers['content-length'], accepted).toBe(String(bytes));
      expect(res.headers['content-type'], accepted).toMatch(/^text\/javascript/);
      expect(res.headers['vary'], accepted).toMatch(/Accept-Encoding/);
      expect(res.headers['cache-control'], accepted).toBe('public, max-age=31536000, immutable');
      // supertest decodes what it was sent.
      expect(res.text, accepted).toBe(script);
    }
  });

  it('sends a kept page as the brotli or gzip copy it made once, at its best, the same page', async () => {
    const { app } = await setup();
    const plain = await html(app, '/posts/hello').set('Accept-Encoding', 'identity');
    const best = {
      br: brotliCompressSync(plain.text, {
        params: { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT },
      }).length,
      gzip: gzipSync(plain.text, { level: constants.Z_BEST_COMPRESSION }).length,
    };
    for (const [accepted, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      // The copies are made beside the first answer, on zlib's threads: the next reader's.
      await expect
        .poll(async () => {
          const res = await html(app, '/posts/hello').set('Accept-Encoding', accepted);
          return res.headers['content-length'];
        })
        .toBe(String(best[encoding]));
      const res = await html(app, '/posts/hello').set('Accept-Encoding', accepted);
      expect(res.headers['content-encoding'], accepted).toBe(encoding);
      expect(res.headers['vary'], accepted).toMatch(/Accept-Encoding/);
      expect(res.headers['etag'], accepted).toBe(plain.headers['etag']);
      expect(res.headers['cache-control'], accepted).toBe(plain.headers['cache-control']);
      // supertest decodes what it was sent.
      expect(res.text, accepted).toBe(plain.text);
    }
  });

  it('leaves the API, feeds and the verification link to their own routes', async () => {
    const { app } = await setup();
    const api = await html(app, '/api/nope');
    expect(api.status).toBe(404);
    expect(api.headers['content-type']).toMatch(/json/);
    for (const path of ['/rss.xml', '/sitemap.xml', '/robots.txt']) {
      const res = await request(app).get(path).set('Accept', 'text/html,*/*');
      expect(res.status, path).toBe(200);
      expect(res.text, path).not.toContain('<!doctype html>');
    }
  });

  it('refuses a build without its server renderer, naming the command that makes one', async () => {
    const build = createWebBuild();
    track(build.cleanup);
    const { rmSync } = await import('node:fs');
    rmSync(`${build.dir}/server`, { recursive: true });
    await expect(loadBuiltPages(build.dir, { publicUrl: 'https://rowan.example' })).rejects.toThrow(
      /entry-server\.js is missing: build the web app with `pnpm build`/,
    );
  });
});
