import { PAGE_PATHS, type Category } from '@quillpost/domain';
import { Link, useLoaderData, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { summarizePost, type PostSummary } from '../api/posts';
import { CategoryFilter } from '../components/category-filter';
import type { CommentCounts } from '../components/comment-count';
import { PostList } from '../components/post-list';
import { humanize } from '../utils/format';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { countsOrNone, notFound, optional, postsOrEmpty } from '../read-results';
import '../components/content.css';

export interface BlogData {
  posts: PostSummary[];
  /** Visible comments per post; empty when they could not be read. */
  commentCounts: CommentCounts;
  /** Null when the categories could not be read: the page then derives them from the posts. */
  categories: Category[] | null;
}

export async function loader({ reader, request }: PageLoaderArgs): Promise<BlogData> {
  const [posts, categories, counts] = await Promise.all([
    reader.posts(),
    reader.categories(),
    reader.commentCounts(),
  ]);
  const data = {
    posts: postsOrEmpty(posts).map(summarizePost),
    categories: optional(categories),
    commentCounts: countsOrNone(counts),
  };
  // The filter names one of the blog's categories: any other text is no page of this site, so a
  // link cannot make the blog's title say what the owner never wrote.
  const active = new URL(request.url).searchParams.get('category');
  const offered = filterCategories(data.categories, data.posts);
  if (active && posts.ok && !offered.some((category) => category.slug === active)) notFound();
  return data;
}

export const meta: PageMetaFunction<typeof loader> = ({ categories }, { url, site }) => {
  const active = url.searchParams.get('category');
  const activeName = active
    ? (categories?.find((category) => category.slug === active)?.name ?? humanize(active))
    : null;
  return {
    title: activeName ? `Blog: ${activeName}` : 'Blog',
    description: `Every post ${site.owner.name} has published, newest first.`,
    // The filtered views are the category pages' content again: one canonical list.
    path: PAGE_PATHS.blog,
  };
};

/** The categories to offer: from the API when it answers, else from the posts themselves. */
function filterCategories(
  categories: readonly Category[] | null,
  posts: readonly PostSummary[],
): Category[] {
  if (categories && categories.length > 0) return [...categories];
  const counts = new Map<string, number>();
  for (const post of posts) counts.set(post.category, (counts.get(post.category) ?? 0) + 1);
  return [...counts].map(([slug, count]) => ({
    slug,
    name: humanize(slug),
    count,
    sub_categories: [],
  }));
}

function countLabel(count: number): string {
  return `${count} ${count === 1 ? 'post' : 'posts'}`;
}

export default function BlogPage() {
  const [params] = useSearchParams();
  const active = params.get('category') || null;
  const { posts: all, categories, commentCounts } = useLoaderData() as BlogData;
  const activeName =
    categories?.find((c) => c.slug === active)?.name ?? (active ? humanize(active) : null);
  const shown = active ? all.filter((post) => post.category === active) : all;

  return (
    <div className="page blog">
      <PageHeader
        eyebrow="Writing"
        title="Blog"
        lede="Essays, notes and build logs, newest first. Pick a category to narrow it down."
      />
      {all.length > 0 ? (
        <CategoryFilter
          categories={filterCategories(categories, all)}
          active={active}
          total={all.length}
        />
      ) : null}
      <p className="visually-hidden" aria-live="polite">
        {activeName ? `${countLabel(shown.length)} in ${activeName}` : countLabel(shown.length)}
      </p>
      {shown.length > 0 ? (
        <PostList posts={shown} groupByYears commentCounts={commentCounts} />
      ) : active && all.length > 0 ? (
        <EmptyState
          title={`No posts in ${activeName ?? active} yet`}
          action={
            <Link className="button" to={{ search: '' }}>
              Show all posts
            </Link>
          }
        />
      ) : (
        <EmptyState title="No posts to show">
          <p>
            There is nothing here right now. The <Link to={PAGE_PATHS.journal}>journal</Link> and{' '}
            <Link to={PAGE_PATHS.poetry}>poetry</Link> may have something for you in the meantime.
          </p>
        </EmptyState>
      )}
    </div>
  );
}
