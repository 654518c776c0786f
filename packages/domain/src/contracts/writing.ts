/**
 * Writing in the browser (issue 24): the console's editor reads and writes the same Markdown files
 * the owner may keep by hand or in git. A file is named by its path under CONTENT_DIR
 * (`posts/2026-11-26-harbour.md`); its version is the SHA-256 of its bytes, so a save made on a
 * version the disk no longer holds is refused instead of overwriting someone's edit.
 */
import { z } from 'zod';
import { CONTENT_KINDS, KIND_BY_FOLDER, type ContentKind } from './front-matter.js';

const okSchema = z.object({ success: z.literal(true) });

/** Where each kind's files live under CONTENT_DIR. */
export const FOLDER_OF_KIND = Object.fromEntries(
  Object.entries(KIND_BY_FOLDER).map(([folder, kind]) => [kind, folder]),
) as Record<ContentKind, string>;

/** What the editor calls an item of each kind, in its messages and buttons. */
export const KIND_NOUNS: Record<ContentKind, string> = {
  post: 'post',
  journal: 'entry',
  poem: 'poem',
  now: 'now page',
  book: 'book',
  project: 'project',
  page: 'page',
};

/** "This post was changed elsewhere since you opened it": the save that would overwrite it. */
export function changedElsewhereMessage(kind: ContentKind): string {
  return `This ${KIND_NOUNS[kind]} was changed elsewhere since you opened it`;
}

/**
 * A file's path under CONTENT_DIR as the sync lists it: a kind's folder, any subfolders, then a
 * Markdown file; no part starts with `.` or `_` (the sync skips those), so none is `..`.
 */
const PART = '[^/\\\\\\0._][^/\\\\\\0]*';
export const contentFilePathSchema = z
  .string()
  .max(500)
  .regex(
    new RegExp(`^(?:${Object.keys(KIND_BY_FOLDER).join('|')})(?:/${PART})+\\.md$`),
    'must be a Markdown file in one of the content folders',
  );

export const WRITING_STATUSES = ['draft', 'scheduled', 'published'] as const;
export type WritingStatus = (typeof WRITING_STATUSES)[number];

export const writingItemSchema = z.object({
  path: z.string(),
  kind: z.enum(CONTENT_KINDS),
  title: z.string(),
  slug: z.string(),
  status: z.enum(WRITING_STATUSES),
  /** Its date as an ISO instant (publication, or when it was written). */
  date: z.string(),
  /** Where readers find it once published; null for kinds without a page of their own. */
  url: z.string().nullable(),
});
export type WritingItem = z.output<typeof writingItemSchema>;

export const writingListResponseSchema = okSchema.extend({ items: z.array(writingItemSchema) });

/** Front matter as the file holds it: YAML values, written back as given. */
export const frontMatterValuesSchema = z.record(z.string(), z.unknown());
export type FrontMatterValues = z.output<typeof frontMatterValuesSchema>;

export const writingFileSchema = z.object({
  path: z.string(),
  kind: z.enum(CONTENT_KINDS),
  frontMatter: frontMatterValuesSchema,
  body: z.string(),
  /** SHA-256 of the file's bytes when read. */
  version: z.string(),
});
export type WritingFile = z.output<typeof writingFileSchema>;

export const writingFileQuerySchema = z.object({ path: contentFilePathSchema });

export const writingFileResponseSchema = okSchema.extend({ file: writingFileSchema });

export const writingSaveBodySchema = z.object({
  path: contentFilePathSchema,
  /** The version the editor opened; a save on another one is refused (409). */
  version: z.string(),
  frontMatter: frontMatterValuesSchema,
  body: z.string().max(1_000_000),
});

export const writingSaveResponseSchema = okSchema.extend({
  file: writingFileSchema,
  item: writingItemSchema,
});

export const writingCreateBodySchema = z.object({
  kind: z.enum(CONTENT_KINDS),
  title: z.string().trim().min(1, 'Please give it a title.').max(300),
});

export const writingPreviewBodySchema = z.object({
  kind: z.enum(CONTENT_KINDS),
  body: z.string().max(1_000_000),
});
export const writingPreviewResponseSchema = okSchema.extend({
  html: z.string(),
  wordCount: z.number().int(),
  readingMinutes: z.number().int(),
});

export const revisionSummarySchema = z.object({
  id: z.number().int(),
  savedAt: z.string(),
  /** Who saved over it; null once their account is gone. */
  savedBy: z.string().nullable(),
  bytes: z.number().int(),
});
export const revisionListResponseSchema = okSchema.extend({
  revisions: z.array(revisionSummarySchema),
});
export const revisionParamsSchema = z.object({ revisionId: z.coerce.number().int().positive() });
export const revisionResponseSchema = okSchema.extend({
  revision: revisionSummarySchema.extend({ path: z.string(), text: z.string() }),
});

export const writingRemoveResponseSchema = okSchema.extend({ trashId: z.number().int() });

export const revisionRestoreBodySchema = z.object({ version: z.string() });

export const trashItemSchema = z.object({
  id: z.number().int(),
  path: z.string(),
  title: z.string(),
  removedAt: z.string(),
});
export const trashListResponseSchema = okSchema.extend({ items: z.array(trashItemSchema) });
export const trashParamsSchema = z.object({ trashId: z.coerce.number().int().positive() });
export const trashRestoreResponseSchema = okSchema.extend({ path: z.string() });

export const imageUploadQuerySchema = z.object({ name: z.string().trim().min(1).max(200) });
export const imageUploadResponseSchema = okSchema.extend({
  /** Where the image now lives: what front matter and Markdown name it by. */
  path: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

/** The labels the editor gives front-matter keys; others are the key in words. */
export const FIELD_LABELS: Record<string, string> = {
  title: 'Title',
  slug: 'Slug',
  date: 'Date',
  excerpt: 'Excerpt',
  tags: 'Tags',
  category: 'Category',
  sub_category: 'Sub-category',
  featured_image: 'Featured image',
  cover: 'Cover image',
  project_status: 'Project status',
  url: 'Address',
  repository: 'Repository',
};

/** A draft the editor keeps in this browser until it is saved: nothing typed is lost. */
export const storedWritingDraftSchema = z.object({
  path: z.string(),
  /** The file's version the draft was written on. */
  version: z.string(),
  frontMatter: frontMatterValuesSchema,
  body: z.string(),
  savedAt: z.number(),
});
export type StoredWritingDraft = z.output<typeof storedWritingDraftSchema>;

/** Where a file's unsaved draft is kept in local storage. */
export function writingDraftKey(path: string): string {
  return `writing_draft:${path}`;
}
