import { pagePath, type Post } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { formatReadingTime, humanize } from '../utils/format';
import { ContentDate } from './content-date';

/** 'Learn · 6 September 2026 · 5 min read', with the category linking to its page. */
export function PostMeta({
  post,
  showCategory = true,
}: {
  post: Post;
  /** Off where the category is already shown, as on the post page. */
  showCategory?: boolean;
}) {
  const readingTime = formatReadingTime(post.reading_minutes);
  return (
    <p className="post-meta">
      {showCategory && post.category ? (
        <span className="post-meta__category">
          <Link to={pagePath('category', { '*': post.category })}>{humanize(post.category)}</Link>
        </span>
      ) : null}
      <ContentDate iso={post.date} />
      {readingTime ? <span>{readingTime}</span> : null}
    </p>
  );
}
