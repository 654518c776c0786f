import type { Comment } from '@quillpost/domain';
import { CommentByline } from '../../../components/comment-author';
import { useDates } from '../../../lib/use-dates';

/** Who wrote a comment and when, whether it was edited, and a moderator's "Hidden". */
export function CommentHeader({ comment }: { comment: Comment }) {
  const dates = useDates();
  return (
    <header className="comment__header">
      <CommentByline comment={comment} />
      <time className="muted comment__time" dateTime={comment.createdAt}>
        {dates.dateTime(comment.createdAt)}
      </time>
      {comment.editedAt ? <span className="muted">(edited)</span> : null}
      {comment.status === 'hidden' ? (
        <span className="members-badge members-badge--danger">Hidden</span>
      ) : null}
    </header>
  );
}
