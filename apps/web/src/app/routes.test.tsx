import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AppRoutes } from './routes';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );
}

describe('AppRoutes', () => {
  it("shows 'Loading page...' while a page loads, then the page", async () => {
    renderAt('/journal');
    expect(screen.getByText('Loading page...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Journal' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('renders a real 404 page for unknown paths', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByRole('heading', { name: /isn’t here/ })).toBeInTheDocument();
    expect(document.title).toBe('Page not found · Rowan Ellis');
  });

  it('renders /links alone, without header and footer', async () => {
    renderAt('/links');
    expect(await screen.findByRole('heading', { name: 'Links' })).toBeInTheDocument();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
  });

  it('mounts the members area router under /members/*', async () => {
    renderAt('/members/bookmarks');
    expect(await screen.findByRole('heading', { name: 'Bookmarks' })).toBeInTheDocument();
  });

  it('highlights the current footer link', async () => {
    renderAt('/privacy');
    await screen.findByRole('heading', { name: 'Privacy Policy', level: 1 });
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).not.toHaveAttribute(
      'aria-current',
    );
    expect(screen.getByText(`© ${new Date().getFullYear()} Rowan Ellis`)).toBeInTheDocument();
  });
});
