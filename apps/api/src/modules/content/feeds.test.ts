import { XMLParser, XMLValidator } from 'fast-xml-parser';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createContentFolder, markdown, post } from '../../test-support/content.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { absolutizeHtml } from './feeds.js';
import { syncContent } from './sync.js';

const track = cleanupAfterEach();

const BASE = 'https://rowan.example';
const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>';

function setup(env: Record<string, string> = {}) {
  const folder = createContentFolder({
    'authors.yml': 'rowan:\n  name: Rowan Ellis\n',
    'posts/tools.md': post('Tools & <tricks>', {
      date: '2025-03-01',
      extra: 'tags: [tools, build]\nfeatured_image: images/tools.svg',
      body: '## Intro\n\nSee [the other post](/posts/words) and ![a chart](/content/images/tools.svg) and [intro](#intro).',
    }),
    'posts/words.md': post('Words', {
      date: '2025-04-01',
      category: 'write',
      extra: 'updated: 2025-05-01',
    }),
    'posts/draft.md': post('Draft', { date: '2025-04-02', extra: 'status: draft' }),
    'posts/later.md': post('Later', { date: '2027-01-01' }),
    'books/walden.md': markdown('title: Walden\nauthor: Thoreau\nstatus: read'),
    'projects/tidepool.md': markdown('title: Tidepool\ndate: 2024-11-02\nsummary: S.', 'Text.'),
    'now/a.md': markdown('date: 2025-01-01', 'Old.'),
    'journal/rain.md': markdown('title: Rain\ndate: 2025-02-01', 'It rained <all> day.'),
    'poetry/tide.md': markdown('title: Tide\ndate: 2025-02-02', 'In, out.'),
    'now/b.md': markdown('date: 2025-06-01', 'New.'),
    'pages/start.md': markdown('title: Start\ndescription: Start here.', 'Hi.'),
    'pages/colophon.md': markdown('title: Colophon', 'Made with care.'),
    'site.yml':
      'title: Rowan Ellis\ndescription: Essays, tools and notes.\nowner:\n  name: Rowan Ellis\n',
    'images/tools.svg': SVG,
    'authors-secret.txt': 'not under images',
  });
  const t = createTestApp({ env: { CONTENT_DIR: folder.dir, PUBLIC_URL: `${BASE}/`, ...env } });
  track(t.cleanup, folder.cleanup);
  expect(syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger).errors).toEqual([]);
  return t;
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@' });

function parseXml(text: string) {
  expect(XMLValidator.validate(text)).toBe(true);
  return parser.parse(text) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

describe('RSS 2.0', () => {
  it('has the required channel and item elements, absolute links and only published posts', async () => {
    const { app } = setup();
    const res = await request(app).get('/rss.xml');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers.etag).toBeTruthy();
    const { rss } = parseXml(res.text);
    expect(rss['@version']).toBe('2.0');
    const channel = rss.channel;
    expect(channel.title).toBe('Rowan Ellis');
    expect(channel.link).toBe(`${BASE}/`);
    expect(channel.description).toBe('Essays, tools and notes.');
    expect(channel['atom:link']['@href']).toBe(`${BASE}/rss.xml`);
    expect(channel['atom:link']['@rel']).toBe('self');

    const items = asList(channel.item);
    expect(items.map((item) => item.title)).toEqual(['Words', 'Tools & <tricks>']);
    const tools = items[1];
    expect(tools.link).toBe(`${BASE}/posts/tools`);
    expect(tools.guid['#text']).toBe(`${BASE}/posts/tools`);
    expect(tools.guid['@isPermaLink']).toBe('true');
    expect(new Date(tools.pubDate).toISOString()).toBe('2025-03-01T00:00:00.000Z');
    expect(tools.pubDate).toMatch(/^Sat, 01 Mar 2025 00:00:00 GMT$/);
    expect(tools['dc:creator']).toBe('Rowan Ellis');
    // The tag that repeats the category is not listed twice.
    expect(asList(tools.category)).toEqual(['build', 'tools']);
    expect(tools['media:content']).toMatchObject({
      '@url': `${BASE}/content/images/tools.svg`,
      '@medium': 'image',
      '@type': 'image/svg+xml',
    });
    expect(items[0]['media:content']).toBeUndefined();
    const html = tools['content:encoded'] as string;
    expect(html).toContain(`href="${BASE}/posts/words"`);
    expect(html).toContain(`src="${BASE}/content/images/tools.svg"`);
    expect(html).toContain(`href="${BASE}/posts/tools#intro"`);
  });

  it('has one feed per category, and 404 for a category without posts', async () => {
    const { app } = setup();
    const res = await request(app).get('/category/write/rss.xml');
    const { rss } = parseXml(res.text);
    expect(rss.channel.title).toBe('Rowan Ellis: Write');
    expect(rss.channel.link).toBe(`${BASE}/category/write`);
    expect(asList(rss.channel.item).map((item) => item.title)).toEqual(['Words']);
    expect((await request(app).get('/category/cooking/rss.xml')).status).toBe(404);
    expect((await request(app).get('/category/Bad%20Name/atom.xml')).status).toBe(404);
  });
});

describe('journal and poetry feeds', () => {
  it('give the journal and the poems RSS, Atom and JSON feeds, each entry with its own page', async () => {
    const { app } = setup();
    const rss = parseXml((await request(app).get('/journal/rss.xml')).text).rss.channel;
    expect(rss.title).toBe('Rowan Ellis: Journal');
    expect(rss.link).toBe(`${BASE}/journal`);
    expect(rss['atom:link']['@href']).toBe(`${BASE}/journal/rss.xml`);
    const entry = asList(rss.item)[0];
    expect(entry).toMatchObject({ title: 'Rain', link: `${BASE}/journal/rain` });
    expect(entry['content:encoded']).toContain('It rained');

    const atom = parseXml((await request(app).get('/poetry/atom.xml')).text).feed;
    expect(atom.title).toBe('Rowan Ellis: Poetry');
    expect(asList(atom.entry).map((item) => item.id)).toEqual([`${BASE}/poetry/tide`]);

    const json = JSON.parse((await request(app).get('/poetry/feed.json')).text);
    expect(json.feed_url).toBe(`${BASE}/poetry/feed.json`);
    expect(json.items.map((item: { url: string }) => item.url)).toEqual([`${BASE}/poetry/tide`]);
  });
});

describe('Atom', () => {
  it('has the required feed and entry elements (RFC 4287)', async () => {
    const { app } = setup();
    const res = await request(app).get('/atom.xml');
    expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
    const { feed } = parseXml(res.text);
    expect(feed['@xmlns']).toBe('http://www.w3.org/2005/Atom');
    expect(feed.id).toBe(`${BASE}/atom.xml`);
    expect(feed.title).toBe('Rowan Ellis');
    expect(feed.updated).toBe('2025-05-01T00:00:00.000Z');
    expect(feed.author.name).toBe('Rowan Ellis');
    const links = asList(feed.link).map((link) => [link['@rel'], link['@href']]);
    expect(links).toEqual([
      ['alternate', `${BASE}/`],
      ['self', `${BASE}/atom.xml`],
    ]);
    const entries = asList(feed.entry);
    expect(entries).toHaveLength(2);
    for (const entry of entries) {
      for (const field of ['id', 'title', 'updated', 'published', 'summary', 'content']) {
        expect(entry[field], field).toBeTruthy();
      }
      const alternate = asList(entry.link).find((link) => link['@rel'] === 'alternate');
      expect(alternate['@href']).toMatch(new RegExp(`^${BASE}/posts/`));
      expect(entry.content['@type']).toBe('html');
    }
    expect(entries[0]).toMatchObject({ title: 'Words', updated: '2025-05-01T00:00:00.000Z' });
    expect(asList(entries[1].link).find((link) => link['@rel'] === 'enclosure')).toMatchObject({
      '@href': `${BASE}/content/images/tools.svg`,
      '@type': 'image/svg+xml',
    });
    const category = parseXml((await request(app).get('/category/build/atom.xml')).text);
    expect(asList(category.feed.entry).map((entry) => entry.title)).toEqual(['Tools & <tricks>']);
  });
});

describe('JSON Feed', () => {
  it('follows version 1.1', async () => {
    const { app } = setup();
    const res = await request(app).get('/feed.json');
    expect(res.headers['content-type']).toBe('application/feed+json; charset=utf-8');
    const feed = JSON.parse(res.text);
    expect(feed).toMatchObject({
      version: 'https://jsonfeed.org/version/1.1',
      title: 'Rowan Ellis',
      home_page_url: `${BASE}/`,
      feed_url: `${BASE}/feed.json`,
    });
    expect(feed.items.map((item: { id: string }) => item.id)).toEqual([
      `${BASE}/posts/words`,
      `${BASE}/posts/tools`,
    ]);
    expect(feed.items[1]).toMatchObject({
      url: `${BASE}/posts/tools`,
      image: `${BASE}/content/images/tools.svg`,
      date_published: '2025-03-01T00:00:00.000Z',
      tags: ['build', 'tools'],
    });
    expect(feed.items[1].content_html).toContain('<h2 id="intro">');
  });
});

describe('sitemap and robots', () => {
  it('lists public pages and published items with absolute URLs', async () => {
    const { app } = setup();
    const res = await request(app).get('/sitemap.xml');
    const { urlset } = parseXml(res.text);
    expect(urlset['@xmlns']).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    const locs = asList(urlset.url).map((url) => url.loc as string);
    for (const loc of locs) expect(loc.startsWith(`${BASE}/`)).toBe(true);
    expect(locs).toEqual(
      expect.arrayContaining([
        `${BASE}/`,
        `${BASE}/blog`,
        `${BASE}/bookshelf`,
        `${BASE}/posts/tools`,
        `${BASE}/posts/words`,
        `${BASE}/category/build`,
        `${BASE}/books/walden`,
        `${BASE}/projects/tidepool`,
        `${BASE}/nowArchives/a`,
        `${BASE}/journal/rain`,
        `${BASE}/poetry/tide`,
        `${BASE}/colophon`,
      ]),
    );
    expect(locs.filter((loc) => loc === `${BASE}/start`)).toHaveLength(1);
    expect(locs).toEqual(expect.arrayContaining([`${BASE}/now`, `${BASE}/nowArchives`]));
    // Only pages the content has: no links, terms or privacy pages here, so none listed.
    for (const absent of ['/links', '/tos', '/privacy', '/contact', '/welcome']) {
      expect(locs).not.toContain(`${BASE}${absent}`);
    }
    expect(locs.filter((loc) => loc.includes('#'))).toEqual([]);
    expect(locs).not.toContain(`${BASE}/posts/draft`);
    expect(locs).not.toContain(`${BASE}/posts/later`);
    expect(locs).not.toContain(`${BASE}/nowArchives/b`);
    const words = asList(urlset.url).find((url) => url.loc === `${BASE}/posts/words`);
    expect(words.lastmod).toBe('2025-05-01');
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const { app } = setup();
    const res = await request(app).get('/robots.txt');
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.text).toContain('User-agent: *\nDisallow: /api/');
    expect(res.text).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });
});

describe('content images', () => {
  it('serves images with a day of caching and a script-free CSP, and nothing outside images/', async () => {
    const { app } = setup();
    const res = await request(app).get('/content/images/tools.svg');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    const again = await request(app)
      .get('/content/images/tools.svg')
      .set('If-None-Match', res.headers.etag as string);
    expect(again.status).toBe(304);

    const missing = await request(app).get('/content/images/nope.svg');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
    const escape = await request(app).get('/content/images/..%2Fauthors-secret.txt');
    expect(escape.status).toBe(404);
    expect(escape.text).not.toContain('not under images');
  });
});

describe('absolutizeHtml', () => {
  it('leaves absolute and protocol-relative URLs alone', () => {
    expect(
      absolutizeHtml('<a href="https://x.org/">x</a><a href="//cdn">y</a>', BASE, `${BASE}/p`),
    ).toBe('<a href="https://x.org/">x</a><a href="//cdn">y</a>');
  });
});
