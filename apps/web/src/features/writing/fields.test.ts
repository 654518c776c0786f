import { FRONT_MATTER_BY_KIND, CONTENT_KINDS } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import { fieldsOf, inputValue, storedValue } from './fields';

describe('the editor’s fields', () => {
  it('are the schema’s keys: a post has the fields a writer fills, labelled as the issue says', () => {
    const fields = fieldsOf('post');
    expect(fields.slice(0, 7).map((field) => field.label)).toEqual([
      'Title',
      'Slug',
      'Date',
      'Excerpt',
      'Tags',
      'Category',
      'Featured image',
    ]);
    expect(fields.find((field) => field.key === 'date')).toMatchObject({
      kind: 'date',
      required: true,
    });
    expect(fields.find((field) => field.key === 'tags')).toMatchObject({
      kind: 'list',
      required: false,
    });
    expect(fields.find((field) => field.key === 'featured_image')).toMatchObject({ kind: 'image' });
  });

  it('are required exactly when the file’s schema refuses them missing', () => {
    for (const kind of CONTENT_KINDS) {
      const shape = (
        FRONT_MATTER_BY_KIND[kind] as unknown as {
          shape: Record<string, { safeParse(value: unknown): { success: boolean } }>;
        }
      ).shape;
      for (const field of fieldsOf(kind)) {
        expect(
          { kind, key: field.key, required: field.required },
          'a required field the file may leave out blocks saving a draft',
        ).toEqual({
          kind,
          key: field.key,
          required: !shape[field.key]!.safeParse(undefined).success,
        });
      }
    }
    expect(fieldsOf('post').find((field) => field.key === 'keywords')).toMatchObject({
      kind: 'text',
      required: false,
    });
  });

  it('leave no key of any kind out, except what the buttons write or the file keeps', () => {
    for (const kind of CONTENT_KINDS) {
      const shape = (FRONT_MATTER_BY_KIND[kind] as unknown as { shape: object }).shape;
      const shown = fieldsOf(kind).map((field) => field.key);
      const hidden = Object.keys(shape).filter((key) => !shown.includes(key));
      expect(
        hidden.every((key) =>
          [
            'status',
            'updated',
            'excerpt_short',
            'excerpt_medium',
            'excerpt_long',
            'quotes',
            'links',
          ].includes(key),
        ),
        `${kind}: ${hidden.join(', ')}`,
      ).toBe(true);
    }
    // A book's status is its shelf, a choice; everyone else's is the buttons'.
    expect(fieldsOf('book').find((field) => field.key === 'status')).toMatchObject({
      kind: 'choice',
      options: ['reading', 'read', 'want-to-read'],
    });
  });

  it('write lists and numbers as the file keeps them, and take empty fields out', () => {
    const [tags, year] = [
      fieldsOf('post').find((f) => f.key === 'tags')!,
      fieldsOf('book').find((f) => f.key === 'year')!,
    ];
    expect(storedValue(tags, ' sql, learning in public ,, ')).toEqual([
      'sql',
      'learning in public',
    ]);
    expect(inputValue(tags, ['sql', 'notes'])).toBe('sql, notes');
    expect(storedValue(year, '1854')).toBe(1854);
    expect(storedValue(year, ' ')).toBeUndefined();
    expect(
      inputValue(
        fieldsOf('post').find((f) => f.key === 'date')!,
        '2026-11-26T09:30:00.000Z',
      ),
    ).toBe('2026-11-26');
  });

  it("shows a scheduled time's day as the site's: 8:26 PM in Chicago is not the 28th", () => {
    const date = fieldsOf('post').find((f) => f.key === 'date')!;
    expect(inputValue(date, '2026-11-28T02:26:00.000Z', 'America/Chicago')).toBe('2026-11-27');
    expect(inputValue(date, '2026-11-27', 'America/Chicago')).toBe('2026-11-27');
  });
});
