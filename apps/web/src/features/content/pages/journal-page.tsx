import { PAGE_PATHS, type JournalEntry } from '@quillpost/domain';
import { useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { JournalEntryView } from '../components/journal-entry';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { JOURNAL_FEEDS } from '../publication';
import { required } from '../read-results';
import { SITE_TITLE } from '../../../lib/site-identity';
import '../components/content.css';
import './journal-page.css';

export const loader = async ({ reader }: PageLoaderArgs) => required(await reader.journal());

export const meta: PageMetaFunction<typeof loader> = () => ({
  title: 'Journal',
  description: `Short entries from ordinary days: what ${SITE_TITLE} noticed, read and thought about.`,
  path: PAGE_PATHS.journal,
  feeds: JOURNAL_FEEDS,
});

export default function JournalPage() {
  const entries = useLoaderData() as JournalEntry[];
  return (
    <div className="page page--reading">
      <PageHeader
        eyebrow="Write"
        title="Journal"
        lede="Short entries from ordinary days. Less polished than the essays, and closer to the bone."
      >
        <p className="ui-text">
          <a href={JOURNAL_FEEDS[0]?.href}>RSS feed for the journal</a>
        </p>
      </PageHeader>
      {entries.length > 0 ? (
        <div className="journal">
          {entries.map((entry) => (
            <JournalEntryView key={entry.slug} entry={entry} />
          ))}
        </div>
      ) : (
        <EmptyState title="No entries yet" />
      )}
    </div>
  );
}
