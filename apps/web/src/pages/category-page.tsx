import type { Category } from '@quillpost/domain';
import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { useCategories } from '../features/content/api/categories';
import { usePosts } from '../features/content/api/posts';
import { PostList } from '../features/content/components/post-list';
import { ResourceView } from '../features/content/components/resource-view';
import { HUBS, isHubId } from '../features/content/hubs';
import { humanize } from '../features/content/utils/format';
import { useDocumentMeta } from '../lib/document-meta';
import '../features/content/components/content.css';

function CategoryIndex() {
  const categories = useCategories();
  useDocumentMeta({
    title: 'Categories',
    description: 'Every category of posts on the site, with how much is in each.',
  });
  return (
    <div className="page">
      <PageHeader eyebrow="Writing" title="Categories" lede="Every post belongs to one of these." />
      <ResourceView resource={categories} variant="grid" label="Loading categories">
        {(list) =>
          list.length > 0 ? (
            <ul className="pill-list">
              {list.map((category) => (
                <li key={category.slug}>
                  <Link className="pill" to={`/category/${category.slug}`}>
                    {category.name} <span className="pill__count">{category.count}</span>
                  </Link>
                </li>
              ))}
            </ul>
          ) : (
            <EmptyState title="No categories yet" />
          )
        }
      </ResourceView>
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
            to={`/category/${category.slug}`}
            aria-current={active === null ? 'page' : undefined}
          >
            All <span className="pill__count">{category.count}</span>
          </Link>
        </li>
        {category.sub_categories.map((sub) => (
          <li key={sub.slug}>
            <Link
              className="pill"
              to={`/category/${category.slug}/${sub.slug}`}
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

function CategoryPosts({ slug, sub }: { slug: string; sub: string | null }) {
  const posts = usePosts(slug);
  const categories = useCategories();
  const category =
    categories.status === 'ready' ? categories.data.find((c) => c.slug === slug) : undefined;
  const name = category?.name ?? humanize(slug);
  const subName = sub
    ? (category?.sub_categories.find((s) => s.slug === sub)?.name ?? humanize(sub))
    : null;
  const title = subName ? `${name}: ${subName}` : name;
  const hub = isHubId(slug) ? HUBS[slug] : null;

  useDocumentMeta({
    title,
    description: hub ? hub.summary : `Posts filed under ${title}, newest first.`,
  });

  return (
    <div className="page">
      <PageHeader
        eyebrow={
          <>
            <Link to="/blog">Blog</Link> <span aria-hidden="true">/</span> Category
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
          <a href={`/category/${slug}/rss.xml`}>RSS feed for {name}</a>
        </p>
      </PageHeader>
      {category ? <SubCategoryNav category={category} active={sub} /> : null}
      <ResourceView resource={posts} variant="documents" label={`Loading posts in ${title}`}>
        {(list) => {
          const shown = sub ? list.filter((post) => post.sub_category === sub) : list;
          return shown.length > 0 ? (
            <PostList posts={shown} groupByYears label="sub-category" />
          ) : (
            <EmptyState
              title={`Nothing in ${title} yet`}
              action={
                <Link className="button" to="/blog">
                  Browse all posts
                </Link>
              }
            />
          );
        }}
      </ResourceView>
    </div>
  );
}

/** /category, /category/{category} and /category/{category}/{sub-category}. */
export default function CategoryPage() {
  const { '*': splat = '' } = useParams();
  const [slug, sub] = splat.split('/').filter(Boolean);
  if (!slug) return <CategoryIndex />;
  return <CategoryPosts key={slug} slug={slug} sub={sub ?? null} />;
}
