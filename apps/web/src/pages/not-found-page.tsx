import { Link, useLocation } from 'react-router-dom';
import { useDocumentMeta } from '../lib/document-meta';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentMeta({ title: 'Page not found', description: 'This page does not exist.' });
  return (
    <article className="page prose not-found">
      <p className="page__eyebrow">Error 404</p>
      <h1>This page isn’t here</h1>
      <p className="page__lede">
        Nothing lives at <code>{pathname}</code>. It may have moved, or the link may have a typo.
      </p>
      <ul className="ui-text">
        <li>
          <Link to="/">Go to the home page</Link>
        </li>
        <li>
          <Link to="/blog">Browse the writing</Link>
        </li>
        <li>
          <Link to="/start">Start here</Link> if you are new
        </li>
      </ul>
    </article>
  );
}
