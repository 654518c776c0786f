import { useId, useState } from 'react';
import { TextField } from '../../../components/text-field';

/** A one-line reason, then an action: a member's report, a moderator's hide or removal. */
export function ReasonForm({
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
