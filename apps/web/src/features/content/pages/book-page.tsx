import { PAGE_PATHS, pagePath, type Book } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { BookCover } from '../components/book-cover';
import { BookRating } from '../components/book-rating';
import { itemErrorBoundary } from '../components/not-found-notice';
import { ProseContent } from '../components/prose-content';
import { TagList } from '../components/tag-list';
import { BOOK_STATUS_LABELS } from '../utils/group-books';
import type { PageHandle, PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { person } from '../publication';
import { absoluteUrl } from '../../../lib/page-head';
import { required } from '../read-results';
import { ContentDate } from '../components/content-date';
import '../components/content.css';
import '../components/books.css';
import './book-page.css';

export const loader = async ({ reader, params }: PageLoaderArgs) =>
  required(await reader.book(params.slug ?? ''));

export const handle: PageHandle = { item: 'Book' };

export const meta: PageMetaFunction<typeof loader> = (book, publication) => {
  const { publicUrl } = publication;
  const path = pagePath('book', { slug: book.slug });
  const description =
    book.excerpt_short ||
    `${publication.site.owner.name}’s notes on ${book.title} by ${book.author}.`;
  return {
    title: `${book.title} by ${book.author}`,
    description,
    path,
    type: 'book',
    card: `/og/book/${book.slug}.png`,
    jsonLd: [
      {
        '@type': 'Book',
        name: book.title,
        author: { '@type': 'Person', name: book.author },
        url: publicUrl + path,
        ...(book.year ? { datePublished: String(book.year) } : {}),
        ...(book.cover_url ? { image: absoluteUrl(publicUrl, book.cover_url) } : {}),
        ...(book.rating
          ? {
              review: {
                '@type': 'Review',
                author: person(publication),
                reviewRating: { '@type': 'Rating', ratingValue: book.rating, bestRating: 5 },
              },
            }
          : {}),
      },
    ],
  };
};

function BookDetails({ book }: { book: Book }) {
  const shelf =
    book.status === 'want-to-read'
      ? { to: PAGE_PATHS.readingList, label: 'Reading list' }
      : { to: PAGE_PATHS.bookshelf, label: 'Bookshelf' };
  return (
    <article className="book" aria-labelledby="book-title">
      <p className="book__back ui-text">
        <Link to={shelf.to}>
          <span aria-hidden="true">← </span>
          {shelf.label}
        </Link>
      </p>
      <div className="book__layout">
        <div className="book__cover">
          <BookCover book={book} size="large" />
        </div>
        <div className="book__main">
          <header className="book__header">
            <p className="book__status">
              <span className={`status-badge status-badge--${book.status}`}>
                {BOOK_STATUS_LABELS[book.status]}
              </span>
            </p>
            <h1 id="book-title" className="book__title">
              {book.title}
            </h1>
            <p className="book__author">
              {book.author}
              {book.year ? <span className="muted">, {book.year}</span> : null}
            </p>
            {book.rating || book.started || book.finished ? (
              <dl className="book__facts">
                {book.rating ? (
                  <div>
                    <dt>Rating</dt>
                    <dd>
                      <BookRating rating={book.rating} />
                    </dd>
                  </div>
                ) : null}
                {book.started ? (
                  <div>
                    <dt>Started</dt>
                    <dd>
                      <ContentDate iso={book.started} />
                    </dd>
                  </div>
                ) : null}
                {book.finished ? (
                  <div>
                    <dt>Finished</dt>
                    <dd>
                      <ContentDate iso={book.finished} />
                    </dd>
                  </div>
                ) : null}
              </dl>
            ) : null}
          </header>

          {book.content ? (
            <section aria-labelledby="book-notes">
              <h2 id="book-notes" className="book__section-title">
                Notes
              </h2>
              <ProseContent html={book.content} />
            </section>
          ) : null}

          {book.quotes.length > 0 ? (
            <section aria-labelledby="book-quotes">
              <h2 id="book-quotes" className="book__section-title">
                Passages I marked
              </h2>
              <ul className="book__quotes">
                {book.quotes.map((quote) => (
                  <li key={quote.text}>
                    <blockquote className="book__quote">
                      <p>{quote.text}</p>
                      {quote.page ? <p className="book__quote-page">Page {quote.page}</p> : null}
                    </blockquote>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}

          <TagList tags={book.tags} />
        </div>
      </div>
    </article>
  );
}

export default function BookPage() {
  const book = useLoaderData() as Book;
  return (
    <div className="page">
      <BookDetails book={book} />
    </div>
  );
}

export const ErrorBoundary = itemErrorBoundary({
  what: 'Book',
  backTo: PAGE_PATHS.bookshelf,
  backLabel: 'Go to the bookshelf',
  pageClassName: 'page',
});
