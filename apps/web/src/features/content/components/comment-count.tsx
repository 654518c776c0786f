import { itemPath, type ReadableKind } from '@quillpost/domain';
import { Link } from 'react-router-dom';

/** Visible comments per item path (GET /api/comment-counts); none when they could not be read. */
export type CommentCounts = Readonly<Record<string, number>>;

/** "3 comments", linking to the conversation under the item; nothing before the first. */
export function CommentCountLink({
  kind,
  slug,
  counts,
  className,
}: {
  kind: ReadableKind;
  slug: string;
  counts: CommentCounts;
  className: string;
}) {
  const path = itemPath(kind, slug);
  const count = counts[path] ?? 0;
  if (count === 0) return null;
  return (
    <Link className={className} to={`${path}#conversation`}>
      {count === 1 ? '1 comment' : `${count} comments`}
    </Link>
  );
}
