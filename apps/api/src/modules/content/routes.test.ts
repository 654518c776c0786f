import {
  bookListResponseSchema,
  categoryListResponseSchema,
  journalListResponseSchema,
  linksPageSchema,
  nowArchiveListResponseSchema,
  nowPageSchema,
  pageSchema,
  poemListResponseSchema,
  postListResponseSchema,
  postSchema,
  projectListResponseSchema,
  searchResponseSchema,
} from '@quillpost/domain';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { signInWithMagicLink } from '../../test-support/auth.js';
import { createContentFolder, markdown, post } from '../../test-support/content.js';
import { cleanupAfterEach, createTestApp } from '../../test-support/test-app.js';
import { PRIVATE_NO_STORE, PUBLIC_CACHE } from './routes.js';
import { syncContent } from './sync.js';

const track = cleanupAfterEach();

const OWNER = 'owner@example.com';

// The test clock starts at 2026-01-01T09:00:00Z.
const FILES = {
  'authors.yml': 'rowan:\n  name: Rowan Ellis\n  avatar: images/rowan.svg\n',
  'posts/tools.md': post('Small tools', {
    date: '2025-03-01',
    extra: 'sub_category: tools\ntags: [tools, scripts]\nkeywords: [cli, scripts]',
    body: 'A folder of scripts that save minutes every day.',
  }),
  'posts/sqlite.md': post('One SQLite file', {
    date: '2025-05-01',
    extra: 'sub_category: software\nfeatured_image: images/db.svg',
    body: '## Why\n\nBackups are a file copy. See [the tools post](/posts/tools).',
  }),
  'posts/notes.md': post('Notes I reread', {
    date: '2025-04-01',
    category: 'learn',
    extra: 'sub_category: notes',
    body: 'Write for a stranger: one idea per note.',
  }),
  'posts/draft.md': post('Secret draft', {
    date: '2025-06-01',
    extra: 'status: draft',
    body: 'Unfinished thoughts about zeppelins.',
  }),
  'posts/later.md': post('Scheduled piece', {
    date: '2026-02-01',
    body: 'Words about zeppelins for next month.',
  }),
  'journal/one.md': markdown('title: Rain\ndate: 2025-10-01\nmood: calm', 'It rained.'),
  'journal/two.md': markdown('title: Sun\ndate: 2025-11-01', 'It shone.'),
  'poetry/verse.md': markdown('title: Verse\ndate: 2025-09-01\nform: haiku', 'line one\nline two'),
  'books/read-one.md': markdown(
    "title: Walden\nauthor: Thoreau\nstatus: read\nrating: 4\nfinished: 2025-07-16\nquotes:\n  - 'Simplify, simplify.'\n  - text: Live deliberately.\n    page: 90",
    'Notes on Walden.',
  ),
  'books/reading-one.md': markdown('title: Middlemarch\nauthor: George Eliot\nstatus: reading'),
  'books/wanted.md': markdown('title: Bird by Bird\nauthor: Anne Lamott\nstatus: want-to-read'),
  'projects/tidepool.md': markdown(
    'title: Tidepool\ndate: 2024-11-02\nsummary: Search notes.\nproject_status: maintained\nstack: [TypeScript]\nrepository: https://example.org/tidepool',
    'Details.',
  ),
  'now/2025-06.md': markdown('date: 2025-06-01', 'Older now.'),
  'now/2025-12.md': markdown('date: 2025-12-01\nlocation: Bristol', 'Current now.'),
  'pages/start.md': markdown('title: Start here\ndescription: Hello from Rowan.', 'Welcome.'),
  'site.yml':
    'title: Rowan Ellis\nowner: { name: Rowan Ellis }\nsocial:\n  github: https://github.com/example\n',
  'pages/links.md': markdown(
    'title: Rowan Ellis\nlinks:\n  - name: GitHub\n    url: https://github.com/example\n    icon: github\n  - name: Email\n    url: mailto:hi@example.org\n    icon: mail\n    description: Say hi',
    'Everything I make.',
  ),
};

function setup(files: Record<string, string> = FILES) {
  const folder = createContentFolder(files);
  const t = createTestApp({
    env: { CONTENT_DIR: folder.dir, PUBLIC_URL: 'https://rowan.example', ADMIN_EMAILS: OWNER },
  });
  track(t.cleanup, folder.cleanup);
  const sync = () => syncContent(t.deps.db, folder.dir, t.clock, t.deps.logger);
  expect(sync().errors).toEqual([]);
  return { ...t, folder, sync };
}

describe('GET /api/posts', () => {
  it('lists published posts newest first as domain Posts, hiding drafts and scheduled posts', async () => {
    const { app } = setup();
    const res = await request(app).get('/api/posts?t=1767258000000');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(res.headers.etag).toBeTruthy();
    const posts = postListResponseSchema.parse(res.body);
    expect(posts.map((p) => p.slug)).toEqual(['sqlite', 'notes', 'tools']);
    expect(posts[0]).toMatchObject({
      title: 'One SQLite file',
      category: 'build',
      sub_category: 'software',
      featured_image_url: '/content/images/db.svg',
      author_id: 'rowan',
      author_name: 'Rowan Ellis',
      author_avatar: '/content/images/rowan.svg',
      status: 'published',
      date: '2025-05-01T00:00:00.000Z',
      reading_minutes: 1,
    });
    expect(posts[0]?.content).toContain('<h2 id="why">');
    expect(posts[2]).toMatchObject({ tags: ['tools', 'scripts'], keywords: 'cli, scripts' });
    expect(posts[2]?.excerpt_short).toBe('A folder of scripts that save minutes every day.');
  });

  it('filters by category', async () => {
    const { app } = setup();
    const learn = await request(app).get('/api/posts?category=learn');
    expect(learn.body.map((p: { slug: string }) => p.slug)).toEqual(['notes']);
    const none = await request(app).get('/api/posts?category=cooking');
    expect(none.status).toBe(200);
    expect(none.body).toEqual([]);
  });

  it('answers refresh=true with no-store', async () => {
    const { app } = setup();
    const res = await request(app).get('/api/posts?refresh=true&t=1');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe(PRIVATE_NO_STORE);
  });

  it('answers a repeat request with 304 Not Modified, and a changed list with 200', async () => {
    const { app, folder, sync } = setup();
    const first = await request(app).get('/api/posts');
    const etag = first.headers.etag as string;
    const again = await request(app).get('/api/posts').set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');

    folder.write('posts/new.md', post('Fresh', { date: '2025-12-24' }));
    sync();
    const changed = await request(app).get('/api/posts').set('If-None-Match', etag);
    expect(changed.status).toBe(200);
    expect(changed.body[0].slug).toBe('new');
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('publishes a scheduled post by itself once its date has passed', async () => {
    const { app, clock } = setup();
    expect((await request(app).get('/api/posts/later')).status).toBe(404);
    clock.set(Date.parse('2026-02-01T00:00:01Z'));
    const list = await request(app).get('/api/posts');
    expect(list.body[0]).toMatchObject({ slug: 'later', status: 'published' });
    expect((await request(app).get('/api/posts/later')).status).toBe(200);
  });
});

describe('GET /api/posts/:id', () => {
  it('finds a post by numeric id or by slug', async () => {
    const { app } = setup();
    const bySlug = await request(app).get('/api/posts/notes?t=5');
    expect(bySlug.status).toBe(200);
    const parsed = postSchema.parse(bySlug.body);
    const byId = await request(app).get(`/api/posts/${parsed.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(bySlug.body);
  });

  it('answers 404 with code NOT_FOUND for unknown posts, drafts and scheduled posts', async () => {
    const { app } = setup();
    for (const path of [
      '/api/posts/nope',
      '/api/posts/999999',
      '/api/posts/draft',
      '/api/posts/later',
    ]) {
      const res = await request(app).get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    }
  });
});

describe('unpublished posts and the admin', () => {
  it('shows drafts and scheduled posts to the admin only, never cached', async () => {
    const { app, deps } = setup();
    const owner = await signInWithMagicLink(app, deps, OWNER);
    const reader = await signInWithMagicLink(app, deps, 'reader@example.com');

    const adminList = await request(app).get('/api/posts').set('Cookie', owner);
    expect(adminList.status).toBe(200);
    expect(adminList.headers['cache-control']).toBe(PRIVATE_NO_STORE);
    const statuses = Object.fromEntries(
      adminList.body.map((p: { slug: string; status: string }) => [p.slug, p.status]),
    );
    expect(statuses).toMatchObject({ draft: 'draft', later: 'scheduled', notes: 'published' });

    const adminDraft = await request(app).get('/api/posts/draft').set('Cookie', owner);
    expect(adminDraft.status).toBe(200);
    expect(adminDraft.body.status).toBe('draft');

    const readerList = await request(app).get('/api/posts').set('Cookie', reader);
    expect(readerList.body.map((p: { slug: string }) => p.slug)).toEqual([
      'sqlite',
      'notes',
      'tools',
    ]);
    expect((await request(app).get('/api/posts/draft').set('Cookie', reader)).status).toBe(404);

    // The public answer cached before is not polluted by the admin's view.
    const publicList = await request(app).get('/api/posts');
    expect(publicList.body).toHaveLength(3);
  });

  it('searches drafts for the admin only', async () => {
    const { app, deps } = setup();
    const owner = await signInWithMagicLink(app, deps, OWNER);
    const publicSearch = await request(app).get('/api/search?q=zeppelins');
    expect(publicSearch.body.results).toEqual([]);
    const adminSearch = await request(app).get('/api/search?q=zeppelins').set('Cookie', owner);
    expect(adminSearch.body.results.map((r: { slug: string }) => r.slug).sort()).toEqual([
      'draft',
      'later',
    ]);
  });
});

describe('other read endpoints', () => {
  it('serves journal entries and poems, newest first and by slug', async () => {
    const { app } = setup();
    const journal = journalListResponseSchema.parse((await request(app).get('/api/journal')).body);
    expect(journal.map((entry) => entry.slug)).toEqual(['two', 'one']);
    expect(journal[1]).toMatchObject({ title: 'Rain', mood: 'calm', location: null });
    expect((await request(app).get('/api/journal/one')).body.title).toBe('Rain');
    expect((await request(app).get('/api/journal/missing')).status).toBe(404);

    const poems = poemListResponseSchema.parse((await request(app).get('/api/poetry')).body);
    expect(poems[0]).toMatchObject({ slug: 'verse', form: 'haiku' });
    expect(poems[0]?.content).toBe('<p>line one<br />\nline two</p>');
    expect((await request(app).get('/api/poetry/verse')).status).toBe(200);
  });

  it('serves books for the bookshelf, the reading list, by status and by slug', async () => {
    const { app } = setup();
    const slugs = async (query: string) =>
      bookListResponseSchema
        .parse((await request(app).get(`/api/books${query}`)).body)
        .map((book) => book.slug)
        .sort();
    expect(await slugs('')).toEqual(['read-one', 'reading-one', 'wanted']);
    expect(await slugs('?list=bookshelf')).toEqual(['read-one', 'reading-one']);
    expect(await slugs('?list=reading-list')).toEqual(['wanted']);
    expect(await slugs('?status=read')).toEqual(['read-one']);
    expect(await slugs('?list=reading-list&status=read')).toEqual([]);
    expect((await request(app).get('/api/books?list=attic')).status).toBe(400);

    const walden = await request(app).get('/api/books/read-one');
    expect(walden.body).toMatchObject({
      title: 'Walden',
      author: 'Thoreau',
      status: 'read',
      rating: 4,
      finished: '2025-07-16T00:00:00.000Z',
      quotes: [
        { text: 'Simplify, simplify.', page: null },
        { text: 'Live deliberately.', page: 90 },
      ],
      content: '<p>Notes on Walden.</p>',
    });
  });

  it('serves projects', async () => {
    const { app } = setup();
    const projects = projectListResponseSchema.parse(
      (await request(app).get('/api/projects')).body,
    );
    expect(projects[0]).toMatchObject({
      slug: 'tidepool',
      summary: 'Search notes.',
      status: 'maintained',
      stack: ['TypeScript'],
      repository: 'https://example.org/tidepool',
      url: null,
    });
    expect((await request(app).get('/api/projects/tidepool')).status).toBe(200);
    expect((await request(app).get('/api/projects/nope')).status).toBe(404);
  });

  it('serves the current now page and its archives', async () => {
    const { app } = setup();
    const now = nowPageSchema.parse((await request(app).get('/api/now')).body);
    expect(now).toMatchObject({ slug: '2025-12', is_current: true, location: 'Bristol' });
    const archives = nowArchiveListResponseSchema.parse(
      (await request(app).get('/api/now/archives')).body,
    );
    expect(archives).toEqual([
      {
        slug: '2025-06',
        title: 'Now',
        date: '2025-06-01T00:00:00.000Z',
        excerpt_short: 'Older now.',
      },
    ]);
    const old = await request(app).get('/api/now/archives/2025-06');
    expect(old.body).toMatchObject({ is_current: false, content: '<p>Older now.</p>' });
  });

  it('counts categories and sub-categories of published posts', async () => {
    const { app } = setup();
    const categories = categoryListResponseSchema.parse(
      (await request(app).get('/api/categories')).body,
    );
    expect(categories).toEqual([
      {
        slug: 'build',
        name: 'Build',
        count: 2,
        sub_categories: [
          { slug: 'software', name: 'Software', count: 1 },
          { slug: 'tools', name: 'Tools', count: 1 },
        ],
      },
      {
        slug: 'learn',
        name: 'Learn',
        count: 1,
        sub_categories: [{ slug: 'notes', name: 'Notes', count: 1 }],
      },
    ]);
  });

  it('serves the links page and the fixed pages, with about as an alias of start', async () => {
    const { app } = setup();
    const links = linksPageSchema.parse((await request(app).get('/api/links')).body);
    // The GitHub entry is one of the owner's profiles: those come from GET /api/site.
    expect(links.links).toEqual([
      { name: 'Email', url: 'mailto:hi@example.org', icon: 'mail', description: 'Say hi' },
    ]);
    expect(links.profilesAt).toBe(0); // the profiles go where GitHub stood, before Email
    expect((await request(app).get('/api/site')).body).toMatchObject({
      title: 'Rowan Ellis',
      socialProfiles: [{ network: 'github', label: 'GitHub', url: 'https://github.com/example' }],
    });
    const start = pageSchema.parse((await request(app).get('/api/pages/start')).body);
    expect(start).toMatchObject({ title: 'Start here', description: 'Hello from Rowan.' });
    expect((await request(app).get('/api/pages/about')).body).toEqual(start);
    const missing = await request(app).get('/api/pages/tos');
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NOT_FOUND');
  });

  it('answers 304 on every read endpoint when nothing changed', async () => {
    const { app } = setup();
    for (const path of ['/api/journal', '/api/books?list=bookshelf', '/api/now', '/api/links']) {
      const first = await request(app).get(path);
      const again = await request(app)
        .get(path)
        .set('If-None-Match', first.headers.etag as string);
      expect(again.status, path).toBe(304);
    }
  });
});

describe('GET /api/search', () => {
  const SEARCH_FILES = {
    'posts/title-hit.md': post('Sourdough starters', {
      date: '2025-01-01',
      body: 'Flour and water, fed daily.',
    }),
    'posts/body-hit.md': post('Weekend notes', {
      date: '2025-06-01',
      body: 'I baked bread again. The sourdough was sour; the <b>crust</b> & crumb were fine.',
    }),
    'journal/j.md': markdown('title: Kitchen day\ndate: 2025-03-01', 'More sourdough experiments.'),
    'poetry/p.md': markdown('title: Loaf\ndate: 2025-03-02', 'a sourdough loaf\ncooling'),
    'pages/about.md': markdown('title: About', 'I like sourdough too.'),
    'books/bread.md': markdown(
      'title: Flour Water Salt Yeast\nauthor: Ken Forkish\nstatus: read',
      'The sourdough chapters taught me patience.',
    ),
  };

  it('ranks a title match above body matches and covers posts, journal, poetry, books and pages', async () => {
    const { app } = setup(SEARCH_FILES);
    const res = await request(app).get('/api/search?q=sourdough');
    expect(res.status).toBe(200);
    const { results } = searchResponseSchema.parse(res.body);
    expect(results[0]).toMatchObject({ kind: 'post', slug: 'title-hit', path: '/posts/title-hit' });
    expect(results.map((r) => r.kind).sort()).toEqual([
      'book',
      'journal',
      'page',
      'poem',
      'post',
      'post',
    ]);
    expect(results.find((r) => r.kind === 'journal')?.path).toBe('/journal/j');
    expect(results.find((r) => r.kind === 'poem')?.path).toBe('/poetry/p');
    expect(results.find((r) => r.kind === 'book')?.path).toBe('/books/bread');
    expect(results.find((r) => r.kind === 'page')?.path).toBe('/about');
  });

  it('highlights matches in HTML-escaped snippets', async () => {
    const { app } = setup(SEARCH_FILES);
    const res = await request(app).get('/api/search?q=crumb');
    const snippet = res.body.results[0].snippet as string;
    expect(snippet).toContain('<mark>crumb</mark>');
    expect(snippet).toContain('crust &amp; ');
    expect(snippet.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
  });

  it('takes snippets from the prose: no table heading, code or footnote in one a prose word found', async () => {
    const { app } = setup({
      'posts/lock.md': post('At the lock', {
        date: '2025-07-01',
        body: [
          'The heron stood still.[^1]',
          '',
          '| Name | Value |',
          '|------|-------|',
          '| depth | three |',
          '',
          '```',
          'const perch = 1;',
          '```',
          '',
          '[^1]: A grey one.',
          '',
          'The kingfisher flew past.',
        ].join('\n'),
      }),
    });
    const snippetFor = async (q: string) =>
      searchResponseSchema.parse((await request(app).get(`/api/search?q=${q}`)).body).results[0]
        ?.snippet;
    const prose = await snippetFor('kingfisher');
    expect(prose).toMatch(/The <mark>kingfisher<\/mark> flew past\.$/);
    expect(prose).not.toMatch(/Name|Value|depth|perch|grey/);
    // A word only in the table, the code or the footnote is still found, its own words around it.
    expect(await snippetFor('depth')).toContain('<mark>depth</mark> three');
    expect(await snippetFor('perch')).toContain('<mark>perch</mark>');
    expect(await snippetFor('grey')).toContain('<mark>grey</mark> one');
  });

  it('matches word prefixes and stems, and needs every word', async () => {
    const { app } = setup(SEARCH_FILES);
    const ids = async (q: string) =>
      (
        (await request(app).get(`/api/search?q=${encodeURIComponent(q)}`)).body.results as Array<{
          slug: string;
        }>
      ).map((r) => r.slug);
    expect(await ids('sourd')).toHaveLength(6);
    expect(await ids('experiment')).toEqual(['j']);
    expect(await ids('sourdough bread')).toEqual(['body-hit']);
  });

  it('treats FTS syntax as plain words and answers an empty query with no results', async () => {
    const { app } = setup(SEARCH_FILES);
    for (const q of [
      '"',
      'sourdough OR',
      'title:x',
      'NEAR(a b)',
      '*',
      ')(',
      "'; DROP TABLE x;--",
    ]) {
      const res = await request(app).get(`/api/search?q=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    const empty = await request(app).get('/api/search?q=');
    expect(empty.body).toEqual({ query: '', results: [] });
    expect((await request(app).get(`/api/search?q=${'a'.repeat(201)}`)).status).toBe(400);
  });
});
