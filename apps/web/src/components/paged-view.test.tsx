import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ResourceState } from '../lib/use-resource';
import { PagedView } from './paged-view';

type Names = { items: string[]; page: number; pageSize: number; total: number };
const ready = (data: Names): ResourceState<Names> => ({ status: 'ready', data, reload: vi.fn() });

function List({
  resource,
  onPage,
}: {
  resource: ResourceState<Names>;
  onPage(page: number): void;
}) {
  return (
    <PagedView resource={resource} label="the names" empty={<p>Nobody yet.</p>} onPage={onPage}>
      {(data) => (
        <ul>
          {data.items.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ul>
      )}
    </PagedView>
  );
}

describe('PagedView', () => {
  it('says it is loading, then shows the page and a pager that asks for the next one', async () => {
    const user = userEvent.setup();
    const onPage = vi.fn();
    const { rerender } = render(
      <List resource={{ status: 'loading', reload: vi.fn() }} onPage={onPage} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading the names…');

    rerender(
      <List
        resource={ready({ items: ['Ada', 'Grace'], page: 1, pageSize: 2, total: 3 })}
        onPage={onPage}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Ada',
      'Grace',
    ]);
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(pages).toHaveTextContent('Page 1 of 2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
  });

  it('says so when the page is empty, with no pager', () => {
    render(
      <List resource={ready({ items: [], page: 1, pageSize: 2, total: 0 })} onPage={vi.fn()} />,
    );
    expect(screen.getByText('Nobody yet.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
