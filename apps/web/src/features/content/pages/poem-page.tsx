import { PAGE_PATHS, type Poem } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { itemErrorBoundary } from '../components/not-found-notice';
import { PoemView } from '../components/poem';
import { SubscribeCall } from '../components/subscribe-call';
import type { PageHandle, PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { entryMeta } from '../publication';
import { required } from '../read-results';
import '../components/content.css';
import './poetry-page.css';

export const loader = async ({ reader, params }: PageLoaderArgs) =>
  required(await reader.poem(params.slug ?? ''));

export const handle: PageHandle = { item: 'Poem' };

export const meta: PageMetaFunction<typeof loader> = (entry, publication) =>
  entryMeta(entry, 'Poem', publication);

/** /poetry/{slug}: one poem on a page of its own, to link to and share. */
export default function PoemPage() {
  const poem = useLoaderData() as Poem;
  return (
    <div className="page page--reading">
      <p className="page__eyebrow">
        <Link to={PAGE_PATHS.poetry}>Poetry</Link>
      </p>
      <PoemView poem={poem} standalone />
      <SubscribeCall source="poetry" />
    </div>
  );
}

export const ErrorBoundary = itemErrorBoundary({
  what: 'Poem',
  backTo: PAGE_PATHS.poetry,
  backLabel: 'Read all poems',
});
