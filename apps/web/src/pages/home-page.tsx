import { useDocumentMeta } from '../lib/document-meta';
import { SITE_TAGLINE, SITE_TITLE } from '../app/site';

export default function HomePage() {
  useDocumentMeta({});
  return (
    <article className="page prose">
      <p className="page__eyebrow">{SITE_TAGLINE}</p>
      <h1>{SITE_TITLE}</h1>
      <p className="page__lede">
        Essays on building software, notes from learning in public, a journal, some poetry and the
        books on my desk.
      </p>
    </article>
  );
}
