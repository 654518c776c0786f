import { messageTemplates } from '@quillpost/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SITE } from '../../../test/fake-api';
import {
  createFakeApi,
  renderPage,
  samplePost,
  SIGNED_IN_ROUTES,
  SIGNED_OUT_ROUTES,
} from '../testing/fake-content-api';

const older = samplePost({
  slug: 'older',
  title: 'The older post',
  date: '2025-05-18T00:00:00.000Z',
});
const post = samplePost({
  slug: 'window-functions',
  title: 'Learning SQL window functions in public',
  date: '2026-01-11T00:00:00.000Z',
  content:
    '<h2 id="why">Why</h2><p>A window function keeps every row.</p><pre class="hljs"><code>SELECT 1;</code></pre>',
  featured_image_url: '/content/images/posts/window-functions.svg',
  tags: ['sql', 'learning-in-public'],
  reading_minutes: 6,
});
const newer = samplePost({
  slug: 'newer',
  title: 'The newer post',
  date: '2026-09-06T00:00:00.000Z',
});

function postRoutes(extra = {}) {
  return {
    ...SIGNED_OUT_ROUTES,
    'GET /api/posts': { body: [newer, post, older] },
    'GET /api/posts/window-functions': { body: post },
    ...extra,
  };
}

async function renderPost(routes: ReturnType<typeof postRoutes>, slug = 'window-functions') {
  const fake = createFakeApi(routes);
  await renderPage(`/posts/${slug}`, { api: fake.api });
  return fake;
}

const comment = (id: number, body: string, author: object, replies: object[] = []) => ({
  id,
  threadId: 1,
  parentId: null,
  author,
  body,
  status: 'visible',
  createdAt: '2026-01-12T09:00:00.000Z',
  editedAt: null,
  mine: false,
  reportedByMe: false,
  replies,
});

describe('PostPage', () => {
  it('shows the conversation to every visitor, names its people (never "?"), and asks visitors to sign in to join', async () => {
    const owner = { id: 1, name: null, avatarUrl: null, level: 'admin' };
    const ada = { id: 2, name: 'Ada', avatarUrl: null, level: 'member' };
    const reply = { ...comment(3, 'Thanks, Ada.', owner), parentId: 2 };
    await renderPost(
      postRoutes({
        'GET /api/posts/window-functions/comments': {
          body: {
            success: true,
            count: 2,
            commentsOpen: true,
            comments: [comment(2, 'See https://example.com/x. Lovely.', ada, [reply])],
          },
        },
      }),
    );
    const section = await screen.findByRole('region', { name: '2 comments' });
    expect(within(section).getByText('Ada')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'https://example.com/x' })).toHaveAttribute(
      'rel',
      'nofollow ugc noopener noreferrer',
    );
    // The owner without a name on their account is the site's owner, with their role.
    expect(within(section).getByText(SITE.owner.name)).toBeInTheDocument();
    expect(within(section).getByText('Administrator')).toBeInTheDocument();
    expect(within(section).queryByText('?')).toBeNull();
    // The members area's sign-in without JavaScript; the sign-in dialog with it.
    expect(
      within(section).getByRole('button', { name: 'Sign In to Join the Conversation' }),
    ).toHaveAttribute('href', '/members');
  });

  it('says when the post went out as a newsletter, and nothing when it did not', async () => {
    const sent = { ...post, newsletter_sent_at: '2026-01-12T08:30:00.000Z' };
    await renderPost(postRoutes({ 'GET /api/posts/window-functions': { body: sent } }));
    const note = await screen.findByText(/Sent as a newsletter on/);
    expect(note).toHaveTextContent('Sent as a newsletter on 12 January 2026');
    expect(within(note).getByText('12 January 2026')).toHaveAttribute(
      'dateTime',
      '2026-01-12T08:30:00.000Z',
    );
  });

  it('introduces the author under the post with their bio, and not without one', async () => {
    const signed = { ...post, author_name: 'Ada Palmer', author_bio: 'Historian and novelist.' };
    await renderPost(postRoutes({ 'GET /api/posts/window-functions': { body: signed } }));
    const card = await screen.findByRole('complementary', { name: 'About Ada Palmer' });
    expect(card).toHaveTextContent('Historian and novelist.');
  });

  it('shows a photo as a picture: AVIF and WebP offered, its size reserved, fetched first', async () => {
    const photo = {
      ...post,
      featured_image_url: '/content/images/harbour.jpg',
      featured_image_variants: {
        hash: 'ab12'.repeat(6),
        width: 1500,
        height: 2000,
        fallback: 'jpg' as const,
      },
    };
    await renderPost(postRoutes({ 'GET /api/posts/window-functions': { body: photo } }));
    const image = await screen.findByAltText(
      'Illustration for “Learning SQL window functions in public”',
    );
    expect(image).toHaveAttribute('src', `/images/${'ab12'.repeat(6)}/1200.jpg`);
    expect(image).toHaveAttribute('width', '1500');
    expect(image).toHaveAttribute('height', '2000');
    expect(image).toHaveAttribute('fetchpriority', 'high');
    expect(image).not.toHaveAttribute('loading');
    const sources = image.parentElement!.querySelectorAll('source');
    expect([...sources].map((source) => source.getAttribute('type'))).toEqual([
      'image/avif',
      'image/webp',
    ]);
    expect(sources[0]!.getAttribute('srcset')).toContain('/480.avif 480w');
    expect(image.getAttribute('srcset')?.split(', ')).toHaveLength(4);
  });

  it('shows no author card for an author without a bio', async () => {
    await renderPost(postRoutes());
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.queryByRole('complementary', { name: /^About / })).not.toBeInTheDocument();
  });

  it("writes its dates in the site's language", async () => {
    const sent = { ...post, newsletter_sent_at: '2026-01-12T08:30:00.000Z' };
    await renderPost(
      postRoutes({
        'GET /api/site': { body: { ...SITE, language: 'en-US' } },
        'GET /api/posts/window-functions': { body: sent },
      }),
    );
    expect(await screen.findByText('January 11, 2026')).toHaveAttribute('dateTime', '2026-01-11');
    expect(screen.getByText(/Sent as a newsletter on/)).toHaveTextContent('January 12, 2026');
  });

  it("dates the send on the site's day, not UTC's: an evening send in Chicago", async () => {
    // 8:26 PM on 27 November in Chicago is already the 28th in UTC.
    const sent = { ...post, newsletter_sent_at: '2026-11-28T02:26:00.000Z' };
    await renderPost(
      postRoutes({
        'GET /api/site': { body: { ...SITE, language: 'en-US', timezone: 'America/Chicago' } },
        'GET /api/posts/window-functions': { body: sent },
      }),
    );
    expect(await screen.findByText(/Sent as a newsletter on/)).toHaveTextContent(
      'Sent as a newsletter on November 27, 2026',
    );
  });

  it("dates a post scheduled for an evening in Chicago on Chicago's day, not UTC's", async () => {
    // Scheduled for 8:26 PM on 27 November in Chicago: 02:26 on the 28th in UTC.
    const evening = { ...post, date: '2026-11-28T02:26:00.000Z' };
    await renderPost(
      postRoutes({
        'GET /api/site': { body: { ...SITE, language: 'en-US', timezone: 'America/Chicago' } },
        'GET /api/posts/window-functions': { body: evening },
      }),
    );
    expect(await screen.findByText('November 27, 2026')).toHaveAttribute('dateTime', '2026-11-27');
    expect(screen.queryByText(/November 28/)).not.toBeInTheDocument();
  });

  it('shows no newsletter note for a post that was not sent', async () => {
    await renderPost(postRoutes());
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.queryByText(/Sent as a newsletter/)).not.toBeInTheDocument();
  });

  it('shows the post with its details, as the server rendered it', async () => {
    await renderPost(postRoutes());
    expect(await screen.findByRole('heading', { level: 1, name: post.title })).toBeInTheDocument();
    expect(screen.getByText('11 January 2026')).toHaveAttribute('dateTime', '2026-01-11');
    expect(screen.getByText('6 min read')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: `Illustration for “${post.title}”` })).toHaveAttribute(
      'src',
      post.featured_image_url,
    );
    expect(screen.getByText('A window function keeps every row.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Why' })).toBeInTheDocument();
    const tags = screen.getByRole('list', { name: 'Tags' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['sql', 'learning-in-public']);
    expect(document.title).toContain(post.title);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      post.excerpt_short,
    );
  });

  it('links the previous and next posts in publication order', async () => {
    await renderPost(postRoutes());
    const nav = await screen.findByRole('navigation', { name: 'More posts' });
    expect(
      within(nav).getByRole('link', { name: /Previous post\s*The older post/ }),
    ).toHaveAttribute('href', '/posts/older');
    expect(within(nav).getByRole('link', { name: /Next post\s*The newer post/ })).toHaveAttribute(
      'href',
      '/posts/newer',
    );
  });

  it('asks for the post and the list with a cache-busting timestamp', async () => {
    const { requests } = await renderPost(postRoutes());
    await screen.findByRole('heading', { level: 1, name: post.title });
    const postRequest = requests.find((r) => r.path === '/api/posts/window-functions');
    expect(postRequest?.query.t).toMatch(/^\d+$/);
    const listRequest = requests.find((r) => r.path === '/api/posts');
    expect(listRequest?.query).toMatchObject({
      t: expect.stringMatching(/^\d+$/),
      refresh: 'true',
    });
    expect(listRequest?.cache).toBe('no-store');
  });

  it("shows a missing post as the site's not-found page, with 'Failed to fetch post: 404'", async () => {
    await renderPost(postRoutes(), 'no-such-post');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(
      'This page isn’t here',
    );
    expect(screen.getByText(messageTemplates.failedToFetchPost(404))).toBeInTheDocument();
    expect(screen.getByText('/posts/no-such-post', { selector: 'code' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse the writing' })).toHaveAttribute(
      'href',
      '/blog',
    );
    expect(document.title).toContain('not found');
  });

  it('shows the status of any other failure', async () => {
    await renderPost(
      postRoutes({ 'GET /api/posts/window-functions': { status: 500, code: 'INTERNAL_ERROR' } }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch post: 500');
  });

  it('still shows the post when the post list fails, just without previous and next', async () => {
    await renderPost(postRoutes({ 'GET /api/posts': { status: 500, code: 'INTERNAL_ERROR' } }));
    await screen.findByRole('heading', { level: 1, name: post.title });
    expect(screen.queryByRole('navigation', { name: 'More posts' })).not.toBeInTheDocument();
  });

  it('offers the bookmark button only to signed-in readers', async () => {
    await renderPost(postRoutes());
    await screen.findByRole('heading', { level: 1, name: post.title });
    expect(screen.queryByRole('button', { name: /Bookmark/ })).not.toBeInTheDocument();
  });

  it('renders the bookmark seam for a signed-in member', async () => {
    await renderPost(postRoutes(SIGNED_IN_ROUTES));
    const button = await screen.findByRole('button', { name: /Bookmark/ });
    expect(button).toHaveAttribute('data-seam', 'bookmark-button');
  });
});

describe('BlogPage when the post list fails', () => {
  it('shows an empty state instead of an error', async () => {
    const { api } = createFakeApi({
      ...SIGNED_OUT_ROUTES,
      'GET /api/posts': { status: 500, code: 'INTERNAL_ERROR' },
    });
    await renderPage('/blog', { api });
    expect(await screen.findByRole('heading', { name: 'No posts to show' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
