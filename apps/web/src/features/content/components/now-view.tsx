import { pagePath, type NowArchiveSummary, type NowPage } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { ProseContent } from './prose-content';
import { ContentDate } from './content-date';
import { useDates } from '../../../lib/use-dates';
import './now.css';

/** The text of a now page with when (and where) it was written. */
export function NowView({ page }: { page: NowPage }) {
  return (
    <>
      <p className="now__stamp">
        {page.is_current ? 'Updated ' : 'Written '}
        <ContentDate iso={page.date} />
        {page.location ? <span> · {page.location}</span> : null}
      </p>
      <ProseContent html={page.content} />
    </>
  );
}

/** Older now pages, newest first. */
export function NowArchiveList({
  archives,
  headingLevel = 2,
}: {
  archives: readonly NowArchiveSummary[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const dates = useDates();
  return (
    <ol className="now-archives">
      {archives.map((archive) => (
        <li key={archive.slug} className="now-archives__item">
          <Heading className="now-archives__title">
            <Link to={pagePath('nowArchive', { '*': archive.slug })}>
              {dates.contentMonth(archive.date) || archive.title}
            </Link>
          </Heading>
          {archive.excerpt_short ? (
            <p className="now-archives__excerpt">{archive.excerpt_short}</p>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
