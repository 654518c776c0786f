import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ListSearchField, useListSearch } from './list-search';

function People() {
  const search = useListSearch();
  return (
    <>
      <ListSearchField id="people-search" label="Search people" search={search} />
      <p>
        Page {search.page}, asking for “{search.q}”
      </p>
      <button type="button" onClick={() => search.setPage(search.page + 1)}>
        Next
      </button>
    </>
  );
}

describe('ListSearchField', () => {
  it('asks for the words typed, trimmed, from the first page again', async () => {
    const user = userEvent.setup();
    render(<People />);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2, asking for “”')).toBeInTheDocument();

    const box = screen.getByRole('searchbox', { name: 'Search people' });
    await user.type(box, ' ada ');
    expect(box).toHaveValue(' ada ');
    expect(await screen.findByText('Page 1, asking for “ada”')).toBeInTheDocument();
  });
});
