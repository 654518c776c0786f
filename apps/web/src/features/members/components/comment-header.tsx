import type { Comment } from '@quillpost/domain';
import { CommentAuthor } from '../../../components/comment-author';
import { RemoteAuthor } from '../../../components/remote-author';
import { useDates } from '../../../lib/use-dates';

/** Who wrote a comment and when, whether it was edited, and a moderator's "Hidden". */
export function CommentHeader({ comment }: { comment: Comment }) {
  const dates = useDates();
  return (
    <header className="comment__header">
      {comment.remote ? (
        <RemoteAuthor remote={comment.remote} />
      ) : (
        <CommentAuthor author={comment.author} />
      )}
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
