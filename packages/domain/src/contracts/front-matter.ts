import { BOOK_STATUSES } from '../constants.js';
import { PROJECT_STATUSES } from './content.js';
import { z } from 'zod';

/** The kinds of content file, named by their top-level folder in CONTENT_DIR. */
export const CONTENT_KINDS = ['post', 'journal', 'poem', 'now', 'book', 'project', 'page'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const KIND_BY_FOLDER: Record<string, ContentKind> = {
  posts: 'post',
  journal: 'journal',
  poetry: 'poem',
  now: 'now',
  books: 'book',
  projects: 'project',
  pages: 'page',
};

const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lower-case letters, digits and single hyphens');

/** YAML 1.2 keeps dates as strings; `2025-03-01` means midnight UTC, a time may follow. */
const instant = z.union([z.string(), z.date()]).transform((value, ctx) => {
  const ms = value instanceof Date ? value.getTime() : Date.parse(value);
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: 'custom', message: 'is not a date (use YYYY-MM-DD or an ISO time)' });
    return z.NEVER;
  }
  return new Date(ms).toISOString();
});

const text = z.string().trim().min(1);
const stringList = z.array(z.string().trim().min(1)).default([]);

/** A path under CONTENT_DIR/images ("images/x.svg" or "/content/images/x.svg") or an https URL. */
const imageRef = z
  .string()
  .trim()
  .refine(
    (value) => /^https:\/\//.test(value) || /^(?:\/content\/|\.?\/?)?images\/[\w./-]+$/.test(value),
    'must be images/<file> inside the content folder or an https:// URL',
  )
  .refine((value) => !value.includes('..'), 'must not contain ..')
  .transform((value) =>
    value.startsWith('https://')
      ? value
      : `/content/${value.replace(/^(?:\/content\/|\.?\/)/, '')}`,
  );

const common = {
  title: text,
  slug: slug.optional(),
  status: z.enum(['published', 'draft']).default('published'),
  updated: instant.optional(),
  excerpt: text.optional(),
  excerpt_short: text.optional(),
  excerpt_medium: text.optional(),
  excerpt_long: text.optional(),
  tags: stringList,
};

export const postFrontMatter = z.strictObject({
  ...common,
  date: instant,
  category: slug,
  sub_category: slug.default(''),
  keywords: z
    .union([z.string(), z.array(z.string())])
    .default('')
    .transform((value) => (Array.isArray(value) ? value.join(', ') : value.trim())),
  featured_image: imageRef.optional(),
  author: slug.optional(),
});

export const journalFrontMatter = z.strictObject({
  ...common,
  date: instant,
  mood: z.string().trim().optional(),
  location: z.string().trim().optional(),
});

export const poemFrontMatter = z.strictObject({
  ...common,
  date: instant,
  form: z.string().trim().optional(),
});

export const nowFrontMatter = z.strictObject({
  ...common,
  title: text.default('Now'),
  date: instant,
  location: z.string().trim().optional(),
});

const quote = z.union([
  z
    .string()
    .trim()
    .min(1)
    .transform((q) => ({ text: q, page: null as number | null })),
  z.strictObject({ text: text, page: z.number().int().positive().nullable().default(null) }),
]);

export const bookFrontMatter = z
  .strictObject({
    ...common,
    date: instant.optional(),
    author: text,
    cover: imageRef.optional(),
    // On a book, status is where it sits on the shelves; books are never drafts.
    status: z.enum(BOOK_STATUSES),
    rating: z.number().int().min(1).max(5).optional(),
    year: z.number().int().optional(),
    started: instant.optional(),
    finished: instant.optional(),
    quotes: z.array(quote).default([]),
  })
  .refine((book) => book.rating === undefined || book.status === 'read', {
    message: 'only a book with status read has a rating',
    path: ['rating'],
  });

export const projectFrontMatter = z.strictObject({
  ...common,
  date: instant,
  summary: text,
  project_status: z.enum(PROJECT_STATUSES).default('active'),
  url: z.url({ protocol: /^https?$/ }).optional(),
  repository: z.url({ protocol: /^https$/ }).optional(),
  stack: stringList,
  featured_image: imageRef.optional(),
});

const link = z.strictObject({
  name: text,
  url: z.url({ protocol: /^(?:https?|mailto)$/ }),
  icon: slug,
  description: z.string().trim().optional(),
});

export const pageFrontMatter = z.strictObject({
  ...common,
  date: instant.optional(),
  description: z.string().trim().optional(),
  links: z.array(link).optional(),
});

export const FRONT_MATTER_BY_KIND = {
  post: postFrontMatter,
  journal: journalFrontMatter,
  poem: poemFrontMatter,
  now: nowFrontMatter,
  book: bookFrontMatter,
  project: projectFrontMatter,
  page: pageFrontMatter,
} as const;

/** content/authors.yml: author id -> name and avatar. The first author is the default. */
export const authorsFile = z.record(
  slug,
  z.strictObject({ name: text, avatar: imageRef.optional(), bio: z.string().optional() }),
);
export type Authors = z.output<typeof authorsFile>;
