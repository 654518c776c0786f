import { PAGE_PATHS } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import './books.css';
import './content.css';

/** Between the bookshelf, the reading list and the table of all books. */
export function ShelfLinks({ current }: { current: 'bookshelf' | 'list' | 'books-array' }) {
  const links = [
    { to: PAGE_PATHS.bookshelf, label: 'Bookshelf', id: 'bookshelf' },
    { to: PAGE_PATHS.readingList, label: 'Reading list', id: 'list' },
    { to: PAGE_PATHS.allBooks, label: 'All books as a table', id: 'books-array' },
  ] as const;
  return (
    <nav aria-label="Books">
      <ul className="shelf-links">
        {links.map((link) => (
          <li key={link.id}>
            <Link
              className="pill"
              to={link.to}
              aria-current={current === link.id ? 'page' : undefined}
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
