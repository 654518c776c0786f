import type { JournalEntry } from '@quillpost/domain';
import { useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { JournalEntryView } from '../components/journal-entry';
import { JOURNAL_FEEDS } from '../page-meta';
import '../components/content.css';
import './journal-page.css';

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
