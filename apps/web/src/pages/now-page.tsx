import { Link } from 'react-router-dom';
import { PageHeader } from '../components/page-header';
import { useNowArchives, useNowPage } from '../features/content/api/now';
import { NowArchiveList, NowView } from '../features/content/components/now-view';
import { ResourceView } from '../features/content/components/resource-view';
import { useDocumentMeta } from '../lib/document-meta';
import '../features/content/components/content.css';

export default function NowPage() {
  useDocumentMeta({
    title: 'Now',
    description:
      'What Rowan Ellis is focused on at this point in life: building, reading and writing.',
  });
  const now = useNowPage();
  const archives = useNowArchives();
  return (
    <div className="page page--reading">
      <PageHeader eyebrow="Now" title="What I’m doing now" />
      <ResourceView resource={now} variant="rocket" label="Loading the now page">
        {(page) => <NowView page={page} />}
      </ResourceView>
      {archives.status === 'ready' && archives.data.length > 0 ? (
        <section className="section" aria-labelledby="now-earlier">
          <div className="section__head">
            <h2 id="now-earlier" className="section__title">
              Earlier
            </h2>
            <Link className="more-link" to="/nowArchives">
              All archives <span aria-hidden="true">→</span>
            </Link>
          </div>
          <NowArchiveList archives={archives.data.slice(0, 3)} headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}
