import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_HUB_COPY, DEFAULT_NEWSLETTER_PREFERENCES } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import {
  createFakeApi,
  renderPage,
  samplePost,
  SIGNED_OUT_ROUTES,
  type FakeRoutes,
} from '../testing/fake-content-api';
import { SIGNED_OUT, signedIn, SITE } from '../../../test/fake-api';
import { renderApp } from '../../../test/render-app';

const activeSubscription = {
  email: 'ada@example.com',
  name: 'Ada',
  status: 'active',
  verified: true,
  subscribedAt: '2025-01-01T00:00:00.000Z',
  wantsAccount: false,
};

const posts = [
  samplePost({ title: 'Why I write in public', category: 'write' }),
  samplePost({ title: 'A reading half-year', category: 'learn' }),
  samplePost({ title: 'Debugging with a notebook', category: 'build' }),
];

async function renderHome(routes: FakeRoutes = { 'GET /api/posts': { body: posts } }) {
  const { api } = createFakeApi({ ...SIGNED_OUT_ROUTES, ...routes });
  await renderPage('/', { api });
}

describe('HomePage', () => {
  it('introduces Rowan and lists the latest writing, with the latest post of each hub', async () => {
    await renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Hello, I’m Rowan.');
    expect(screen.queryByRole('img', { name: 'Rowan Ellis' })).toBeNull(); // site.yml gives none
    const latest = await screen.findByRole('region', { name: 'Latest writing' });
    expect(
      within(latest)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(posts.map((post) => post.title));
    const hubs = screen.getByRole('region', { name: 'Three ways in' });
    expect(
      within(hubs).getByRole('link', { name: 'Debugging with a notebook' }),
    ).toBeInTheDocument();
  });

  it('shows a new site no hub cards for hubs it has nothing in, and no sample words', async () => {
    const starterPost = samplePost({ title: 'Welcome to Field Notes', category: 'write' });
    const starter = { build: false, learn: false, write: true, now: false, start: true };
    await renderHome({
      'GET /api/posts': { body: [starterPost] },
      'GET /api/site': { body: { ...SITE, hubs: DEFAULT_HUB_COPY, sections: starter } },
    });
    await screen.findByRole('region', { name: 'Latest writing' });
    // One hub would only repeat the latest writing above it: no cards at all.
    expect(screen.queryByRole('region', { name: /ways in/ })).toBeNull();
    expect(document.body).not.toHaveTextContent(DEFAULT_HUB_COPY.build.summary);
    expect(document.body).not.toHaveTextContent(DEFAULT_HUB_COPY.learn.summary);
  });

  it('shows the cards of the hubs that hold something, and says how many ways in', async () => {
    const two = { build: true, learn: false, write: true, now: false, start: true };
    await renderHome({
      'GET /api/posts': { body: posts },
      'GET /api/site': { body: { ...SITE, sections: two } },
    });
    const hubs = await screen.findByRole('region', { name: 'Two ways in' });
    expect(
      within(hubs)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Build', 'Write']);
  });

  it("shows the owner's picture above the introduction when site.yml gives one", async () => {
    const owner = { ...SITE.owner, avatarUrl: '/content/images/rowan.jpg' };
    await renderHome({
      'GET /api/posts': { body: posts },
      'GET /api/site': { body: { ...SITE, owner } },
    });
    expect(screen.getByRole('img', { name: 'Rowan Ellis' })).toHaveAttribute(
      'src',
      '/content/images/rowan.jpg',
    );
  });

  it('offers the site’s fediverse account, and a plain form that goes to the reader’s own server', async () => {
    await renderHome();
    const box = screen.getByRole('complementary', { name: 'Follow on the fediverse' });
    expect(within(box).getByRole('link', { name: '@rowanellis@rowan.example' })).toHaveAttribute(
      'rel',
      'me',
    );
    const server = within(box).getByLabelText('Your server');
    expect(server).toHaveAttribute('name', 'server');
    const form = server.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/fediverse/follow');
    expect(within(box).getByRole('button', { name: 'Follow' })).toHaveAttribute('type', 'submit');
  });

  it('opens the global subscribe popup from its subscribe call', async () => {
    await renderHome();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const call = screen.getByRole('complementary', { name: 'Newsletter' });
    const subscribe = within(call).getByRole('button', { name: 'Subscribe' });
    // Without JavaScript, the subscribe page; with it, the popup.
    expect(subscribe).toHaveAttribute('href', '/subscribe?source=home');
    await userEvent.click(subscribe);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it.each([
    [
      'signed in with their subscription',
      signedIn({}, { ...activeSubscription, preferences: DEFAULT_NEWSLETTER_PREFERENCES }),
      {},
    ],
    ['signed out, subscribed in this browser', SIGNED_OUT, { subscription: activeSubscription }],
  ])('asks no one already subscribed to subscribe (%s)', async (_who, routes, stored) => {
    await renderApp({ routes: { ...routes, 'GET /api/posts': { body: posts } }, stored });
    await screen.findByRole('region', { name: 'Latest writing' });
    await waitFor(() =>
      expect(screen.queryByRole('complementary', { name: 'Newsletter' })).toBeNull(),
    );
  });

  it('shows an empty state when the post list cannot be loaded', async () => {
    await renderHome({ 'GET /api/posts': { status: 500, code: 'INTERNAL_ERROR' } });
    expect(
      await screen.findByRole('heading', { name: 'Nothing published yet' }),
    ).toBeInTheDocument();
  });
});
