import { itemPath, type JournalEntry } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { ProseContent } from './prose-content';
import { CommentCountLink, type CommentCounts } from './comment-count';
import { ContentDate } from './content-date';

/**
 * One journal entry: on the journal (an anchor, its title linking to the entry's own page) and
 * on that page (the title is the page's heading).
 */
export function JournalEntryView({
  entry,
  standalone = false,
  commentCounts = {},
}: {
  entry: JournalEntry;
  standalone?: boolean;
  /** On the journal: how many comments each entry has (its own page shows the conversation). */
  commentCounts?: CommentCounts;
}) {
  const details = [entry.location, entry.mood ? `Mood: ${entry.mood}` : null].filter(Boolean);
  const Heading = standalone ? 'h1' : 'h2';
  return (
    <article id={entry.slug} className="journal-entry" aria-labelledby={`${entry.slug}-title`}>
      <header className="journal-entry__header">
        <p className="journal-entry__date">
          <ContentDate iso={entry.date} />
        </p>
        <Heading id={`${entry.slug}-title`} className="journal-entry__title">
          {standalone ? (
            entry.title
          ) : (
            <Link to={itemPath('journal', entry.slug)}>{entry.title}</Link>
          )}
        </Heading>
        {details.length > 0 ? (
          <p className="journal-entry__details">{details.join(' · ')}</p>
        ) : null}
      </header>
      <ProseContent html={entry.content} />
      {standalone ? null : (
        <CommentCountLink
          kind="journal"
          slug={entry.slug}
          counts={commentCounts}
          className="journal-entry__comments"
        />
      )}
    </article>
  );
}
