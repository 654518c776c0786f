import { pagePath } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { NowArchiveList, NowView } from '../components/now-view';
import type { NowData } from '../page-data';
import '../components/content.css';

export default function NowPage() {
  const { now, archives } = useLoaderData() as NowData;
  return (
    <div className="page page--reading">
      <PageHeader eyebrow="Now" title="What I’m doing now" />
      <NowView page={now} />
      {archives.length > 0 ? (
        <section className="section" aria-labelledby="now-earlier">
          <div className="section__head">
            <h2 id="now-earlier" className="section__title">
              Earlier
            </h2>
            <Link className="more-link" to={pagePath('nowArchive')}>
              All archives <span aria-hidden="true">→</span>
            </Link>
          </div>
          <NowArchiveList archives={archives.slice(0, 3)} headingLevel={3} />
        </section>
      ) : null}
    </div>
  );
}
