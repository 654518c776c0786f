import { PAGE_PATHS } from '@quillpost/domain';
import { Link, useLocation } from 'react-router-dom';
import { HUB_IDS, HUBS } from '../hubs';
import { useDocumentMeta } from '../../../lib/document-meta';
import { notFound } from '../read-results';
import { useSite } from '../../../lib/use-site';
import '../components/content.css';
import './not-found-page.css';

/** Every path no other route matches: a 404, whose boundary shows this page. */
export const loader = async () => notFound();

export default function NotFoundPage({
  note,
}: {
  /** What the read that found nothing said (a missing post: "Failed to fetch post: 404"). */
  note?: string;
}) {
  const { pathname } = useLocation();
  const site = useSite();
  useDocumentMeta({ title: 'Page not found', description: 'This page does not exist.' });
  return (
    <div className="page page--reading not-found">
      <p className="page__eyebrow">Error 404</p>
      <h1>This page isn’t here</h1>
      <p className="page__lede">
        Nothing lives at <code className="not-found__path">{pathname}</code>. It may have moved, or
        the link may have a typo.
      </p>
      {note ? <p className="not-found__note">{note}</p> : null}
      <p className="not-found__actions">
        <Link className="button button--primary" to={PAGE_PATHS.home}>
          Go to the home page
        </Link>
        <Link className="button" to={PAGE_PATHS.blog}>
          Browse the writing
        </Link>
      </p>
      <section className="not-found__ways" aria-labelledby="not-found-ways">
        <h2 id="not-found-ways" className="not-found__ways-title">
          Or pick a way in
        </h2>
        <ul>
          {HUB_IDS.map((id) => (
            <li key={id}>
              <Link to={HUBS[id].path}>{HUBS[id].title}</Link>
              <span className="muted"> — {site.hubs[id].summary}</span>
            </li>
          ))}
          <li>
            <Link to={PAGE_PATHS.start}>Start here</Link>
            <span className="muted"> — who I am and where to begin.</span>
          </li>
        </ul>
      </section>
    </div>
  );
}

/** The route table's `*` route answers 404 from its loader, which lands here. */
export const ErrorBoundary = NotFoundPage;
