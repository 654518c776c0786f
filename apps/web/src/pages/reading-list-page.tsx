import { Link } from 'react-router-dom';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { useBooks } from '../features/content/api/books';
import { BookGrid } from '../features/content/components/book-grid';
import { ShelfLinks } from '../features/content/components/shelf-links';
import { ResourceView } from '../features/content/components/resource-view';
import { useDocumentMeta } from '../lib/document-meta';
import '../features/content/components/content.css';

export default function ReadingListPage() {
  useDocumentMeta({
    title: 'Reading list',
    description: 'The books Rowan Ellis wants to read next.',
  });
  const books = useBooks('reading-list');
  return (
    <div className="page">
      <PageHeader
        eyebrow="Learn"
        title="Reading list"
        lede={
          <>
            Books waiting their turn. Suggestions are welcome; the{' '}
            <Link to="/contact">contact page</Link> says how.
          </>
        }
      >
        <ShelfLinks current="list" />
      </PageHeader>
      <ResourceView resource={books} variant="books" label="Loading the reading list">
        {(list) =>
          list.length > 0 ? (
            <BookGrid books={list} headingLevel={2} />
          ) : (
            <EmptyState
              title="Nothing waiting right now"
              action={
                <Link className="button" to="/bookshelf">
                  See the bookshelf
                </Link>
              }
            />
          )
        }
      </ResourceView>
    </div>
  );
}
