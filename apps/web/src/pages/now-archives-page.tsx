import { Link, useParams } from 'react-router-dom';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { useNowArchive, useNowArchives } from '../features/content/api/now';
import { ItemUnavailable } from '../features/content/components/not-found-notice';
import { NowArchiveList, NowView } from '../features/content/components/now-view';
import { ResourceView } from '../features/content/components/resource-view';
import { formatMonth } from '../features/content/utils/format';
import { useDocumentMeta } from '../lib/document-meta';
import '../features/content/components/content.css';

function ArchiveIndex() {
  useDocumentMeta({
    title: 'Now: archives',
    description:
      'Older versions of Rowan Ellis’s now page, kept as a record of what mattered when.',
  });
  const archives = useNowArchives();
  return (
    <div className="page page--reading">
      <PageHeader
        eyebrow={<Link to="/now">Now</Link>}
        title="Earlier now pages"
        lede="Older snapshots, kept as they were. Plans changed; that is the point."
      />
      <ResourceView resource={archives} variant="documents" label="Loading the archives">
        {(list) =>
          list.length > 0 ? (
            <NowArchiveList archives={list} />
          ) : (
            <EmptyState
              title="No archives yet"
              action={
                <Link className="button" to="/now">
                  See the current now page
                </Link>
              }
            />
          )
        }
      </ResourceView>
    </div>
  );
}

function Archive({ slug }: { slug: string }) {
  const archive = useNowArchive(slug);
  const title =
    archive.status === 'ready' ? formatMonth(archive.data.date) || archive.data.title : null;
  return (
    <div className="page page--reading">
      <ResourceView
        resource={archive}
        variant="documents"
        label="Loading the archived now page"
        error={(error) => (
          <ItemUnavailable
            error={error}
            onRetry={archive.reload}
            what="Archived page"
            backTo="/nowArchives"
            backLabel="See all archives"
          />
        )}
      >
        {(page) => <ArchiveView title={title ?? page.title} page={page} />}
      </ResourceView>
    </div>
  );
}

function ArchiveView({
  title,
  page,
}: {
  title: string;
  page: Parameters<typeof NowView>[0]['page'];
}) {
  useDocumentMeta({ title: `Now, ${title}`, description: page.excerpt_short || undefined });
  return (
    <>
      <PageHeader eyebrow={<Link to="/nowArchives">Now archives</Link>} title={`Now, ${title}`} />
      <div className="alert now-archived-note">
        <p>
          This is an archived now page. <Link to="/now">See what I’m doing now</Link>.
        </p>
      </div>
      <NowView page={page} />
    </>
  );
}

/** /nowArchives lists the older now pages; /nowArchives/{slug} shows one. */
export default function NowArchivesPage() {
  const { '*': splat = '' } = useParams();
  const slug = splat.split('/').filter(Boolean)[0];
  return slug ? <Archive key={slug} slug={slug} /> : <ArchiveIndex />;
}
