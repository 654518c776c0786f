import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { itemPath } from '@quillpost/domain';
import {
  createFakeApi,
  renderPage,
  SAMPLE_CATEGORIES,
  samplePost,
  SIGNED_OUT_ROUTES,
} from '../testing/fake-content-api';
import { SITE } from '../../../test/fake-api';

const posts = [
  samplePost({
    title: 'Why I write in public',
    category: 'write',
    date: '2026-09-06T00:00:00.000Z',
  }),
  samplePost({ title: 'A reading half-year', category: 'learn', date: '2026-06-21T00:00:00.000Z' }),
  samplePost({
    title: 'Debugging with a notebook',
    category: 'build',
    date: '2026-02-15T00:00:00.000Z',
  }),
  samplePost({
    title: 'Notes I actually reread',
    category: 'learn',
    date: '2025-09-14T00:00:00.000Z',
  }),
];

async function renderBlog(url = '/blog', categories = SAMPLE_CATEGORIES, counts = {}) {
  const fake = createFakeApi({
    ...SIGNED_OUT_ROUTES,
    'GET /api/posts': { body: posts },
    'GET /api/categories': { body: categories },
    'GET /api/comment-counts': { body: { success: true, counts } },
  });
  await renderPage(url, { api: fake.api });
  return fake;
}

const titles = () =>
  screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('BlogPage', () => {
  it('lists every post newest first, under year headings', async () => {
    await renderBlog();
    await screen.findByRole('link', { name: 'Why I write in public' });
    expect(titles()).toEqual(posts.map((post) => post.title));
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '2026',
      '2025',
    ]);
  });

  it("dates and files each post on the site's day: New Year's Eve in Chicago is not next year", async () => {
    const fake = createFakeApi({
      ...SIGNED_OUT_ROUTES,
      'GET /api/site': { body: { ...SITE, language: 'en-US', timezone: 'America/Chicago' } },
      'GET /api/posts': {
        body: [
          // 8:26 PM in Chicago on 27 November and 31 December: the next day in UTC.
          samplePost({ title: 'Evening light', date: '2026-11-28T02:26:00.000Z' }),
          samplePost({ title: 'Last light', slug: 'last', date: '2026-01-01T02:26:00.000Z' }),
        ],
      },
      'GET /api/categories': { body: SAMPLE_CATEGORIES },
      'GET /api/comment-counts': { body: { success: true, counts: {} } },
    });
    await renderPage('/blog', { api: fake.api });
    const evening = (await screen.findByRole('link', { name: 'Evening light' })).closest(
      'article',
    )!;
    expect(within(evening).getByText('November 27, 2026')).toHaveAttribute(
      'dateTime',
      '2026-11-27',
    );
    const last = screen.getByRole('link', { name: 'Last light' }).closest('article')!;
    expect(within(last).getByText('December 31, 2025')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '2026',
      '2025',
    ]);
  });

  it('filters by category, marks the current filter and keeps it in the URL', async () => {
    const user = userEvent.setup();
    await renderBlog();
    const filter = await screen.findByRole('navigation', { name: 'Filter posts by category' });
    expect(within(filter).getByRole('link', { name: /All/ })).toHaveAttribute(
      'aria-current',
      'true',
    );

    await user.click(within(filter).getByRole('link', { name: /Learn/ }));
    expect(titles()).toEqual(['A reading half-year', 'Notes I actually reread']);
    expect(within(filter).getByRole('link', { name: /Learn/ })).toHaveAttribute(
      'aria-current',
      'true',
    );
    expect(within(filter).getByRole('link', { name: /All/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByTestId('location')).toHaveTextContent('/blog?category=learn');
    expect(screen.getByText('2 posts in Learn')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toContain('Blog: Learn'));

    await user.click(within(filter).getByRole('link', { name: /All/ }));
    expect(titles()).toHaveLength(posts.length);
  });

  it('opens with the filter from the URL', async () => {
    await renderBlog('/blog?category=build');
    await screen.findByRole('link', { name: 'Debugging with a notebook' });
    expect(titles()).toEqual(['Debugging with a notebook']);
  });

  it('says so when a category has no posts', async () => {
    const poems = { slug: 'poems', name: 'Poems', count: 0, sub_categories: [] };
    await renderBlog('/blog?category=poems', [...SAMPLE_CATEGORIES, poems]);
    expect(
      await screen.findByRole('heading', { name: 'No posts in Poems yet' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Show all posts' })).toBeInTheDocument();
  });

  it('is not found for a category the blog does not have, whatever the link says', async () => {
    await renderBlog('/blog?category=Free%20prizes%20at%20evil.example');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This page isn’t here' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Free prizes/)).not.toBeInTheDocument();
    expect(document.title).toMatch(/^Page not found/);
  });

  it('says how many comments a post has, as a link to its conversation', async () => {
    await renderBlog('/blog', SAMPLE_CATEGORIES, {
      [itemPath('post', posts[0]!.slug)]: 3,
      [itemPath('post', posts[2]!.slug)]: 1,
    });
    const link = await screen.findByRole('link', { name: '3 comments' });
    expect(link).toHaveAttribute('href', `/posts/${posts[0]!.slug}#conversation`);
    expect(screen.getByRole('link', { name: '1 comment' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /comments?$/ })).toHaveLength(2);
  });
});
