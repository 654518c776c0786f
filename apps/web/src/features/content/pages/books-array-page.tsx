import { BOOK_STATUSES, type Book, PAGE_PATHS, pagePath } from '@quillpost/domain';
import { useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { BookRating } from '../components/book-rating';
import { ShelfLinks } from '../components/shelf-links';
import { BOOK_STATUS_LABELS } from '../utils/group-books';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { required } from '../read-results';
import { useDates } from '../../../lib/use-dates';
import { Island } from '../../../islands/island';
import '../components/content.css';
import './books-array-page.css';

export const loader = async ({ reader }: PageLoaderArgs) => required(await reader.books());

export const meta: PageMetaFunction<typeof loader> = (_data, { site }) => ({
  title: 'All books',
  description: `Every book on ${site.owner.name}’s shelves in one table: reading, read and want to read.`,
  path: PAGE_PATHS.allBooks,
});

type SortKey = 'title' | 'author' | 'year' | 'status' | 'rating';
interface Sort {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

const COLUMNS: Array<{ key: SortKey; label: string }> = [
  { key: 'title', label: 'Title' },
  { key: 'author', label: 'Author' },
  { key: 'year', label: 'Year' },
  { key: 'status', label: 'Status' },
  { key: 'rating', label: 'Rating' },
];

function compare(a: Book, b: Book, key: SortKey): number {
  switch (key) {
    case 'title':
    case 'author':
      return a[key].localeCompare(b[key], 'en', { sensitivity: 'base' });
    case 'year':
      return (a.year ?? 0) - (b.year ?? 0);
    case 'rating':
      return (a.rating ?? 0) - (b.rating ?? 0);
    case 'status':
      return BOOK_STATUSES.indexOf(a.status) - BOOK_STATUSES.indexOf(b.status);
  }
}

function sortBooks(books: readonly Book[], sort: Sort): Book[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  return [...books].sort(
    (a, b) => sign * compare(a, b, sort.key) || a.title.localeCompare(b.title),
  );
}

export function BooksTableBody({ books }: { books: readonly Book[] }) {
  const [sort, setSort] = useState<Sort>({ key: 'status', direction: 'ascending' });
  const sorted = sortBooks(books, sort);
  const dates = useDates();
  const toggle = (key: SortKey) =>
    setSort((current) => ({
      key,
      direction:
        current.key === key && current.direction === 'ascending' ? 'descending' : 'ascending',
    }));

  return (
    // The table scrolls sideways on a phone; the region makes that reachable by keyboard.
    <div
      className="books-table__scroll"
      role="region"
      aria-labelledby="books-table-caption"
      tabIndex={0}
    >
      <table className="books-table">
        <caption id="books-table-caption" className="visually-hidden">
          All books, sorted by {sort.key} ({sort.direction}). Select a column heading to sort.
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={sort.key === column.key ? sort.direction : undefined}
              >
                <button
                  type="button"
                  className="books-table__sort"
                  onClick={() => toggle(column.key)}
                >
                  {column.label}
                  <span className="books-table__arrow" aria-hidden="true">
                    {sort.key === column.key ? (sort.direction === 'ascending' ? '↑' : '↓') : '↕'}
                  </span>
                </button>
              </th>
            ))}
            <th scope="col">Finished</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((book) => (
            <tr key={book.slug}>
              <th scope="row">
                <Link to={pagePath('book', { slug: book.slug })}>{book.title}</Link>
              </th>
              <td>{book.author}</td>
              <td className="books-table__number">{book.year ?? '—'}</td>
              <td>
                <span className={`status-badge status-badge--${book.status}`}>
                  {BOOK_STATUS_LABELS[book.status]}
                </span>
              </td>
              <td>
                {book.rating ? (
                  <BookRating rating={book.rating} />
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
              <td className="books-table__number">
                {book.finished ? (
                  <time dateTime={dates.contentDay(book.finished)}>
                    {dates.calendarDay(book.finished)}
                  </time>
                ) : (
                  <span className="muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export default function BooksArrayPage() {
  const books = useLoaderData() as Book[];
  return (
    <div className="page">
      <PageHeader
        eyebrow="Learn"
        title="All books"
        lede="Every book on the shelves in one compact table. Sort by any column."
      >
        <ShelfLinks current="books-array" />
      </PageHeader>
      {books.length > 0 ? (
        <BooksTable books={books} />
      ) : (
        <EmptyState title="No books yet">
          <p>
            The <Link to={PAGE_PATHS.bookshelf}>bookshelf</Link> will fill up soon.
          </p>
        </EmptyState>
      )}
    </div>
  );
}

/** Sorting is the reader's: the table becomes live at their first pointer, focus or touch. */
function BooksTable({ books }: { books: readonly Book[] }) {
  return <Island name="books-table" when="intent" component={BooksTableBody} props={{ books }} />;
}
