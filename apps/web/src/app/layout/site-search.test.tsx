import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { SIGNED_OUT } from '../../test/fake-api';
import { renderApp } from '../../test/render-app';

const RESULTS = {
  query: 'bread',
  results: [
    {
      kind: 'journal',
      slug: 'kitchen-day',
      title: 'Kitchen day',
      path: '/journal/kitchen-day',
      date: '2025-03-01',
      snippet: 'More <mark>bread</mark> experiments.',
    },
    {
      kind: 'book',
      slug: 'flour-water-salt-yeast',
      title: 'Flour Water Salt Yeast',
      path: '/books/flour-water-salt-yeast',
      date: '2024-01-01',
      snippet: 'Patience with <mark>bread</mark>.',
    },
  ],
};

describe('the header search', () => {
  it('opens with /, lists results as the reader types, and opens one with the arrow keys and Enter', async () => {
    const user = userEvent.setup();
    const { calls } = await renderApp({
      routes: { ...SIGNED_OUT, 'GET /api/search': { body: RESULTS } },
    });
    const toggle = await screen.findByRole('link', { name: 'Search' });
    // Without JavaScript it is a link to the results page.
    expect(toggle).toHaveAttribute('href', '/search');
    await user.keyboard('/');
    const field = await screen.findByRole('combobox', { name: 'Search the site' });
    await waitFor(() => expect(field).toHaveFocus());
    await user.type(field, 'bread');

    const list = await screen.findByRole('listbox', { name: 'Results' });
    expect(await within(list).findAllByRole('option')).toHaveLength(2);
    expect(within(list).getAllByRole('option')[0]).toHaveTextContent(
      /Kitchen day\s*Journal · 1 Mar(ch)? 2025/,
    );
    expect(list.querySelector('mark')).toHaveTextContent('bread');
    expect(
      calls
        .filter((c) => c.path === '/api/search')
        .at(-1)
        ?.query.get('q'),
    ).toBe('bread');
    expect(screen.getByText(/^2 results;/)).toHaveAttribute('role', 'status');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(field).toHaveAttribute(
      'aria-activedescendant',
      within(list).getAllByRole('option')[1]!.id,
    );
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/books/flour-water-salt-yeast'),
    );
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('takes Enter with nothing chosen to the full results page', async () => {
    const user = userEvent.setup();
    await renderApp({ routes: { ...SIGNED_OUT, 'GET /api/search': { body: RESULTS } } });
    await user.click(await screen.findByRole('link', { name: 'Search' }));
    const field = await screen.findByRole('combobox', { name: 'Search the site' });
    await user.type(field, 'bread{Enter}');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent('/search?q=bread'),
    );
  });
});
