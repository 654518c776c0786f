import { PAGE_PATHS, type Book } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { BookGrid } from '../components/book-grid';
import { ShelfLinks } from '../components/shelf-links';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { required } from '../read-results';
import '../components/content.css';

export const loader = async ({ reader }: PageLoaderArgs) =>
  required(await reader.books('reading-list'));

export const meta: PageMetaFunction<typeof loader> = (_data, { site }) => ({
  title: 'Reading list',
  description: `The books ${site.owner.name} wants to read next.`,
  path: PAGE_PATHS.readingList,
});

export default function ReadingListPage() {
  const books = useLoaderData() as Book[];
  return (
    <div className="page">
      <PageHeader
        eyebrow="Learn"
        title="Reading list"
        lede={
          <>
            Books waiting their turn. Suggestions are welcome; the{' '}
            <Link to={PAGE_PATHS.contact}>contact page</Link> says how.
          </>
        }
      >
        <ShelfLinks current="list" />
      </PageHeader>
      {books.length > 0 ? (
        <BookGrid books={books} headingLevel={2} />
      ) : (
        <EmptyState
          title="Nothing waiting right now"
          action={
            <Link className="button" to={PAGE_PATHS.bookshelf}>
              See the bookshelf
            </Link>
          }
        />
      )}
    </div>
  );
}
