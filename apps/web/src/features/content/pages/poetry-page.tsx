import { feedPath, PAGE_PATHS } from '@quillpost/domain';
import { useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { PoemView } from '../components/poem';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { poetryFeeds } from '../publication';
import { countsOrNone, required } from '../read-results';
import '../components/content.css';
import './poetry-page.css';

export async function loader({ reader }: PageLoaderArgs) {
  const [poems, counts] = await Promise.all([reader.poems(), reader.commentCounts()]);
  return { poems: required(poems), commentCounts: countsOrNone(counts) };
}

export const meta: PageMetaFunction<typeof loader> = (_data, { site }) => ({
  title: 'Poetry',
  description: `Poems by ${site.owner.name}, newest first.`,
  path: PAGE_PATHS.poetry,
  feeds: poetryFeeds(site),
});

export default function PoetryPage() {
  const { poems, commentCounts } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  return (
    <div className="page page--reading">
      <PageHeader
        eyebrow="Write"
        title="Poetry"
        lede="Now and then something will only fit in a poem. These are those."
      >
        <p className="ui-text">
          <a href={feedPath(PAGE_PATHS.poetry, 'rss')}>RSS feed for the poems</a>
        </p>
      </PageHeader>
      {poems.length > 0 ? (
        <>
          <nav className="poem-index" aria-label="Poems on this page">
            <ol>
              {poems.map((poem) => (
                <li key={poem.slug}>
                  <a href={`#${poem.slug}`}>{poem.title}</a>
                </li>
              ))}
            </ol>
          </nav>
          <div className="poems">
            {poems.map((poem) => (
              <PoemView key={poem.slug} poem={poem} commentCounts={commentCounts} />
            ))}
          </div>
        </>
      ) : (
        <EmptyState title="No poems yet" />
      )}
    </div>
  );
}
