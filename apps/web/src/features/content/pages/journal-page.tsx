import { feedPath, PAGE_PATHS } from '@quillpost/domain';
import { useLoaderData } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state';
import { PageHeader } from '../../../components/page-header';
import { JournalEntryView } from '../components/journal-entry';
import type { PageLoaderArgs, PageMetaFunction } from '../../../lib/route-handle';
import { journalFeeds } from '../publication';
import { countsOrNone, required } from '../read-results';
import '../components/content.css';
import './journal-page.css';

export async function loader({ reader }: PageLoaderArgs) {
  const [entries, counts] = await Promise.all([reader.journal(), reader.commentCounts()]);
  return { entries: required(entries), commentCounts: countsOrNone(counts) };
}

export const meta: PageMetaFunction<typeof loader> = (_data, { site }) => ({
  title: 'Journal',
  description: `Short entries from ordinary days: what ${site.owner.name} noticed, read and thought about.`,
  path: PAGE_PATHS.journal,
  feeds: journalFeeds(site),
});

export default function JournalPage() {
  const { entries, commentCounts } = useLoaderData() as Awaited<ReturnType<typeof loader>>;
  return (
    <div className="page page--reading">
      <PageHeader
        eyebrow="Write"
        title="Journal"
        lede="Short entries from ordinary days. Less polished than the essays, and closer to the bone."
      >
        <p className="ui-text">
          <a href={feedPath(PAGE_PATHS.journal, 'rss')}>RSS feed for the journal</a>
        </p>
      </PageHeader>
      {entries.length > 0 ? (
        <div className="journal">
          {entries.map((entry) => (
            <JournalEntryView key={entry.slug} entry={entry} commentCounts={commentCounts} />
          ))}
        </div>
      ) : (
        <EmptyState title="No entries yet" />
      )}
    </div>
  );
}
