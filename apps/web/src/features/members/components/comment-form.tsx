/** A comment's text box and its send button: a new comment, a reply, or an edit of one's own. */
import { COMMENT_MAX_LENGTH, commentEditSchema } from '@quillpost/domain';
import { useId, useState, type FormEvent } from 'react';
import type { ApiResult } from '../../../lib/api-client';
import { errorsOf } from '../../../lib/field-errors';
import { Field } from '../../../components/field';

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
