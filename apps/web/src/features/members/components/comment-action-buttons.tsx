/**
 * The links under a comment: each shown only to who may use it. A member replies, edits and
 * deletes their own, reports someone else's; a moderator hides or removes it instead, and rejects
 * a reply from another server or blocks its author.
 */
import { API_ROUTES, FEDIVERSE_BLOCK_PERMISSIONS, type Comment } from '@quillpost/domain';
import { useCan } from '../../../lib/permissions';
import type { CommentActions } from './use-comment-actions';

export function CommentActionButtons({
  comment,
  canReply,
  actions,
}: {
  comment: Comment;
  canReply: boolean;
  actions: CommentActions;
}) {
  const can = useCan();
  // A reply from another server is answered here; the owner reviews it in the console.
  const memberComment = !comment.remote;
  const handle = comment.remote?.author.handle;
  return (
    <div className="comment__actions">
      {canReply && can('comment') ? (
        <button type="button" className="link-button" onClick={() => actions.open('reply')}>
          Reply
        </button>
      ) : null}
      {memberComment && comment.mine ? (
        <>
          <button type="button" className="link-button" onClick={() => actions.open('edit')}>
            Edit
          </button>
          <button type="button" className="link-button" onClick={actions.remove}>
            Delete
          </button>
        </>
      ) : null}
      {memberComment && !comment.mine && can('hide_content') ? (
        <button type="button" className="link-button" onClick={() => actions.open('hide')}>
          Hide
        </button>
      ) : null}
      {memberComment && !comment.mine && can('delete_content') ? (
        <button type="button" className="link-button" onClick={() => actions.open('remove')}>
          Remove
        </button>
      ) : null}
      {comment.remote && can(API_ROUTES.adminRemoteReplyReject.permission) ? (
        <button type="button" className="link-button" onClick={actions.reject}>
          Reject
        </button>
      ) : null}
      {handle && can(FEDIVERSE_BLOCK_PERMISSIONS.account) ? (
        <button type="button" className="link-button" onClick={() => actions.blockAuthor(handle)}>
          Block Account
        </button>
      ) : null}
      {memberComment && !comment.mine && !can('hide_content') && can('comment') ? (
        comment.reportedByMe ? (
          <span className="muted">Reported</span>
        ) : (
          <button type="button" className="link-button" onClick={() => actions.open('report')}>
            Report
          </button>
        )
      ) : null}
    </div>
  );
}

/** A moderator brings back a comment they or another moderator hid. */
export function HiddenCommentActions({ actions }: { actions: CommentActions }) {
  return (
    <div className="comment__actions">
      <button type="button" className="link-button" onClick={actions.showAgain}>
        Show Again
      </button>
    </div>
  );
}
