import type { Category } from '@quillpost/domain';
import { Link } from 'react-router-dom';

/**
 * Category chips for the blog list. Each is a link that sets ?category= (so a filtered list can
 * be shared and the back button undoes a filter); the current one is marked aria-current.
 */
export function CategoryFilter({
  categories,
  active,
  total,
}: {
  categories: readonly Category[];
  active: string | null;
  total: number;
}) {
  return (
    <nav className="category-filter" aria-label="Filter posts by category">
      <ul className="pill-list">
        <li>
          <Link
            className="pill"
            to={{ search: '' }}
            aria-current={active === null ? 'true' : undefined}
          >
            All <span className="pill__count">{total}</span>
          </Link>
        </li>
        {categories.map((category) => (
          <li key={category.slug}>
            <Link
              className="pill"
              to={{ search: `?category=${encodeURIComponent(category.slug)}` }}
              aria-current={active === category.slug ? 'true' : undefined}
            >
              {category.name} <span className="pill__count">{category.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
