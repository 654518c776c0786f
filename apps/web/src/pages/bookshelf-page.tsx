import { BOOK_LISTS } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { useBooks } from '../features/content/api/books';
import { BookGrid } from '../features/content/components/book-grid';
import { ShelfLinks } from '../features/content/components/shelf-links';
import { ResourceView } from '../features/content/components/resource-view';
import { groupBooksByStatus } from '../features/content/utils/group-books';
import { useDocumentMeta } from '../lib/document-meta';
import '../features/content/components/content.css';
import '../features/content/components/books.css';

export default function BookshelfPage() {
  useDocumentMeta({
    title: 'Bookshelf',
    description: 'What Rowan Ellis is reading now and has read, with notes on each book.',
  });
  const books = useBooks('bookshelf');
  return (
    <div className="page">
      <PageHeader
        eyebrow="Learn"
        title="Bookshelf"
        lede="What I’m reading now and what I’ve finished, with a few notes on each. Slowly, mostly on paper."
      >
        <ShelfLinks current="bookshelf" />
      </PageHeader>
      <ResourceView resource={books} variant="books" label="Loading the bookshelf">
        {(list) => {
          const shelves = groupBooksByStatus(list, BOOK_LISTS.bookshelf);
          if (shelves.length === 0) {
            return (
              <EmptyState
                title="The shelf is empty for now"
                action={
                  <Link className="button" to="/list">
                    See the reading list
                  </Link>
                }
              />
            );
          }
          return shelves.map((shelf) => (
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
          ));
        }}
      </ResourceView>
    </div>
  );
}
