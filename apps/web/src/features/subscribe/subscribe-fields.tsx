/**
 * The subscribe form's fields, labelled once: the popup's steps show them one step at a time, the
 * /subscribe page all at once in a plain form. Each sends the name the API reads.
 */
import type { ComponentProps, InputHTMLAttributes } from 'react';
import { TextField } from '../../components/text-field';

type FieldProps = Omit<
  ComponentProps<typeof TextField>,
  'label' | 'type' | 'name' | 'autoComplete' | 'inputMode'
>;

export function EmailField(props: FieldProps) {
  return (
    <TextField
      {...props}
      label="Email address"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
    />
  );
}

export function NameField(props: FieldProps) {
  return (
    <TextField
      {...props}
      label={
        <>
          Your name <span className="field__hint">(optional)</span>
        </>
      }
      type="text"
      name="name"
      autoComplete="name"
    />
  );
}

export function AccountChoice(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'name'>) {
  return (
    <label className="checkbox">
      <input {...props} type="checkbox" name="wantsAccount" />
      <span>Also create a member account (comments, bookmarks and more)</span>
    </label>
  );
}
