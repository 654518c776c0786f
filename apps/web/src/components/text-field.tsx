import type { InputHTMLAttributes, ReactNode, Ref } from 'react';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: ReactNode;
  /** Shown under the input and announced; the input is marked invalid while it is set. */
  error: string | null;
  inputRef?: Ref<HTMLInputElement>;
  /** Added to the input's own class. */
  inputClassName?: string;
};

/** A labelled input with its error line, wired for screen readers. */
export function TextField({
  id,
  label,
  error,
  inputRef,
  inputClassName,
  ...input
}: TextFieldProps) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        ref={inputRef}
        id={id}
        className={inputClassName ? `field__input ${inputClassName}` : 'field__input'}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
      />
      {error ? (
        <span id={errorId} className="field__error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
