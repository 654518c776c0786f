/**
 * A thread's comments with replies one level deep, and what a member may do with each: reply to
 * top-level comments, edit and delete their own, report someone else's. A reply from another
 * server is answered here too, and a moderator rejects it or blocks its author where it is read.
 */
import {
  API_ROUTES,
  FEDIVERSE_BLOCK_PERMISSIONS,
  MESSAGES,
  COMMENT_MAX_LENGTH,
  commentEditSchema,
  type Comment,
  type CommentWithReplies,
} from '@quillpost/domain';
import { useId, useState, type FormEvent } from 'react';
import type { ApiResult } from '../../../lib/api-client';
import { useDates } from '../../../lib/use-dates';
import { useSite } from '../../../lib/use-site';
import { useMembersApi } from '../api/members-api';
import { useCan } from '../../../lib/permissions';
import { errorsOf } from '../../../lib/field-errors';
import { CommentAuthor, commentAuthorName } from '../../../components/comment-author';
import { RemoteAuthor } from '../../../components/remote-author';
import { Field } from '../../../components/field';
import { TextField } from '../../../components/text-field';
import { CommentText } from './comment-text';
import { ActionNotice, noticeOf, type Notice } from '../../../components/resource-view';

export function CommentForm({
  label,
  submitLabel,
  initial = '',
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit(body: string): Promise<ApiResult<unknown>>;
  onCancel?(): void;
}) {
  const id = useId();
  const [body, setBody] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = commentEditSchema.safeParse({ body });
    if (!parsed.success) {
      setError(errorsOf(parsed.error).body ?? null);
      return;
    }
    setSending(true);
    const result = await onSubmit(parsed.data.body);
    setSending(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setError(null);
    setBody('');
  }

  return (
    <form className="comment-form" onSubmit={(event) => void submit(event)} noValidate>
      <Field
        id={id}
        label={label}
        hint="Plain text; links work."
        count={`${Array.from(body.trim()).length} / ${COMMENT_MAX_LENGTH}`}
        error={error}
        inline
      >
        {(control) => (
          <textarea
            {...control}
            className="field__input members-textarea"
            rows={3}
            value={body}
            onChange={(event) => setBody(event.target.value)}
          />
        )}
      </Field>
      <div className="members-inline-actions">
        <button type="submit" className="button button--primary" disabled={sending}>
          {sending ? 'Sending…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="button button--quiet" onClick={onCancel}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

/** A one-line reason, then an action: a member's report, a moderator's hide or removal. */
function ReasonForm({
  label,
  submitLabel,
  required = false,
  onSubmit,
  onCancel,
}: {
  label: string;
  submitLabel: string;
  required?: boolean;
  onSubmit(reason: string): void;
  onCancel(): void;
}) {
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <form
      className="comment-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(reason);
      }}
    >
      <TextField
        id={id}
        label={label}
        inline
        value={reason}
        required={required}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="members-inline-actions">
        <button type="submit" className="button">
          {submitLabel}
        </button>
        <button type="button" className="button button--quiet" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}

function CommentItem({
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
  const api = useMembersApi();
  const can = useCan();
  const dates = useDates();
  const site = useSite();
  const [mode, setMode] = useState<'view' | 'edit' | 'reply' | 'report' | 'hide' | 'remove'>(
    'view',
  );
  const [notice, setNotice] = useState<Notice>(null);

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
  const visible = comment.status === 'visible';
  // A reply from another server is answered here; the owner reviews it in the console.
  const memberComment = !comment.remote;

  async function remove() {
    const result = await api.deleteComment(comment.id);
    if (!result.ok) setNotice({ tone: 'error', text: result.message });
    else onChanged();
  }

  /** A moderator's decision, taken where the comment is read; logged as in the moderation queue. */
  async function moderate(action: Promise<ApiResult<unknown>>, done: string) {
    const result = await action;
    setMode('view');
    setNotice(noticeOf(result, done));
    if (result.ok) onChanged();
  }

  async function report(reason: string) {
    const result = await api.reportComment(comment.id, reason);
    setMode('view');
    setNotice(noticeOf(result, MESSAGES.COMMENT_REPORTED));
    if (result.ok) onChanged();
  }

  return (
    <article className={`comment${comment.status === 'hidden' ? ' comment--hidden' : ''}`}>
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
      {mode === 'edit' ? (
        <CommentForm
          label="Edit your comment"
          submitLabel="Save"
          initial={comment.body}
          onCancel={() => setMode('view')}
          onSubmit={async (body) => {
            const result = await api.editComment(comment.id, body);
            if (result.ok) {
              setMode('view');
              onChanged();
            }
            return result;
          }}
        />
      ) : (
        <CommentText text={comment.body} />
      )}
      {mode === 'view' && visible ? (
        <div className="comment__actions">
          {canReply && onReply && can('comment') ? (
            <button type="button" className="link-button" onClick={() => setMode('reply')}>
              Reply
            </button>
          ) : null}
          {memberComment && comment.mine ? (
            <>
              <button type="button" className="link-button" onClick={() => setMode('edit')}>
                Edit
              </button>
              <button type="button" className="link-button" onClick={() => void remove()}>
                Delete
              </button>
            </>
          ) : null}
          {memberComment && !comment.mine && can('hide_content') ? (
            <button type="button" className="link-button" onClick={() => setMode('hide')}>
              Hide
            </button>
          ) : null}
          {memberComment && !comment.mine && can('delete_content') ? (
            <button type="button" className="link-button" onClick={() => setMode('remove')}>
              Remove
            </button>
          ) : null}
          {comment.remote && can(API_ROUTES.adminRemoteReplyReject.permission) ? (
            <button
              type="button"
              className="link-button"
              onClick={() => void moderate(api.rejectRemoteReply(comment.id), 'Rejected.')}
            >
              Reject
            </button>
          ) : null}
          {comment.remote?.author.handle && can(FEDIVERSE_BLOCK_PERMISSIONS.account) ? (
            <button
              type="button"
              className="link-button"
              onClick={() =>
                void moderate(
                  api.blockRemoteAccount(comment.remote!.author.handle!),
                  'Blocked: their replies are gone, and nothing more comes from them.',
                )
              }
            >
              Block Account
            </button>
          ) : null}
          {memberComment && !comment.mine && !can('hide_content') && can('comment') ? (
            comment.reportedByMe ? (
              <span className="muted">Reported</span>
            ) : (
              <button type="button" className="link-button" onClick={() => setMode('report')}>
                Report
              </button>
            )
          ) : null}
        </div>
      ) : null}
      {mode === 'reply' && onReply ? (
        <CommentForm
          label={`Reply to ${name}`}
          submitLabel="Reply"
          onCancel={() => setMode('view')}
          onSubmit={async (body) => {
            const result = await onReply(body, comment);
            if (result.ok) setMode('view');
            return result;
          }}
        />
      ) : null}
      {mode === 'view' && comment.status === 'hidden' && can('hide_content') ? (
        <div className="comment__actions">
          <button
            type="button"
            className="link-button"
            onClick={() => void moderate(api.unhideComment(comment.id), 'Shown again.')}
          >
            Show Again
          </button>
        </div>
      ) : null}
      {mode === 'report' ? (
        <ReasonForm
          label="What is wrong with this comment? (optional)"
          submitLabel="Send Report"
          onSubmit={(reason) => void report(reason)}
          onCancel={() => setMode('view')}
        />
      ) : null}
      {mode === 'hide' ? (
        <ReasonForm
          label="Why hide it? (kept in the moderation log)"
          submitLabel="Hide Comment"
          required
          onSubmit={(reason) => void moderate(api.hideComment(comment.id, reason), 'Hidden.')}
          onCancel={() => setMode('view')}
        />
      ) : null}
      {mode === 'remove' ? (
        <ReasonForm
          label="Why remove it? (its text is deleted; the moderation log keeps the reason)"
          submitLabel="Remove Comment"
          required
          onSubmit={(reason) => void moderate(api.removeComment(comment.id, reason), 'Removed.')}
          onCancel={() => setMode('view')}
        />
      ) : null}
      <ActionNotice notice={notice} />
    </article>
  );
}

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
