import { PAGE_PATHS } from '@quillpost/domain';
import { Link, useLoaderData } from 'react-router-dom';
import { JournalEntryView } from '../components/journal-entry';
import { ConversationSection } from '../components/conversation';
import { itemErrorBoundary } from '../components/not-found-notice';
import { SubscribeCall } from '../components/subscribe-call';
import type { PageHandle, PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { entryMeta } from '../publication';
import { required } from '../read-results';
import '../components/content.css';
import './journal-page.css';

export async function loader({ reader, params }: PageLoaderArgs) {
  const slug = params.slug ?? '';
  const [entry, conversation] = await Promise.all([
    reader.journalEntry(slug),
    reader.conversation('journal', slug),
  ]);
  return { entry: required(entry), conversation: conversation.ok ? conversation.data : null };
}

export const handle: PageHandle = { item: 'Journal entry' };

export const meta: PageMetaFunction<typeof loader> = ({ entry }, publication) =>
  entryMeta(entry, 'Journal', publication);

/** /journal/{slug}: one entry on a page of its own, to link to and share. */
export default function JournalEntryPage() {
  const { entry, conversation } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  return (
    <div className="page page--reading">
      <p className="page__eyebrow">
        <Link to={PAGE_PATHS.journal}>Journal</Link>
      </p>
      <JournalEntryView entry={entry} standalone />
      <SubscribeCall source="journal" />
      <ConversationSection
        kind="journal"
        itemId={entry.id}
        slug={entry.slug}
        conversation={conversation}
      />
    </div>
  );
}

export const ErrorBoundary = itemErrorBoundary({
  what: 'Journal entry',
  backTo: PAGE_PATHS.journal,
  backLabel: 'Read the journal',
});
