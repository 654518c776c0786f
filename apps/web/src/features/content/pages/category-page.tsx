import { feedPath, PAGE_PATHS, pagePath, type Category } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { summarizePost, type PostSummary } from '../api/posts';
import type { CommentCounts } from '../components/comment-count';
import { itemErrorBoundary } from '../components/not-found-notice';
import { PostList } from '../components/post-list';
import { HUBS, isHubId } from '../hubs';
import type { PageHandle, PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { categoryFeeds } from '../publication';
import { countsOrNone, notFound, optional, postsOrEmpty, required } from '../read-results';
import { humanize } from '../utils/format';
import { useSite } from '../../../lib/use-site';
import '../components/content.css';

export type CategoryData =
  | { kind: 'index'; categories: Category[] }
  | {
      kind: 'posts';
      slug: string;
      sub: string | null;
      category: Category | null;
      name: string;
      subName: string | null;
      posts: PostSummary[];
      commentCounts: CommentCounts;
    };

/** /category, /category/{category} and /category/{category}/{topic}. */
export async function loader({ reader, params }: PageLoaderArgs): Promise<CategoryData> {
  const [slug, sub = null, ...rest] = (params['*'] ?? '').split('/').filter(Boolean);
  if (!slug) return { kind: 'index', categories: required(await reader.categories()) };
  if (rest.length > 0) notFound();
  const [postsResult, categoriesResult, counts] = await Promise.all([
    reader.posts(slug),
    reader.categories(),
    reader.commentCounts(),
  ]);
  const all = postsOrEmpty(postsResult);
  const category = optional(categoriesResult)?.find((entry) => entry.slug === slug) ?? null;
  const posts = sub ? all.filter((post) => post.sub_category === sub) : all;
  // A category or topic nothing was ever filed under does not exist; an emptied one still does.
  const known = sub
    ? posts.length > 0 || Boolean(category?.sub_categories.some((entry) => entry.slug === sub))
    : all.length > 0 || category !== null;
  if (!known && postsResult.ok) notFound();
  const subName = sub
    ? (category?.sub_categories.find((entry) => entry.slug === sub)?.name ?? humanize(sub))
    : null;
  return {
    kind: 'posts',
    slug,
    sub,
    category,
    name: category?.name ?? humanize(slug),
    subName,
    posts: posts.map(summarizePost),
    commentCounts: countsOrNone(counts),
  };
}

export const handle: PageHandle = { item: 'Category' };

export const meta: PageMetaFunction<typeof loader> = (data, { site }) => {
  if (data.kind === 'index') {
    return {
      title: 'Categories',
      description: 'Every category of posts on the site, with how much is in each.',
      path: pagePath('category'),
    };
  }
  const title = data.subName ? `${data.name}: ${data.subName}` : data.name;
  const hub = data.sub === null && isHubId(data.slug) ? HUBS[data.slug] : null;
  return {
    // /build is the hub page; its category list is named apart from it.
    title: `Category: ${title}`,
    description: hub ? site.hubs[hub.id].summary : `Posts filed under ${title}, newest first.`,
    path: pagePath('category', { '*': data.sub ? [data.slug, data.sub] : [data.slug] }),
    feeds: categoryFeeds(site, data.slug, data.name),
  };
};

function CategoryIndex({ categories }: { categories: Category[] }) {
  return (
    <div className="page">
      <PageHeader eyebrow="Writing" title="Categories" lede="Every post belongs to one of these." />
      {categories.length > 0 ? (
        <ul className="pill-list">
          {categories.map((category) => (
            <li key={category.slug}>
              <Link className="pill" to={pagePath('category', { '*': category.slug })}>
                {category.name} <span className="pill__count">{category.count}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="No categories yet" />
      )}
    </div>
  );
}

function SubCategoryNav({ category, active }: { category: Category; active: string | null }) {
  if (category.sub_categories.length === 0) return null;
  return (
    <nav className="category-filter" aria-label={`Topics in ${category.name}`}>
      <ul className="pill-list">
        <li>
          <Link
            className="pill"
            to={pagePath('category', { '*': category.slug })}
            aria-current={active === null ? 'page' : undefined}
          >
            All <span className="pill__count">{category.count}</span>
          </Link>
        </li>
        {category.sub_categories.map((sub) => (
          <li key={sub.slug}>
            <Link
              className="pill"
              to={pagePath('category', { '*': [category.slug, sub.slug] })}
              aria-current={active === sub.slug ? 'page' : undefined}
            >
              {sub.name} <span className="pill__count">{sub.count}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CategoryPosts({
  slug,
  sub,
  category,
  name,
  subName,
  posts,
  commentCounts,
}: Extract<CategoryData, { kind: 'posts' }>) {
  const site = useSite();
  const title = subName ? `${name}: ${subName}` : name;
  const hub = isHubId(slug) ? HUBS[slug] : null;

  return (
    <div className="page">
      <PageHeader
        eyebrow={
          <>
            <Link to={PAGE_PATHS.blog}>Blog</Link> <span aria-hidden="true">/</span> Category
          </>
        }
        title={title}
        lede={hub ? site.hubs[hub.id].summary : undefined}
      >
        <p className="ui-text">
          {hub ? (
            <Link to={hub.path}>
              Visit the {hub.title} hub <span aria-hidden="true">→</span>
            </Link>
          ) : null}
          {hub ? <span aria-hidden="true"> · </span> : null}
          <a href={feedPath(pagePath('category', { '*': slug }), 'rss')}>RSS feed for {name}</a>
        </p>
      </PageHeader>
      {category ? <SubCategoryNav category={category} active={sub} /> : null}
      {posts.length > 0 ? (
        <PostList posts={posts} groupByYears label="sub-category" commentCounts={commentCounts} />
      ) : (
        <EmptyState
          title={`Nothing in ${title} yet`}
          action={
            <Link className="button" to={PAGE_PATHS.blog}>
              Browse all posts
            </Link>
          }
        />
      )}
    </div>
  );
}

/** /category, /category/{category} and /category/{category}/{sub-category}. */
export default function CategoryPage() {
  const data = useLoaderData() as CategoryData;
  return data.kind === 'index' ? (
    <CategoryIndex categories={data.categories} />
  ) : (
    <CategoryPosts {...data} />
  );
}

/** A category or topic nothing was ever filed under. */
export const ErrorBoundary = itemErrorBoundary({
  what: 'Category',
  backTo: pagePath('category'),
  backLabel: 'See every category',
  pageClassName: 'page',
});
