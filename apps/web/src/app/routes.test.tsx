import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { signedIn } from '../test/fake-api';
import { renderApp } from '../test/render-app';

const siteHeader = () => document.querySelector('header.site-header');
const siteFooter = () => document.querySelector<HTMLElement>('footer.site-footer');

async function pageLoaded() {
  await waitFor(() => expect(screen.queryByText('Loading page...')).not.toBeInTheDocument());
}

describe('AppRoutes', () => {
  it("shows 'Loading page...' while a page loads, then the page", async () => {
    renderApp({ path: '/manage' });
    expect(screen.getByText('Loading page...')).toBeInTheDocument();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Manage your subscription' }),
    ).toBeInTheDocument();
    expect(siteHeader()).toBeInTheDocument();
    expect(siteFooter()).toBeInTheDocument();
  });

  it('renders a real 404 page for unknown paths', async () => {
    renderApp({ path: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: /isn’t here/ })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Rowan Ellis');
  });

  it('renders /links alone, without header and footer', async () => {
    renderApp({ path: '/links' });
    await pageLoaded();
    await waitFor(() => expect(screen.queryByText('Launching the site')).not.toBeInTheDocument());
    expect(siteHeader()).not.toBeInTheDocument();
    expect(siteFooter()).not.toBeInTheDocument();
  });

  it('mounts the members area router under /members/*', async () => {
    renderApp({ path: '/members/bookmarks', routes: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Your Bookmarks' })).toBeInTheDocument();
  });

  it('sends /dashboard (the user menu link) to the members dashboard', async () => {
    renderApp({ path: '/dashboard', routes: signedIn() });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/members/dashboard');
  });

  it.each(['/privacy', '/tos', '/contact'])(
    'highlights the current footer link on %s',
    async (path) => {
      renderApp({ path });
      await pageLoaded();
      const footer = siteFooter()!;
      const current = footer.querySelectorAll('[aria-current="page"]');
      expect(current).toHaveLength(1);
      expect(current[0]).toHaveAttribute('href', path);
      expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Rowan Ellis`);
    },
  );
});
