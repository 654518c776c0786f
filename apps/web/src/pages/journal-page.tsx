import type { JournalEntry } from '@quillpost/domain';
import { EmptyState } from '../components/empty-state';
import { PageHeader } from '../components/page-header';
import { useJournal } from '../features/content/api/journal';
import { ProseContent } from '../features/content/components/prose-content';
import { ResourceView } from '../features/content/components/resource-view';
import { useScrollToHash } from '../features/content/hooks/use-scroll-to-hash';
import { formatDate, machineDate } from '../features/content/utils/format';
import { useDocumentMeta } from '../lib/document-meta';
import '../features/content/components/content.css';
import './journal-page.css';

function Entry({ entry }: { entry: JournalEntry }) {
  const details = [entry.location, entry.mood ? `Mood: ${entry.mood}` : null].filter(Boolean);
  return (
    <article id={entry.slug} className="journal-entry" aria-labelledby={`${entry.slug}-title`}>
      <header className="journal-entry__header">
        <p className="journal-entry__date">
          <time dateTime={machineDate(entry.date)}>{formatDate(entry.date)}</time>
        </p>
        <h2 id={`${entry.slug}-title`} className="journal-entry__title">
          {entry.title}
        </h2>
        {details.length > 0 ? (
          <p className="journal-entry__details">{details.join(' · ')}</p>
        ) : null}
      </header>
      <ProseContent html={entry.content} />
    </article>
  );
}

export default function JournalPage() {
  useDocumentMeta({
    title: 'Journal',
    description:
      'Short entries from ordinary days: what Rowan Ellis noticed, read and thought about.',
  });
  const journal = useJournal();
  useScrollToHash(journal.status === 'ready');
  return (
    <div className="page page--reading">
      <PageHeader
        eyebrow="Write"
        title="Journal"
        lede="Short entries from ordinary days. Less polished than the essays, and closer to the bone."
      />
      <ResourceView resource={journal} variant="typewriter" label="Opening the journal">
        {(entries) =>
          entries.length > 0 ? (
            <div className="journal">
              {entries.map((entry) => (
                <Entry key={entry.slug} entry={entry} />
              ))}
            </div>
          ) : (
            <EmptyState title="No entries yet" />
          )
        }
      </ResourceView>
    </div>
  );
}
