import { itemPath, type Poem } from '@quillpost/domain';
import { Link } from 'react-router-dom';
import { humanize } from '../utils/format';
import { ProseContent } from './prose-content';
import { CommentCountLink, type CommentCounts } from './comment-count';
import { ContentDate } from './content-date';

/** One poem: in the poetry list (its title links to its own page) or alone on that page. */
export function PoemView({
  poem,
  standalone = false,
  commentCounts = {},
}: {
  poem: Poem;
  standalone?: boolean;
  /** In the poetry list: how many comments each poem has. */
  commentCounts?: CommentCounts;
}) {
  const Heading = standalone ? 'h1' : 'h2';
  return (
    <article id={poem.slug} className="poem" aria-labelledby={`${poem.slug}-title`}>
      <header className="poem__header">
        <Heading id={`${poem.slug}-title`} className="poem__title">
          {standalone ? poem.title : <Link to={itemPath('poem', poem.slug)}>{poem.title}</Link>}
        </Heading>
        <p className="poem__meta">
          <ContentDate iso={poem.date} />
          {poem.form ? <span> · {humanize(poem.form)}</span> : null}
          {standalone ? null : (
            <CommentCountLink
              kind="poem"
              slug={poem.slug}
              counts={commentCounts}
              className="poem__comments"
            />
          )}
        </p>
      </header>
      <ProseContent html={poem.content} variant="verse" />
    </article>
  );
}
