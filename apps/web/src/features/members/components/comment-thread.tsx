/**
 * A thread's comments with replies one level deep, and what a member may do with each: reply to
 * top-level comments, edit and delete their own, report someone else's. A reply from another
 * server is answered here too, and a moderator rejects it or blocks its author where it is read.
 */
import type { Comment, CommentWithReplies } from '@quillpost/domain';
import type { ApiResult } from '../../../lib/api-client';
import { CommentItem } from './comment-item';

export { CommentForm } from './comment-form';

export function CommentThread({
  comments,
  onReply,
  onChanged,
}: {
  comments: CommentWithReplies[];
  onReply?(body: string, answered: Comment): Promise<ApiResult<unknown>>;
  onChanged(): void;
}) {
  if (comments.length === 0) {
    return <p className="muted">No comments yet. Start the conversation.</p>;
  }
  return (
    <ol className="comment-list">
      {comments.map((comment) => (
        <li key={comment.remote ? `remote-${comment.id}` : comment.id}>
          <CommentItem comment={comment} canReply onReply={onReply} onChanged={onChanged} />
          {comment.replies.length > 0 ? (
            <ol className="comment-list comment-list--replies">
              {comment.replies.map((reply) => (
                <li key={reply.remote ? `remote-${reply.id}` : reply.id}>
                  <CommentItem comment={reply} canReply={false} onChanged={onChanged} />
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
