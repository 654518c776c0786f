import { Link } from 'react-router-dom';
import './books.css';
import './content.css';

/** Between the bookshelf, the reading list and the table of all books. */
export function ShelfLinks({ current }: { current: 'bookshelf' | 'list' | 'books-array' }) {
  const links = [
    { to: '/bookshelf', label: 'Bookshelf', id: 'bookshelf' },
    { to: '/list', label: 'Reading list', id: 'list' },
    { to: '/books-array', label: 'All books as a table', id: 'books-array' },
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
