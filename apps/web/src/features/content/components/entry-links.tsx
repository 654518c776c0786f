import { Link } from 'react-router-dom';
import { ContentDate } from './content-date';
import './entry-links.css';

export interface EntryLink {
  slug: string;
  title: string;
  date: string;
  excerpt?: string;
  to: string;
}

/** A short list of titles with dates and a line of text, for "more from" sections. */
export function EntryLinks({ entries }: { entries: readonly EntryLink[] }) {
  return (
    <ul className="entry-links">
      {entries.map((entry) => (
        <li key={entry.slug} className="entry-links__item">
          <h3 className="entry-links__title">
            <Link to={entry.to}>{entry.title}</Link>
          </h3>
          <p className="entry-links__date">
            <ContentDate iso={entry.date} />
          </p>
          {entry.excerpt ? <p className="entry-links__excerpt">{entry.excerpt}</p> : null}
        </li>
      ))}
    </ul>
  );
}
