import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  createFakeApi,
  renderPage,
  samplePost,
  SIGNED_OUT_ROUTES,
  type FakeRoutes,
} from '../testing/fake-content-api';
import { SITE } from '../../../test/fake-api';

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

  it('opens the global subscribe popup from its subscribe call', async () => {
    await renderHome();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const call = screen.getByRole('complementary', { name: 'Newsletter' });
    await userEvent.click(within(call).getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('shows an empty state when the post list cannot be loaded', async () => {
    await renderHome({ 'GET /api/posts': { status: 500, code: 'INTERNAL_ERROR' } });
    expect(
      await screen.findByRole('heading', { name: 'Nothing published yet' }),
    ).toBeInTheDocument();
  });
});
