/**
 * Zod-free checks for the content API's answers. The shapes are the domain contracts
 * (packages/domain contracts/content.ts and posts.ts); these guards only make sure an answer has
 * what a page needs before it renders, so a broken answer becomes an error state instead of a
 * crash. Keeping zod out of reading pages keeps the home page within its 90 kB first-load budget;
 * content-guards.test.ts checks each guard against its zod schema on the same samples.
 */
import type {
  Book,
  Category,
  JournalEntry,
  LinksPage,
  NowArchiveSummary,
  NowPage,
  Page,
  Poem,
  Post,
  Project,
} from '@quillpost/domain';
import type { ResponseSchema } from '../../../lib/api-client';

type Guard<T> = (value: unknown) => value is T;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasStrings(value: Record<string, unknown>, keys: readonly string[]): boolean {
  return keys.every((key) => typeof value[key] === 'string');
}

function isStringList(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

function isNullableString(value: unknown): boolean {
  return value === null || typeof value === 'string';
}

/** A guard as the api client's `schema` option. */
export function schemaOf<T>(guard: Guard<T>): ResponseSchema<T> {
  return {
    safeParse: (value) => (guard(value) ? { success: true, data: value } : { success: false }),
  };
}

export function listOf<T>(guard: Guard<T>): Guard<T[]> {
  return (value): value is T[] => Array.isArray(value) && value.every(guard);
}

const RENDERED_KEYS = ['slug', 'title', 'date', 'content'] as const;

function isRenderedItem(value: unknown): value is Record<string, unknown> {
  return (
    isRecord(value) &&
    hasStrings(value, RENDERED_KEYS) &&
    typeof value.reading_minutes === 'number' &&
    isStringList(value.tags)
  );
}

export const isPost: Guard<Post> = (value): value is Post =>
  isRecord(value) &&
  hasStrings(value, ['id', 'slug', 'title', 'date', 'content', 'category', 'excerpt_short']) &&
  isNullableString(value.featured_image_url) &&
  isStringList(value.tags);

export const isJournalEntry: Guard<JournalEntry> = (value): value is JournalEntry =>
  isRenderedItem(value) && isNullableString(value.mood) && isNullableString(value.location);

export const isPoem: Guard<Poem> = (value): value is Poem =>
  isRenderedItem(value) && isNullableString(value.form);

export const isBook: Guard<Book> = (value): value is Book =>
  isRenderedItem(value) &&
  hasStrings(value, ['author', 'status']) &&
  isNullableString(value.cover_url) &&
  Array.isArray(value.quotes);

export const isProject: Guard<Project> = (value): value is Project =>
  isRenderedItem(value) &&
  hasStrings(value, ['summary', 'status']) &&
  isStringList(value.stack) &&
  isNullableString(value.url) &&
  isNullableString(value.repository);

export const isNowPage: Guard<NowPage> = (value): value is NowPage =>
  isRenderedItem(value) && typeof value.is_current === 'boolean';

export const isNowArchiveSummary: Guard<NowArchiveSummary> = (value): value is NowArchiveSummary =>
  isRecord(value) && hasStrings(value, ['slug', 'title', 'date']);

export const isCategory: Guard<Category> = (value): value is Category =>
  isRecord(value) &&
  hasStrings(value, ['slug', 'name']) &&
  Array.isArray(value.sub_categories) &&
  value.sub_categories.every((sub) => isRecord(sub) && hasStrings(sub, ['slug', 'name']));

export const isPage: Guard<Page> = (value): value is Page =>
  isRecord(value) &&
  hasStrings(value, ['slug', 'title', 'content']) &&
  isNullableString(value.description);

export const isLinksPage: Guard<LinksPage> = (value): value is LinksPage =>
  isRecord(value) &&
  hasStrings(value, ['title', 'content']) &&
  Array.isArray(value.links) &&
  value.links.every((link) => isRecord(link) && hasStrings(link, ['name', 'url', 'icon']));
