import { BOOK_LISTS, type Book, PAGE_PATHS } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { BookGrid } from '../components/book-grid';
import { ShelfLinks } from '../components/shelf-links';
import { groupBooksByStatus } from '../utils/group-books';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { required } from '../read-results';
import '../components/content.css';
import '../components/books.css';

export const loader = async ({ reader }: PageLoaderArgs) =>
  required(await reader.books('bookshelf'));

export const meta: PageMetaFunction<typeof loader> = (_data, { site }) => ({
  title: 'Bookshelf',
  description: `What ${site.owner.name} is reading now and has read, with notes on each book.`,
  path: PAGE_PATHS.bookshelf,
});

export default function BookshelfPage() {
  const books = useLoaderData() as Book[];
  const shelves = groupBooksByStatus(books, BOOK_LISTS.bookshelf);
  return (
    <div className="page">
      <PageHeader
        eyebrow="Learn"
        title="Bookshelf"
        lede="What I’m reading now and what I’ve finished, with a few notes on each. Slowly, mostly on paper."
      >
        <ShelfLinks current="bookshelf" />
      </PageHeader>
      {shelves.length === 0 ? (
        <EmptyState
          title="The shelf is empty for now"
          action={
            <Link className="button" to={PAGE_PATHS.readingList}>
              See the reading list
            </Link>
          }
        />
      ) : (
        shelves.map((shelf) => (
          <section key={shelf.status} className="shelf" aria-labelledby={`shelf-${shelf.status}`}>
            <div className="section__head">
              <h2 id={`shelf-${shelf.status}`} className="section__title">
                {shelf.label}
              </h2>
              <span className="ui-text muted">
                {shelf.books.length} {shelf.books.length === 1 ? 'book' : 'books'}
              </span>
            </div>
            <BookGrid books={shelf.books} />
          </section>
        ))
      )}
    </div>
  );
}
