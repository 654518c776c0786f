import type { Book, BookStatus } from '@quillpost/domain';

export const BOOK_STATUS_LABELS: Record<BookStatus, string> = {
  reading: 'Currently reading',
  read: 'Read',
  'want-to-read': 'Want to read',
};

export interface BookGroup {
  status: BookStatus;
  label: string;
  books: Book[];
}

/** The most recent reading activity of a book: finished, else started, else its date. */
function lastActivity(book: Book): string {
  return book.finished ?? book.started ?? book.date ?? '';
}

/**
 * Books on shelves by status, in the order the statuses are given, newest activity first inside
 * each shelf. Empty shelves are left out; books whose status is not asked for are ignored.
 */
export function groupBooksByStatus(
  books: readonly Book[],
  statuses: readonly BookStatus[],
): BookGroup[] {
  return statuses
    .map((status) => ({
      status,
      label: BOOK_STATUS_LABELS[status],
      books: books
        .filter((book) => book.status === status)
        .sort((a, b) => lastActivity(b).localeCompare(lastActivity(a))),
    }))
    .filter((group) => group.books.length > 0);
}
