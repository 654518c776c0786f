import { pagePath } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import type { PostNeighbours as Neighbours } from '../api/posts';

/** Previous and next posts in publication order, at the foot of a post. */
export function PostNeighbours({ previous, next }: Neighbours) {
  if (!previous && !next) return null;
  return (
    <nav className="post-neighbours" aria-label="More posts">
      {previous ? (
        <Link
          className="post-neighbours__link post-neighbours__link--previous"
          to={pagePath('post', { slug: previous.slug })}
          rel="prev"
        >
          <span className="post-neighbours__label">
            <span aria-hidden="true">← </span>Previous post
          </span>
          <span className="post-neighbours__title">{previous.title}</span>
        </Link>
      ) : null}
      {next ? (
        <Link
          className="post-neighbours__link post-neighbours__link--next"
          to={pagePath('post', { slug: next.slug })}
          rel="next"
        >
          <span className="post-neighbours__label">
            Next post<span aria-hidden="true"> →</span>
          </span>
          <span className="post-neighbours__title">{next.title}</span>
        </Link>
      ) : null}
    </nav>
  );
}
