import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  createFakeApi,
  renderPage,
  sampleBook,
  SIGNED_OUT_ROUTES,
} from '../testing/fake-content-api';

describe('BookshelfPage', () => {
  it('asks for the bookshelf and shows its covers grouped by status', async () => {
    const { api, requests } = createFakeApi({
      ...SIGNED_OUT_ROUTES,
      'GET /api/books': {
        body: [
          sampleBook({
            slug: 'walden',
            title: 'Walden',
            author: 'Henry David Thoreau',
            status: 'read',
            rating: 4,
            cover_url: '/content/images/books/walden.svg',
          }),
          sampleBook({
            slug: 'middlemarch',
            title: 'Middlemarch',
            author: 'George Eliot',
            status: 'reading',
          }),
        ],
      },
    });
    await renderPage('/bookshelf', { api });

    const reading = await screen.findByRole('region', { name: 'Currently reading' });
    expect(within(reading).getByRole('link', { name: 'Middlemarch' })).toHaveAttribute(
      'href',
      '/books/middlemarch',
    );
    const read = screen.getByRole('region', { name: 'Read' });
    expect(
      within(read).getByRole('img', { name: 'Cover of Walden by Henry David Thoreau' }),
    ).toBeInTheDocument();
    expect(within(read).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/api/books')?.query).toMatchObject({
      list: 'bookshelf',
    });
  });

  it('shows an error with Try Again when the books cannot be loaded, and retries', async () => {
    let calls = 0;
    const { api } = createFakeApi({
      ...SIGNED_OUT_ROUTES,
      'GET /api/books': () =>
        ++calls === 1
          ? { status: 500, code: 'INTERNAL_ERROR' }
          : { body: [sampleBook({ title: 'Walden', status: 'read' })] },
    });
    await renderPage('/bookshelf', { api });
    const retry = await screen.findByRole('button', { name: 'Try Again' });
    await userEvent.click(retry);
    expect(await screen.findByRole('link', { name: 'Walden' })).toBeInTheDocument();
  });
});
