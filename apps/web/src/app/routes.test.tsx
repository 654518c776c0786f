import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('AppRoutes', () => {
  it("shows 'Loading page...' while a page loads, then the page", async () => {
    renderApp({ path: '/journal' });
    expect(screen.getByText('Loading page...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('renders a real 404 page for unknown paths', async () => {
    renderApp({ path: '/no-such-page' });
    expect(await screen.findByRole('heading', { name: /isn’t here/ })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Rowan Ellis');
  });

  it('renders /links alone, without header and footer', async () => {
    renderApp({ path: '/links' });
    expect(await screen.findByRole('heading', { name: 'Links' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('mounts the members area router under /members/*', async () => {
    renderApp({ path: '/members/bookmarks' });
    expect(await screen.findByRole('heading', { name: 'Bookmarks' })).toBeInTheDocument();
  });

  it('sends /dashboard (the user menu link) to the members dashboard', async () => {
    renderApp({ path: '/dashboard' });
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/members/dashboard');
  });

  it('highlights the current footer link', async () => {
    renderApp({ path: '/privacy' });
    await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 });
    const footer = screen.getByRole('contentinfo');
    expect(footer.querySelector('[aria-current="page"]')).toHaveTextContent('Privacy Policy');
    expect(screen.getByText(`© ${new Date().getFullYear()} Rowan Ellis`)).toBeInTheDocument();
  });
});
