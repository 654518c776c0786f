import { feedPath, PAGE_PATHS, pagePath, type Category } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { itemErrorBoundary } from '../components/not-found-notice';
import { PostList } from '../components/post-list';
import { HUBS, isHubId } from '../hubs';
import type { CategoryData } from '../page-data';
import '../components/content.css';

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
}: Extract<CategoryData, { kind: 'posts' }>) {
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
        lede={hub?.summary}
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
        <PostList posts={posts} groupByYears label="sub-category" />
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
