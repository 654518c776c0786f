import { PAGE_PATHS, pagePath } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { PageHeader } from '../../../components/page-header';
import { NowArchiveList, NowView } from '../components/now-view';
import type { LoaderData, PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { optional, required } from '../read-results';
import '../components/content.css';

export async function loader({ reader }: PageLoaderArgs) {
  const [now, archives] = await Promise.all([reader.now(), reader.nowArchives()]);
  return { now: required(now), archives: optional(archives) ?? [] };
}

type NowData = LoaderData<typeof loader>;

export const meta: PageMetaFunction<typeof loader> = ({ now }, { site }) => ({
  title: 'Now',
  description: now.excerpt_short || `What ${site.owner.name} is focused on at this point in life.`,
  path: PAGE_PATHS.now,
});

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
