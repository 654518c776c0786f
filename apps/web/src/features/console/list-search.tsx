import { useDeferredValue, useState } from 'react';
import { TextField } from '../../components/text-field';

export type ListSearch = ReturnType<typeof useListSearch>;

/**
 * A search over a list the API sends a page at a time: new words start again from the first
 * page, and the request (`q`, trimmed) follows the typing without holding the box up.
 */
export function useListSearch() {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const q = useDeferredValue(query.trim());
  return {
    query,
    q,
    page,
    setPage,
    search(text: string) {
      setQuery(text);
      setPage(1);
    },
  };
}

/** The search box above such a list. */
export function ListSearchField({
  id,
  label,
  search,
}: {
  id: string;
  label: string;
  search: ListSearch;
}) {
  return (
    <TextField
      id={id}
      className="members-search"
      label={label}
      type="search"
      value={search.query}
      onChange={(event) => search.search(event.target.value)}
    />
  );
}
