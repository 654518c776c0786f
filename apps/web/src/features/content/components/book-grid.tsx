import { pagePath, type Book } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { BookCover } from './book-cover';
import { BookRating } from './book-rating';
import { useDates } from '../../../lib/use-dates';
import './books.css';

function BookCard({ book, headingLevel }: { book: Book; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const dates = useDates();
  const when =
    book.status === 'read' && book.finished
      ? `Finished ${dates.contentMonth(book.finished)}`
      : book.status === 'reading' && book.started
        ? `Since ${dates.contentMonth(book.started)}`
        : null;
  return (
    <article className="book-card">
      <BookCover book={book} />
      <div className="book-card__text">
        <Heading className="book-card__title">
          {/* The link stretches over the whole card, cover included. */}
          <Link className="book-card__link" to={pagePath('book', { slug: book.slug })}>
            {book.title}
          </Link>
        </Heading>
        <p className="book-card__author">{book.author}</p>
        {book.rating ? <BookRating rating={book.rating} /> : null}
        {when ? <p className="book-card__when">{when}</p> : null}
      </div>
    </article>
  );
}

/** Covers in a grid; each cover and title opens the book's page. */
export function BookGrid({
  books,
  headingLevel = 3,
}: {
  books: readonly Book[];
  headingLevel?: 2 | 3;
}) {
  return (
    <ul className="book-grid">
      {books.map((book) => (
        <li key={book.slug}>
          <BookCard book={book} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
