import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedIn, SIGNED_OUT } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const siteHeader = () => document.querySelector('header.site-header');
const siteFooter = () => document.querySelector<HTMLElement>('footer.site-footer');

async function pageLoaded() {
  await waitFor(() => expect(screen.queryByText('Loading page...')).not.toBeInTheDocument());
}

describe('AppRoutes', () => {
  it("says 'Loading page...' while a slow navigation loads, keeping the page until then", async () => {
    let release: (value: { body: unknown }) => void = () => {};
    let postLists = 0;
    await renderApp({
      routes: {
        ...SIGNED_OUT,
        // The home page's list comes at once (a server-rendered page has it); the blog's is slow.
        'GET /api/posts': () =>
          postLists++ === 0 ? { body: [] } : new Promise((resolve) => (release = resolve)),
        'GET /api/categories': { body: [] },
      },
    });
    const home = await screen.findByRole('heading', { level: 1, name: /Hello, I’m Rowan/ });
    await userEvent.click(screen.getByRole('link', { name: 'Read the Blog' }));
    expect(await screen.findByText('Loading page...')).toBeInTheDocument();
    expect(home).toBeInTheDocument();
    await act(async () => release({ body: [] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page...')).not.toBeInTheDocument();
    expect(siteHeader()).toBeInTheDocument();
    expect(siteFooter()).toBeInTheDocument();
  });

  it('renders a real 404 page for unknown paths', async () => {
    await renderApp({ path: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: /isn’t here/ })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Rowan Ellis');
  });

  it('shows any other page of content/pages at its own address, such as an imported colophon', async () => {
    await renderApp({
      path: '/colophon',
      routes: {
        ...SIGNED_OUT,
        'GET /api/pages/colophon': {
          body: {
            slug: 'colophon',
            title: 'Colophon',
            description: null,
            content: '<p>Made with care.</p>',
            updated_at: null,
            links: [],
          },
        },
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Colophon' })).toBeInTheDocument();
    expect(screen.getByText('Made with care.')).toBeInTheDocument();
    expect(document.title).toBe('Colophon · Rowan Ellis');
  });

  it('renders /links alone, without header and footer', async () => {
    await renderApp({ path: '/links' });
    await pageLoaded();
    await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
    expect(siteHeader()).not.toBeInTheDocument();
    expect(siteFooter()).not.toBeInTheDocument();
  });

  it('mounts the members area router under /members/*', async () => {
    await renderApp({ path: '/members/bookmarks', routes: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Your Bookmarks' })).toBeInTheDocument();
  });

  it('sends /dashboard (the user menu link) to the members dashboard', async () => {
    await renderApp({ path: '/dashboard', routes: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/members/dashboard');
  });

  it.each(['/privacy', '/tos', '/contact'])(
    'highlights the current footer link on %s',
    async (path) => {
      await renderApp({ path });
      await pageLoaded();
      const footer = siteFooter()!;
      const current = footer.querySelectorAll('[aria-current="page"]');
      expect(current).toHaveLength(1);
      expect(current[0]).toHaveAttribute('href', path);
      expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Rowan Ellis`);
    },
  );
});
