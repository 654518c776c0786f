/**
 * What crawlers, link previews and readers without JavaScript get: every public page as real
 * HTML, with its own head, the right status and cache headers; and what readers with JavaScript
 * get on top: hydration without errors and client-side navigation without new documents.
 */
import { BRAND_DARK, BRAND_LIGHT, contrast, MESSAGES } from '@quillpost/domain';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitForMail } from '../support/mail.js';
import { FIXTURE_CONTENT } from '../support/site.js';
import {
  openPage,
  signInByCode,
  startStack,
  uniqueEmail,
  visit,
  type Stack,
} from '../support/stack.js';

/** The props the server wrote for the page's island `name`, as the browser reads them. */
function islandProps(html: string, name: string): unknown {
  const attribute = new RegExp(`data-island="${name}"[^>]*data-props="([^"]*)"`).exec(html)?.[1];
  const text = attribute
    ?.replaceAll('&quot;', '"')
    .replaceAll('&#x27;', "'")
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&amp;', '&');
  return JSON.parse(text ?? 'null');
}

const HOSTILE_TITLE = `Quotes " ' & </script><script>window.pwned = true</script><b>bold</b>`;

let stack: Stack;
let contentDir: string;

beforeAll(async () => {
  // The site's own content, plus a post whose title tries to break out of every context.
  contentDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-ssr-content-'));
  fs.cpSync(FIXTURE_CONTENT, contentDir, { recursive: true });
  fs.writeFileSync(
    path.join(contentDir, 'posts', '2026-10-01-hostile.md'),
    `---\ntitle: ${JSON.stringify(HOSTILE_TITLE)}\ndate: 2026-10-01\ncategory: build\nexcerpt: ${JSON.stringify(HOSTILE_TITLE)}\n---\n\nPlain words.\n`,
  );
  stack = await startStack({
    env: { CONTENT_DIR: contentDir, ADMIN_EMAILS: 'owner@example.test' },
  });
});

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(contentDir, { recursive: true, force: true });
});

/** Every public route of spec section 2, with a sample item where the route takes one. */
const PUBLIC_PAGES: Array<{ path: string; text: RegExp }> = [
  { path: '/', text: /Hello, I’m Rowan/ },
  { path: '/start', text: /software engineer/ },
  { path: '/welcome', text: /./ },
  { path: '/blog', text: /Why I write in public/ },
  { path: '/posts/why-i-write-in-public', text: /A friend asked me recently/ },
  { path: '/now', text: /What I’m doing now/ },
  { path: '/nowArchives', text: /Earlier now pages/ },
  { path: '/nowArchives/2026-07-01', text: /archived now page/ },
  { path: '/journal', text: /First warm Saturday/ },
  { path: '/journal/first-warm-saturday', text: /First warm Saturday/ },
  { path: '/poetry', text: /Merge Conflict/ },
  { path: '/poetry/merge-conflict', text: /Merge Conflict/ },
  { path: '/bookshelf', text: /Bookshelf/ },
  { path: '/list', text: /Reading list/ },
  { path: '/books/walden', text: /Walden/ },
  { path: '/books-array', text: /All books/ },
  { path: '/category', text: /Categories/ },
  { path: '/category/learn', text: /Learning SQL window functions/ },
  { path: '/build', text: /Build/ },
  { path: '/learn', text: /Learn/ },
  { path: '/write', text: /Write/ },
  { path: '/projects', text: /Tidepool/ },
  { path: '/projects/tidepool', text: /Tidepool/ },
  { path: '/tos', text: /./ },
  { path: '/privacy', text: /./ },
  { path: '/contact', text: /./ },
  { path: '/links', text: /Rowan Ellis/ },
];

async function fetchPage(pagePath: string, headers: Record<string, string> = {}) {
  const response = await fetch(stack.site.url + pagePath, {
    headers: { Accept: 'text/html', ...headers },
    redirect: 'manual',
  });
  return { response, html: await response.text() };
}

function headOf(html: string) {
  const attr = (pattern: RegExp) => pattern.exec(html)?.[1];
  const meta = (key: string) =>
    attr(new RegExp(`<meta data-page-head (?:property|name)="${key}" content="([^"]*)"`));
  return {
    title: attr(/<title data-page-head>([^<]*)<\/title>/),
    description: meta('description'),
    canonical: attr(/<link data-page-head rel="canonical" href="([^"]*)"/),
    meta,
    jsonLd: [
      ...html.matchAll(/<script data-page-head type="application\/ld\+json">(.*?)<\/script>/g),
    ].map((match) => JSON.parse(match[1]!) as Record<string, unknown>),
  };
}

/** The visible text of a page's HTML, as a crawler that runs no script reads it. */
function textOf(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('HTML without JavaScript', () => {
  it('gives every public page its own title, description, canonical URL, Open Graph tags and text', async () => {
    const titles = new Set<string>();
    for (const { path: pagePath, text } of PUBLIC_PAGES) {
      const { response, html } = await fetchPage(pagePath);
      expect(response.status, pagePath).toBe(200);
      const head = headOf(html);
      expect(head.title, pagePath).toBeTruthy();
      expect(titles.has(head.title!), `${pagePath}: title "${head.title}" is not unique`).toBe(
        false,
      );
      titles.add(head.title!);
      expect(head.description, pagePath).toBeTruthy();
      expect(head.canonical, pagePath).toBe(stack.site.url + pagePath);
      expect(head.meta('og:url'), pagePath).toBe(stack.site.url + pagePath);
      expect(head.meta('og:title'), pagePath).toBeTruthy();
      expect(head.meta('og:site_name'), pagePath).toBe('Rowan Ellis');
      expect(head.meta('og:image'), pagePath).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
      expect(head.meta('twitter:card'), pagePath).toBe('summary_large_image');
      expect(html, pagePath).not.toContain('name="robots"');
      expect(textOf(html), pagePath).toMatch(text);
    }
  });

  it('gives every public page a 1200 × 630 PNG preview card, each item its own', async () => {
    const cards = new Map<string, string>();
    for (const { path: pagePath } of PUBLIC_PAGES) {
      const image = headOf((await fetchPage(pagePath)).html).meta('og:image')!;
      if (cards.has(image)) continue;
      const response = await fetch(image);
      expect(response.status, image).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(response.headers.get('content-type'), image).toBe('image/png');
      // The PNG header's IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], image).toEqual([1200, 630]);
      cards.set(image, bytes.toString('base64'));
    }
    expect(cards.size).toBeGreaterThan(5);
    expect(new Set(cards.values()).size).toBe(cards.size);
  });

  it('follows a hand edit of site.yml in pages, feeds and mail within seconds, no restart', async () => {
    const file = path.join(contentDir, 'site.yml');
    const original = fs.readFileSync(file, 'utf8');
    const titled = async (title: string) => {
      const [page, feed] = await Promise.all([
        fetchPage('/blog'),
        fetch(`${stack.site.url}/rss.xml`).then((res) => res.text()),
      ]);
      return page.html.includes(`· ${title}</title>`) && feed.includes(`<title>${title}</title>`);
    };
    try {
      fs.writeFileSync(file, original.replace(/^title: .*$/m, 'title: Notes from the Harbour'));
      await expect.poll(() => titled('Notes from the Harbour'), { timeout: 10_000 }).toBe(true);
      const email = uniqueEmail('hand-edit');
      const requested = await fetch(`${stack.site.url}/api/auth/magic-link`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: stack.site.url },
        body: JSON.stringify({ email }),
      });
      expect(requested.status).toBe(200);
      const mail = await waitForMail(stack.sink, email, /sign-in link/);
      expect(mail.subject).toBe('Your sign-in link for Notes from the Harbour');
    } finally {
      fs.writeFileSync(file, original);
      await expect.poll(() => titled('Rowan Ellis'), { timeout: 10_000 }).toBe(true);
    }
  });

  it("colours the site with the owner's accent, every pair AA in light and dark", async () => {
    const sample = await fetchPage('/');
    // The sample's accent is the stylesheet's own: nothing added.
    expect(sample.html).not.toContain('--color-accent:');
    const file = path.join(contentDir, 'site.yml');
    const original = fs.readFileSync(file, 'utf8');
    try {
      // A hand edit: the watcher picks it up within a second or so.
      fs.writeFileSync(file, original.replace('accent: "#8c3a1f"', 'accent: "#ffd700"'));
      let html = '';
      await expect
        .poll(async () => (html = (await fetchPage('/')).html).includes('--color-accent:'), {
          timeout: 10_000,
        })
        .toBe(true);
      const light =
        /:root:root\{--color-accent:(#\w{6});--color-accent-hover:#\w{6};--color-on-accent:(#\w{6})\}/.exec(
          html,
        )!;
      const dark =
        /prefers-color-scheme: dark\)\{:root:root\{--color-accent:(#\w{6});--color-accent-hover:#\w{6};--color-on-accent:(#\w{6})/.exec(
          html,
        )!;
      // Gold on the paper would be unreadable: the derived links and buttons are AA.
      expect(contrast(light[1]!, BRAND_LIGHT.bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(light[2]!, light[1]!)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark[1]!, BRAND_DARK.bg)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(dark[2]!, dark[1]!)).toBeGreaterThanOrEqual(4.5);
      // And the browser paints with it, over the stylesheet's own accent.
      const { page, close } = await openPage(stack.browser);
      await page.goto(stack.site.url + '/', { waitUntil: 'networkidle' });
      const painted = () =>
        page
          .locator('.button--primary')
          .first()
          .evaluate((element) => getComputedStyle(element).backgroundColor);
      const [r, g, b] = [1, 3, 5].map((at) => parseInt(light[1]!.slice(at, at + 2), 16));
      // Polled: hydration may replace the button between finding it and reading its colour.
      await expect.poll(painted).toBe(`rgb(${r}, ${g}, ${b})`);
      await close();
    } finally {
      fs.writeFileSync(file, original);
      await expect
        .poll(async () => (await fetchPage('/')).html.includes('--color-accent:'), {
          timeout: 10_000,
        })
        .toBe(false);
    }
  });

  it('describes a post as an article: type, image, times, tags and BlogPosting JSON-LD', async () => {
    const { html } = await fetchPage('/posts/window-functions-in-public');
    const head = headOf(html);
    expect(head.title).toBe('Learning SQL window functions in public · Rowan Ellis');
    expect(head.meta('og:type')).toBe('article');
    // Its picture is an SVG, which link previews do not show: its own card instead.
    expect(head.meta('og:image')).toBe(`${stack.site.url}/og/post/window-functions-in-public.png`);
    expect(head.meta('article:published_time')).toBe('2026-01-11T00:00:00.000Z');
    expect(head.meta('article:tag')).toBe('sql');
    const [posting] = head.jsonLd;
    expect(posting).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Learning SQL window functions in public',
      datePublished: '2026-01-11T00:00:00.000Z',
      url: `${stack.site.url}/posts/window-functions-in-public`,
      author: { '@type': 'Person', name: 'Rowan Ellis' },
    });
    const image = await fetch(head.meta('og:image')!);
    expect(image.headers.get('content-type')).toBe('image/png');
  });

  it('describes the home page as a WebSite and a Person, and a book as a Book', async () => {
    const home = headOf((await fetchPage('/')).html);
    expect(home.jsonLd.map((item) => item['@type'])).toEqual(['WebSite', 'Person']);
    const book = headOf((await fetchPage('/books/walden')).html);
    expect(book.meta('og:type')).toBe('book');
    expect(book.jsonLd[0]).toMatchObject({ '@type': 'Book', name: 'Walden' });
    const journal = (await fetchPage('/journal')).html;
    expect(journal).toContain(
      '<link data-page-head rel="alternate" type="application/rss+xml" title="Rowan Ellis: Journal" href="/journal/rss.xml">',
    );
  });

  it("names the owner's profiles once: footer, /links and sameAs follow Console → Site", async () => {
    const profileLinks = (html: string) =>
      [...html.matchAll(/href="(https:\/\/[^"]+)"[^>]*rel="me noopener"/g)].map((m) => m[1]);
    const sameAs = async () =>
      (headOf((await fetchPage('/')).html).jsonLd[1] as { sameAs: string[] }).sameAs;
    // The sample's site.yml names them.
    const seeded = [
      'https://x.com/rowanelliswrites',
      'https://github.com/rowan-ellis-writes',
      'https://www.linkedin.com/in/rowan-ellis-writes',
      'https://www.instagram.com/rowanelliswrites',
    ];
    expect(profileLinks((await fetchPage('/blog')).html)).toEqual(seeded);
    expect(await sameAs()).toEqual(seeded);
    expect((await fetchPage('/links')).html).toContain(
      'href="https://github.com/rowan-ellis-writes"',
    );

    const owner = await openPage(stack.browser);
    await signInByCode(owner.context, stack, 'owner@example.test');
    await owner.page.goto(`${stack.site.url}/members/admin/site`);
    const x = owner.page.getByRole('textbox', { name: 'X (Twitter)' });
    await expect(x.inputValue()).resolves.toBe(seeded[0]);
    await x.fill('');
    await owner.page.getByRole('textbox', { name: 'GitHub' }).fill('https://github.com/rowan');
    await owner.page.getByRole('button', { name: 'Save', exact: true }).click();
    await owner.page.getByText(MESSAGES.SITE_UPDATED).waitFor();
    await owner.close();
    // Written into the site's file, where the owner may go on by hand.
    expect(fs.readFileSync(path.join(contentDir, 'site.yml'), 'utf8')).toContain(
      'github: https://github.com/rowan\n',
    );

    const saved = [
      'https://github.com/rowan',
      'https://www.linkedin.com/in/rowan-ellis-writes',
      'https://www.instagram.com/rowanelliswrites',
    ];
    expect(profileLinks((await fetchPage('/blog')).html)).toEqual(saved);
    expect(await sameAs()).toEqual(saved);
    const links = (await fetchPage('/links')).html;
    expect(links).toContain('href="https://github.com/rowan"');
    expect(links).not.toContain('x.com/rowanelliswrites');
  });

  it('answers 404 with the friendly page for unknown routes, missing items, drafts and scheduled posts', async () => {
    for (const pagePath of [
      '/no-such-page',
      '/posts/no-such-post',
      '/posts/notes-toward-a-post-about-tests',
      '/posts/a-year-of-small-tools',
      '/books/no-such-book',
      '/category/no-such-category',
    ]) {
      const { response, html } = await fetchPage(pagePath);
      expect(response.status, pagePath).toBe(404);
      expect(textOf(html), pagePath).toMatch(/isn’t here|No such category/);
      expect(headOf(html).title, pagePath).toMatch(/not found · Rowan Ellis$/);
    }
  });

  it('marks the pages that are not for search engines noindex', async () => {
    for (const pagePath of [
      '/test',
      '/signedup',
      '/manage',
      '/members/dashboard',
      '/auth/callback',
    ]) {
      const { html } = await fetchPage(pagePath);
      expect(headOf(html).meta('robots'), pagePath).toBe('noindex');
    }
  });

  it('keeps a hostile title as text in the head, the page and its data', async () => {
    const list = await fetchPage('/blog');
    const slug = /href="\/posts\/([^"]*hostile[^"]*|quotes[^"]*)"/.exec(list.html)?.[1];
    expect(slug).toBeTruthy();
    const { html } = await fetchPage(`/posts/${slug}`);
    expect(html).not.toContain('<script>window.pwned');
    expect(html).not.toContain('<b>bold</b>');
    expect(headOf(html).jsonLd[0]?.headline).toBe(HOSTILE_TITLE);
    // A reading page carries no router data (decision 0035); its islands' props, as attributes,
    // read back as the JSON they were.
    expect(html).not.toContain('id="route-data"');
    const { conversation } = islandProps(html, 'conversation') as {
      conversation: { commentsOpen: boolean };
    };
    expect(conversation.commentsOpen).toBe(true);

    const { page, pageErrors, close } = await openPage(stack.browser);
    await page.goto(`${stack.site.url}/posts/${slug}`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      HOSTILE_TITLE,
    );
    await expect(page.evaluate(() => 'pwned' in window)).resolves.toBe(false);
    await expect(page.title()).resolves.toBe(`${HOSTILE_TITLE} · Rowan Ellis`);
    expect(pageErrors).toEqual([]);
    await close();
  });
});

describe('caching', () => {
  it('lets any cache keep anonymous pages, with an ETag, and sets no cookie', async () => {
    const { response } = await fetchPage('/posts/why-i-write-in-public');
    expect(response.headers.get('cache-control')).toBe(
      'public, max-age=60, stale-while-revalidate=600',
    );
    expect(response.headers.get('set-cookie')).toBeNull();
    const etag = response.headers.get('etag')!;
    expect(etag).toBeTruthy();
    // node:http, not fetch: fetch adds Cache-Control: no-cache to conditional requests.
    const status = await new Promise<number | undefined>((resolve, reject) =>
      http
        .get(
          `${stack.site.url}/posts/why-i-write-in-public`,
          { headers: { Accept: 'text/html', 'If-None-Match': etag } },
          (res) => resolve(res.resume().statusCode),
        )
        .on('error', reject),
    );
    expect(status).toBe(304);
  });

  it('renders nothing of a signed-in reader into shared HTML; members pages and the owner’s views stay private', async () => {
    const { context, close } = await openPage(stack.browser);
    const email = uniqueEmail('ssr-reader');
    await signInByCode(context, stack, email);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    const signedIn = await fetchPage('/posts/why-i-write-in-public', { Cookie: cookie });
    const anonymous = await fetchPage('/posts/why-i-write-in-public');
    // The same page, marked for a reader this browser knows (decision 0042), for them only.
    expect(signedIn.html).toBe(anonymous.html.replace('<html', '<html data-member'));
    expect(signedIn.response.headers.get('cache-control')).toMatch(/^private, /);
    expect(signedIn.html).not.toContain(email);
    const members = await fetchPage('/members/dashboard', { Cookie: cookie });
    expect(members.response.headers.get('cache-control')).toBe('private, no-store');
    expect(members.html).not.toContain(email);
    await close();

    const owner = await openPage(stack.browser);
    await signInByCode(owner.context, stack, 'owner@example.test');
    const ownerCookie = (await owner.context.cookies())
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');
    const draft = await fetchPage('/posts/notes-toward-a-post-about-tests', {
      Cookie: ownerCookie,
    });
    expect(draft.response.status).toBe(200);
    expect(draft.response.headers.get('cache-control')).toBe('private, no-store');
    expect(textOf(draft.html)).toContain('Notes toward a post about tests');
    await owner.close();
  });
});

describe('in the browser', () => {
  it('runs no framework on a reading page: its boot alone, without an error, and links are documents', async () => {
    const { page, pageErrors, close } = await openPage(stack.browser);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await visit(page, stack.site.url + '/');
    await page.waitForLoadState('networkidle');
    expect(scripts).toEqual([expect.stringMatching(/^\/assets\/index-[\w-]+\.js$/)]);
    await expect(page.locator('#route-data').count()).resolves.toBe(0);

    // Following a link loads the next page as a document (prerendered or from the page cache).
    await page.getByRole('link', { name: 'Read the Blog' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blog' }).waitFor();
    await page.getByRole('link', { name: 'Why I write in public' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Why I write in public' }).waitFor();
    await expect(page.title()).resolves.toBe('Why I write in public · Rowan Ellis');
    expect(consoleErrors).toEqual([]);
    expect(pageErrors).toEqual([]);
    await close();
  });

  it('tells the browser to fetch the links its reader points at, and to render one only as it is pressed', async () => {
    const { page, close } = await openPage(stack.browser);
    const response = await page.goto(stack.site.url + '/blog');
    expect(response?.headers()['speculation-rules']).toBe('"/speculation-rules.json"');
    const rules = (await (await fetch(`${stack.site.url}/speculation-rules.json`)).json()) as {
      prefetch: Array<{ eagerness: string }>;
      prerender: Array<{ eagerness: string }>;
    };
    expect(rules.prefetch[0]!.eagerness).toBe('moderate');
    expect(rules.prerender[0]!.eagerness).toBe('conservative');
    // The tab's icon is a picture: an SVG icon is a document the page's thread lays out.
    await expect(page.locator('link[rel="icon"]').getAttribute('href')).resolves.toBe(
      '/favicon-48.png',
    );
    await close();
  });

  it('needs no second request for the data the page came with', async () => {
    const { page, close } = await openPage(stack.browser);
    const reads: string[] = [];
    const writes: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!url.pathname.startsWith('/api/') || url.pathname.startsWith('/api/auth/')) return;
      (request.method() === 'GET' ? reads : writes).push(url.pathname);
    });
    await page.goto(stack.site.url + '/posts/why-i-write-in-public', { waitUntil: 'networkidle' });
    expect(reads).toEqual([]);
    // What the page sends is its view, counted without a cookie.
    expect(writes).toEqual(['/api/analytics/hit']);
    await close();
  });

  it('can be read with JavaScript off: a post, and the links from it', async () => {
    const { page, close } = await openPage(stack.browser, { javaScriptEnabled: false });
    await page.goto(stack.site.url + '/posts/why-i-write-in-public');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
      'Why I write in public',
    );
    await expect(page.getByText('A friend asked me recently').isVisible()).resolves.toBe(true);
    await page.getByRole('link', { name: /Previous post/ }).click();
    await page.waitForURL(/\/posts\/(?!why-i-write-in-public)/);
    await expect(page.getByRole('heading', { level: 1 }).isVisible()).resolves.toBe(true);
    await close();
  });
});
