import type { FrontMatterValues } from '@quillpost/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { UploadButton } from './upload-button';
import { Field, type FieldControl } from '../../../components/field';
import { useDates } from '../../../lib/use-dates';
import { inputValue, storedValue, type FieldSpec } from '../fields';

/** Hints under the fields a writer may wonder about. */
const HINTS: Record<string, string> = {
  slug: 'The last part of its address. Left empty, it comes from the file name.',
  excerpt: 'Shown in lists, link previews and search results. Left empty, the first paragraph is.',
  tags: 'Separated by commas.',
  stack: 'Separated by commas.',
  category: 'A hub or section, such as build, learn or write.',
};

/**
 * The front matter as form fields; keys the form does not show are kept as the file has them.
 * `part` says which: the title (above the body) or the details (folded below it on a phone).
 */
export function FrontMatterFields({
  part,
  fields,
  values,
  error,
  scheduledAt,
  onField,
  onUpload,
}: {
  part: 'title' | 'details';
  fields: FieldSpec[];
  values: FrontMatterValues;
  error: { key: string; text: string } | null;
  scheduledAt: string | null;
  /** A field's new value; undefined takes the key out of the file. */
  onField(key: string, value: unknown): void;
  onUpload(file: File): Promise<string | null>;
}) {
  const id = useId();
  const dates = useDates();
  const set = (field: FieldSpec, text: string) => onField(field.key, storedValue(field, text));
  // On a phone the details fold away under the body: the title and the text come first.
  const [showDetails] = useState(() => window.matchMedia('(min-width: 48rem)').matches);
  const main = fields.filter((field) => field.key === 'title');
  const details = fields.filter((field) => !main.includes(field));
  // A refusal is shown beside its field, never hidden in the folded details: the browser's own
  // check of a required field (`invalid`, before the form is sent; a closed <details> would
  // leave it with nothing to focus, and the button would seem to do nothing) and the server's
  // answer both unfold them.
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const refusedInDetails = details.some((field) => field.key === error?.key);
  useEffect(() => {
    if (refusedInDetails && detailsRef.current) detailsRef.current.open = true;
  }, [refusedInDetails, error]);

  const render = (field: FieldSpec) => {
    const value = inputValue(field, values[field.key], dates.timeZone);
    const hint =
      field.key === 'date' && scheduledAt
        ? `Scheduled: it goes live ${dates.dateTime(scheduledAt)} (${dates.timeZone}).`
        : HINTS[field.key];
    return (
      <Field
        key={field.key}
        id={`${id}-${field.key}`}
        label={field.label}
        hint={hint}
        error={error?.key === field.key ? error.text : null}
        className={`writing-field writing-field--${field.kind}`}
      >
        {(control) => {
          const common = { ...control, className: 'field__input', required: field.required };
          return field.kind === 'longText' ? (
            <textarea
              {...common}
              rows={3}
              value={value}
              onChange={(event) => set(field, event.target.value)}
            />
          ) : field.kind === 'choice' ? (
            <select {...common} value={value} onChange={(event) => set(field, event.target.value)}>
              {field.required ? null : <option value="">—</option>}
              {field.options!.map((option) => (
                <option key={option} value={option}>
                  {option.replace(/-/g, ' ')}
                </option>
              ))}
            </select>
          ) : field.kind === 'image' ? (
            <ImageField
              control={common}
              value={value}
              label={field.label}
              onChange={(text) => set(field, text)}
              onUpload={onUpload}
            />
          ) : (
            <input
              {...common}
              type={field.kind === 'date' ? 'date' : field.kind === 'number' ? 'number' : 'text'}
              value={value}
              inputMode={field.kind === 'number' ? 'numeric' : undefined}
              autoCapitalize={field.key === 'title' ? 'sentences' : 'off'}
              onChange={(event) => set(field, event.target.value)}
            />
          );
        }}
      </Field>
    );
  };

  if (part === 'title')
    return <div className="writing-fields writing-fields--title">{main.map(render)}</div>;
  return (
    <div className="writing-fields">
      <details
        ref={detailsRef}
        className="writing-details"
        open={showDetails}
        onInvalidCapture={(event) => (event.currentTarget.open = true)}
      >
        <summary>Details: {details.map((field) => field.label.toLowerCase()).join(', ')}</summary>
        <div className="writing-details__grid">{details.map(render)}</div>
      </details>
    </div>
  );
}

function ImageField({
  control,
  value,
  label,
  onChange,
  onUpload,
}: {
  control: FieldControl & { className: string; required?: boolean };
  value: string;
  label: string;
  onChange(text: string): void;
  onUpload(file: File): Promise<string | null>;
}) {
  return (
    <div className="writing-image">
      {value && !/^https?:/.test(value) ? (
        <img
          src={value.startsWith('/') ? value : `/content/${value}`}
          alt=""
          className="writing-image__thumb"
        />
      ) : null}
      <input
        {...control}
        type="text"
        value={value}
        placeholder="images/…"
        onChange={(event) => onChange(event.target.value)}
      />
      <UploadButton
        label={`Upload ${label.toLowerCase()}`}
        onFile={async (image) => {
          const address = await onUpload(image);
          if (address) onChange(address);
        }}
      />
    </div>
  );
}
