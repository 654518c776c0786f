import { pagePath } from '@quillpost/domain';
import type { PostSummary } from '../api/posts';
import { Link } from 'react-router-dom';
import { useDates, type SiteDates } from '../../../lib/use-dates';
import { humanize } from '../utils/format';
import { CommentCountLink, type CommentCounts } from './comment-count';
import { ContentDate } from './content-date';
import './post-list.css';

function groupByYear(
  posts: readonly PostSummary[],
  dates: SiteDates,
): Array<{ year: number; posts: PostSummary[] }> {
  const groups: Array<{ year: number; posts: PostSummary[] }> = [];
  for (const post of posts) {
    const year = dates.contentYear(post.date);
    const last = groups.at(-1);
    if (last && last.year === year) last.posts.push(post);
    else groups.push({ year, posts: [post] });
  }
  return groups;
}

/** The small label beside a post's date: its category, or inside one category its topic. */
export type PostLabel = 'category' | 'sub-category';

function PostRow({
  post,
  headingLevel,
  label,
  commentCounts,
}: {
  post: PostSummary;
  headingLevel: 2 | 3;
  label: PostLabel;
  commentCounts: CommentCounts;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const labelText = label === 'category' ? post.category : post.sub_category;
  return (
    <article className="post-row">
      <p className="post-row__meta">
        <ContentDate iso={post.date} />
        {labelText ? <span className="post-row__category">{humanize(labelText)}</span> : null}
        <CommentCountLink
          kind="post"
          slug={post.slug}
          counts={commentCounts}
          className="post-row__comments"
        />
      </p>
      <div className="post-row__body">
        <Heading className="post-row__title">
          <Link to={pagePath('post', { slug: post.slug })}>{post.title}</Link>
        </Heading>
        {post.excerpt_short ? <p className="post-row__excerpt">{post.excerpt_short}</p> : null}
      </div>
    </article>
  );
}

/**
 * Posts newest first. Grouped under year headings for the archive-style lists (blog, category);
 * flat for short lists inside a page section.
 */
export function PostList({
  posts,
  groupByYears = false,
  headingLevel = 2,
  label = 'category',
  commentCounts = {},
}: {
  posts: readonly PostSummary[];
  commentCounts?: CommentCounts;
  groupByYears?: boolean;
  /** The level of each post's title; the year headings sit one level above it. */
  headingLevel?: 2 | 3;
  label?: PostLabel;
}) {
  const dates = useDates();
  if (!groupByYears) {
    return (
      <ol className="post-list">
        {posts.map((post) => (
          <li key={post.slug}>
            <PostRow
              post={post}
              headingLevel={headingLevel}
              label={label}
              commentCounts={commentCounts}
            />
          </li>
        ))}
      </ol>
    );
  }
  return (
    <div className="post-years">
      {groupByYear(posts, dates).map(({ year, posts: yearPosts }) => (
        <section key={year} className="post-years__group" aria-labelledby={`year-${year}`}>
          <h2 id={`year-${year}`} className="post-years__year">
            {year}
          </h2>
          <ol className="post-list">
            {yearPosts.map((post) => (
              <li key={post.slug}>
                <PostRow post={post} headingLevel={3} label={label} commentCounts={commentCounts} />
              </li>
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}
