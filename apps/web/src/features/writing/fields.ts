/**
 * The editor's form fields, read from the same zod schemas that check the files
 * (FRONT_MATTER_BY_KIND): a key the schema knows is a field, with its kind, its choices and
 * whether it must be filled, so a field cannot exist in one and not the other.
 */
import {
  contentDayIn,
  type ContentKind,
  FIELD_LABELS,
  FRONT_MATTER_BY_KIND,
} from '@quillpost/domain';

export type FieldKind = 'text' | 'longText' | 'date' | 'list' | 'choice' | 'number' | 'image';

export interface FieldSpec {
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** A choice's options. */
  options?: string[];
}

/** Zod's internal definition, as far as the editor reads it. */
interface Def {
  type: string;
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
  options?: Array<{ _zod: { def: Def } }>;
  element?: { _zod: { def: Def } };
  entries?: Record<string, string>;
}

type Schema = { _zod: { def: Def } };

/** Written by the buttons (status) or kept as the file has them (the three excerpt lengths). */
const NOT_FIELDS = new Set([
  'status',
  'updated',
  'excerpt_short',
  'excerpt_medium',
  'excerpt_long',
]);

/** Shown first, in this order; the rest follow in the schema's. */
const FIRST = ['title', 'slug', 'date', 'excerpt', 'tags', 'category', 'featured_image'];

const LONG_TEXT = new Set(['excerpt', 'summary', 'description']);
const IMAGES = new Set(['featured_image', 'cover']);

/**
 * The value a field holds, and whether the file must have it: through `.optional()`,
 * `.default()` and `.transform()` (a pipe whose input may itself carry the default, as
 * `keywords` does) in any order.
 */
function unwrap(def: Def): { def: Def; required: boolean } {
  let required = true;
  let current = def;
  for (;;) {
    if ((current.type === 'optional' || current.type === 'default') && current.innerType) {
      required = false;
      current = current.innerType._zod.def;
    } else if (current.type === 'pipe' && current.in) {
      current = current.in._zod.def;
    } else {
      return { def: current, required };
    }
  }
}

function kindOf(key: string, def: Def): FieldSpec['kind'] | null {
  if (IMAGES.has(key)) return 'image';
  switch (def.type) {
    case 'enum':
      return 'choice';
    case 'number':
      return 'number';
    case 'array':
      // A list of words (tags, stack); lists of records (quotes, links) stay as the file has them.
      return def.element?._zod.def.type === 'string' ? 'list' : null;
    case 'union':
      // `instant`: a date written as text or read by YAML as a date; `keywords`: text or a list.
      return def.options?.some((option) => option._zod.def.type === 'date') ? 'date' : 'text';
    case 'string':
      return LONG_TEXT.has(key) ? 'longText' : 'text';
    default:
      return null;
  }
}

function labelOf(key: string): string {
  const words = key.replace(/_/g, ' ');
  return FIELD_LABELS[key] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

/** The fields of a kind, in the order a writer fills them. */
export function fieldsOf(kind: ContentKind): FieldSpec[] {
  const shape = (FRONT_MATTER_BY_KIND[kind] as unknown as { shape: Record<string, Schema> }).shape;
  const keys = Object.keys(shape).filter(
    (key) => !NOT_FIELDS.has(key) || (kind === 'book' && key === 'status'),
  );
  const ordered = [
    ...FIRST.filter((key) => keys.includes(key)),
    ...keys.filter((key) => !FIRST.includes(key)),
  ];
  return ordered.flatMap((key) => {
    const { def, required } = unwrap(shape[key]!._zod.def);
    const fieldKind = kindOf(key, def);
    if (!fieldKind) return [];
    return [
      {
        key,
        label: labelOf(key),
        kind: fieldKind,
        required,
        ...(fieldKind === 'choice' ? { options: Object.keys(def.entries ?? {}) } : {}),
      },
    ];
  });
}

/** Whether an item of this kind is a draft until published (a book is always on its shelf). */
export function hasDrafts(kind: ContentKind): boolean {
  return kind !== 'book';
}

/**
 * A field's value as its input shows it. A date field shows a day: a bare day as written, a
 * scheduled instant as its day in the site's zone (`timeZone`), as the site will date it.
 */
export function inputValue(field: FieldSpec, value: unknown, timeZone = 'UTC'): string {
  if (value === undefined || value === null) return '';
  if (field.kind === 'list') return Array.isArray(value) ? value.join(', ') : String(value);
  if (field.kind === 'date') {
    const text = value instanceof Date ? value.toISOString() : String(value);
    const instant = Date.parse(text);
    if (/^\d{4}-\d{2}-\d{2}$/.test(text) || Number.isNaN(instant)) return text.slice(0, 10);
    return contentDayIn(new Date(instant).toISOString(), timeZone);
  }
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** An input's text as the file keeps it; undefined takes the key out of the file. */
export function storedValue(field: FieldSpec, text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) return field.kind === 'list' ? [] : undefined;
  if (field.kind === 'list') {
    return trimmed
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean);
  }
  if (field.kind === 'number') return Number(trimmed);
  return text;
}
