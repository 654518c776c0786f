import type { ReactNode } from 'react';

/** What a field gives its control: its id, and whether (and by which line) it is refused. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control (input, select, text area) with its hint and its error line, wired for
 * screen readers: the error is announced when it appears, and the control is described by it and
 * marked invalid while it is there. TextField is this with an input.
 */
export function Field({
  id,
  label,
  error = null,
  hint,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  /** Shown under the control and announced; null while the value is fine. */
  error?: string | null;
  /** A line between the label and the control saying what the field is for (read first). */
  hint?: ReactNode;
  /** Added to the field's own class (its place in a toolbar, say). */
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ');
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {error ? (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
