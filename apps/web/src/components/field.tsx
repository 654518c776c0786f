import type { ReactNode } from 'react';

/** What a field gives its control: its id, and whether (and by which lines) it is described. */
export interface FieldControl {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldProps {
  id: string;
  label: ReactNode;
  /** Shown under the control and announced; null while the value is fine. */
  error?: string | null;
  /**
   * A line between the label and the control saying what the field is for: read before the
   * control is reached, as GOV.UK's and Primer's forms place it.
   */
  hint?: ReactNode;
  /** How much of a limit is used ("12 / 160"): under the control, where typing changes it. */
  count?: ReactNode;
  /** The label is read out but not shown, where the page around says what the control is for. */
  labelHidden?: boolean;
  /**
   * No box of its own: the label, the control and its lines sit in the parent's row (a toolbar,
   * a confirmation line, a short form).
   */
  inline?: boolean;
  /** Added to the field's own class (its place in a toolbar, say); not with `inline`. */
  className?: string;
  children: (control: FieldControl) => ReactNode;
}

/**
 * A labelled control (input, select, text area) with its hint, count and error line, wired for
 * screen readers in this one place: the label names the control, the control is described by its
 * error, hint and count and marked invalid while it is refused, and the error is announced when
 * it appears. TextField is this with an input.
 */
export function Field({
  id,
  label,
  error = null,
  hint,
  count,
  labelHidden = false,
  inline = false,
  className,
  children,
}: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const describedBy = [error ? errorId : null, hint ? hintId : null, count ? countId : null]
    .filter(Boolean)
    .join(' ');
  const parts = (
    <>
      <label className={labelHidden ? 'visually-hidden' : 'field__label'} htmlFor={id}>
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
      {count ? (
        <p id={countId} className="field__hint" aria-live="polite">
          {count}
        </p>
      ) : null}
      {error ? (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </>
  );
  if (inline) return parts;
  return <div className={className ? `field ${className}` : 'field'}>{parts}</div>;
}
