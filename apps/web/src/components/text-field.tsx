import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { Field } from './field';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  id: string;
  label: ReactNode;
  /** Shown under the input and announced; the input is marked invalid while it is set. */
  error: string | null;
  hint?: ReactNode;
  /** Added to the field's own class. */
  className?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Added to the input's own class. */
  inputClassName?: string;
};

/** A labelled input with its error line, wired for screen readers. */
export function TextField({
  id,
  label,
  error,
  hint,
  className,
  inputRef,
  inputClassName,
  ...input
}: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} hint={hint} className={className}>
      {(control) => (
        <input
          {...input}
          {...control}
          ref={inputRef}
          className={inputClassName ? `field__input ${inputClassName}` : 'field__input'}
        />
      )}
    </Field>
  );
}
