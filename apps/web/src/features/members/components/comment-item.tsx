import type { Comment } from '@quillpost/domain';
import type { ApiResult } from '../../../lib/api-client';
import { commentAuthorName } from '../../../components/comment-author';
import { ActionNotice } from '../../../components/resource-view';
import { useCan } from '../../../lib/permissions';
import { useSite } from '../../../lib/use-site';
import { CommentActionButtons, HiddenCommentActions } from './comment-action-buttons';
import { CommentForm } from './comment-form';
import { CommentHeader } from './comment-header';
import { CommentReasonForm } from './comment-reason-forms';
import { CommentText } from './comment-text';
import { useCommentActions } from './use-comment-actions';

/** One comment: its text or its edit form, what may be done with it, and the form that is open. */
export function CommentItem({
  comment,
  canReply,
  onReply,
  onChanged,
}: {
  comment: Comment;
  canReply: boolean;
  onReply?(body: string, answered: Comment): Promise<ApiResult<unknown>>;
  onChanged(): void;
}) {
  const can = useCan();
  const site = useSite();
  const actions = useCommentActions(comment, onChanged);

  if (comment.body === null) {
    return (
      <article className="comment comment--placeholder">
        <p className="muted">
          {comment.status === 'hidden'
            ? 'This comment was hidden by a moderator.'
            : 'This comment was deleted.'}
        </p>
      </article>
    );
  }

  const name = comment.remote
    ? comment.remote.author.name
    : commentAuthorName(comment.author, site.owner.name);
  const viewing = actions.mode === 'view';

  return (
    <article className={`comment${comment.status === 'hidden' ? ' comment--hidden' : ''}`}>
      <CommentHeader comment={comment} />
      {actions.mode === 'edit' ? (
        <CommentForm
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.body}
          onCancel={actions.close}
          onSubmit={actions.edit}
        />
      ) : (
        <CommentText text={comment.body} />
      )}
      {viewing && comment.status === 'visible' ? (
        <CommentActionButtons
          comment={comment}
          canReply={canReply && onReply !== undefined}
          actions={actions}
        />
      ) : null}
      {actions.mode === 'reply' && onReply ? (
        <CommentForm
          label={`Reply to ${name}`}
          submitLabel="Reply"
          onCancel={actions.close}
          onSubmit={async (body) => actions.closeOnSuccess(await onReply(body, comment))}
        />
      ) : null}
      {viewing && comment.status === 'hidden' && can('hide_content') ? (
        <HiddenCommentActions actions={actions} />
      ) : null}
      <CommentReasonForm actions={actions} />
      <ActionNotice notice={actions.notice} />
    </article>
  );
}
