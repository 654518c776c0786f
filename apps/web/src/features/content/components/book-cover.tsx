import type { Book } from '@quillpost/domain';
import { ContentImage, COVER_SIZES } from './content-image';

/** The cover picture, or a typeset stand-in for a book without one. */
export function BookCover({
  book,
  size = 'medium',
}: {
  book: Book;
  size?: 'small' | 'medium' | 'large';
}) {
  if (book.cover_url) {
    return (
      <ContentImage
        className={`book-cover book-cover--${size}`}
        src={book.cover_url}
        variants={book.cover_variants}
        alt={`Cover of ${book.title} by ${book.author}`}
        sizes={COVER_SIZES[size]}
        width={240}
        height={360}
      />
    );
  }
  return (
    <span
      className={`book-cover book-cover--${size} book-cover--plain`}
      role="img"
      aria-label={`${book.title} by ${book.author}`}
    >
      <span className="book-cover__title">{book.title}</span>
      <span className="book-cover__author">{book.author}</span>
    </span>
  );
}
