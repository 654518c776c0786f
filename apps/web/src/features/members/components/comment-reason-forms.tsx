import type { CommentActions } from './use-comment-actions';
import { ReasonForm } from './reason-form';

/** The reason asked for before a report, a hide or a removal, when one of them is open. */
export function CommentReasonForm({ actions }: { actions: CommentActions }) {
  switch (actions.mode) {
    case 'report':
      return (
        <ReasonForm
          label="What is wrong with this comment? (optional)"
          submitLabel="Send Report"
          onSubmit={actions.report}
          onCancel={actions.close}
        />
      );
    case 'hide':
      return (
        <ReasonForm
          label="Why hide it? (kept in the moderation log)"
          submitLabel="Hide Comment"
          required
          onSubmit={actions.hide}
          onCancel={actions.close}
        />
      );
    case 'remove':
      return (
        <ReasonForm
          label="Why remove it? (its text is deleted; the moderation log keeps the reason)"
          submitLabel="Remove Comment"
          required
          onSubmit={actions.removeForReason}
          onCancel={actions.close}
        />
      );
    default:
      return null;
  }
}
