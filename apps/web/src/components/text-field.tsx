import type { InputHTMLAttributes, Ref } from 'react';
import { Field, type FieldProps } from './field';

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> &
  Omit<FieldProps, 'children'> & {
    inputRef?: Ref<HTMLInputElement>;
    /** Added to the input's own class. */
    inputClassName?: string;
  };

/** A labelled input with its hint and error line, wired for screen readers. */
export function TextField({
  id,
  label,
  error,
  hint,
  count,
  labelHidden,
  inline,
  className,
  inputRef,
  inputClassName,
  ...input
}: TextFieldProps) {
  return (
    <Field
      id={id}
      label={label}
      error={error}
      hint={hint}
      count={count}
      labelHidden={labelHidden}
      inline={inline}
      className={className}
    >
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
