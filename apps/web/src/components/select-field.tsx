import type { ReactNode, SelectHTMLAttributes } from 'react';
import { Field, type FieldProps } from './field';

type SelectFieldProps<T extends string | number> = Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'id' | 'className' | 'value' | 'onChange'
> &
  Omit<FieldProps, 'children'> & {
    // The options say what T is; a wider value (a state of T | null, say) must not widen it.
    value: NoInfer<T>;
    /** The choices in the order shown; the value handed back is one of them, typed as given. */
    options: readonly T[];
    optionLabel(option: NoInfer<T>): ReactNode;
    onChange(option: NoInfer<T>): void;
    /** Added to the select's own class. */
    selectClassName?: string;
  };

/** A labelled choice among known values, wired for screen readers as every field is. */
export function SelectField<T extends string | number>({
  id,
  label,
  error,
  hint,
  count,
  labelHidden,
  inline,
  className,
  value,
  options,
  optionLabel,
  onChange,
  selectClassName,
  ...select
}: SelectFieldProps<T>) {
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
        <select
          {...select}
          {...control}
          className={selectClassName ? `field__input ${selectClassName}` : 'field__input'}
          value={value}
          onChange={(event) =>
            onChange(options.find((option) => String(option) === event.target.value)!)
          }
        >
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel(option)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
