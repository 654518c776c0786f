import { PAGE_PATHS, pagePath, type NowArchiveSummary, type NowPage } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { itemErrorBoundary } from '../components/not-found-notice';
import { NowArchiveList, NowView } from '../components/now-view';
import type { PageHandle, PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { notFound, required } from '../read-results';
import { formatContentDate } from '../../../lib/dates';
import { useDates } from '../../../lib/use-dates';
import '../components/content.css';

type NowArchivesData =
  { kind: 'index'; archives: NowArchiveSummary[] } | { kind: 'archive'; page: NowPage };

export async function loader({ reader, params }: PageLoaderArgs): Promise<NowArchivesData> {
  const [slug, ...rest] = (params['*'] ?? '').split('/').filter(Boolean);
  if (!slug) return { kind: 'index', archives: required(await reader.nowArchives()) };
  if (rest.length > 0) notFound();
  return { kind: 'archive', page: required(await reader.nowArchive(slug)) };
}

export const handle: PageHandle = { item: 'Archived page' };

export const meta: PageMetaFunction<typeof loader> = (data, { site }) => {
  if (data.kind === 'index') {
    return {
      title: 'Now: archives',
      description: `Older versions of ${site.owner.name}’s now page, kept as a record of what mattered when.`,
      path: pagePath('nowArchive'),
    };
  }
  const month =
    formatContentDate(data.page.date, site.language, site.timezone, 'monthYear') || data.page.title;
  return {
    title: `Now, ${month}`,
    description:
      data.page.excerpt_short || `${site.owner.name}’s now page as it stood in ${month}.`,
    path: pagePath('nowArchive', { '*': data.page.slug }),
  };
};

function ArchiveIndex({
  archives,
}: {
  archives: Extract<NowArchivesData, { kind: 'index' }>['archives'];
}) {
  return (
    <div className="page page--reading">
      <PageHeader
        eyebrow={<Link to={PAGE_PATHS.now}>Now</Link>}
        title="Earlier now pages"
        lede="Older snapshots, kept as they were. Plans changed; that is the point."
      />
      {archives.length > 0 ? (
        <NowArchiveList archives={archives} />
      ) : (
        <EmptyState
          title="No archives yet"
          action={
            <Link className="button" to={PAGE_PATHS.now}>
              See the current now page
            </Link>
          }
        />
      )}
    </div>
  );
}

function Archive({ page }: { page: NowPage }) {
  const dates = useDates();
  const title = `Now, ${dates.contentMonth(page.date) || page.title}`;
  return (
    <div className="page page--reading">
      <PageHeader eyebrow={<Link to={pagePath('nowArchive')}>Now archives</Link>} title={title} />
      <div className="alert now-archived-note">
        <p>
          This is an archived now page. <Link to={PAGE_PATHS.now}>See what I’m doing now</Link>.
        </p>
      </div>
      <NowView page={page} />
    </div>
  );
}

/** /nowArchives lists the older now pages; /nowArchives/{slug} shows one. */
export default function NowArchivesPage() {
  const data = useLoaderData() as NowArchivesData;
  return data.kind === 'index' ? (
    <ArchiveIndex archives={data.archives} />
  ) : (
    <Archive page={data.page} />
  );
}

export const ErrorBoundary = itemErrorBoundary({
  what: 'Archived page',
  backTo: pagePath('nowArchive'),
  backLabel: 'See all archives',
});
