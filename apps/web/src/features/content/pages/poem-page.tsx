import { PAGE_PATHS } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { ConversationSection } from '../components/conversation';
import { itemErrorBoundary } from '../components/not-found-notice';
import { PoemView } from '../components/poem';
import { SubscribeCall } from '../components/subscribe-call';
import type { PageHandle, PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { entryMeta } from '../publication';
import { required } from '../read-results';
import '../components/content.css';
import './poetry-page.css';

export async function loader({ reader, params }: PageLoaderArgs) {
  const slug = params.slug ?? '';
  const [poem, conversation] = await Promise.all([
    reader.poem(slug),
    reader.conversation('poem', slug),
  ]);
  return { poem: required(poem), conversation: conversation.ok ? conversation.data : null };
}

export const handle: PageHandle = { item: 'Poem' };

export const meta: PageMetaFunction<typeof loader> = ({ poem }, publication) =>
  entryMeta(poem, 'Poem', publication);

/** /poetry/{slug}: one poem on a page of its own, to link to and share. */
export default function PoemPage() {
  const { poem, conversation } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  return (
    <div className="page page--reading">
      <p className="page__eyebrow">
        <Link to={PAGE_PATHS.poetry}>Poetry</Link>
      </p>
      <PoemView poem={poem} standalone />
      <SubscribeCall source="poetry" />
      <ConversationSection
        kind="poem"
        itemId={poem.id}
        slug={poem.slug}
        conversation={conversation}
      />
    </div>
  );
}

export const ErrorBoundary = itemErrorBoundary({
  what: 'Poem',
  backTo: PAGE_PATHS.poetry,
  backLabel: 'Read all poems',
});
