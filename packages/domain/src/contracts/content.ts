/**
 * Read endpoints for the owner's Markdown content (issue 5): journal, poetry, books, projects, now,
 * categories, links, pages and search. Lists are bare arrays, newest first; a missing item is a 404
 * with code NOT_FOUND. `content` is sanitized HTML rendered at sync time.
 */
import { z } from 'zod';
import { BOOK_STATUSES } from '../constants.js';
import { MENU_SECTIONS, SOCIAL_NETWORKS } from '../navigation.js';
import { HUB_NAMES } from '../site-copy.js';
import { imageVariantsSchema } from './posts.js';

const isoDate = z.string();

/** Fields every rendered item shares. */
const renderedItem = {
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  date: isoDate,
  updated_at: isoDate.nullable(),
  excerpt_short: z.string(),
  excerpt_medium: z.string(),
  excerpt_long: z.string(),
  content: z.string(),
  reading_minutes: z.number().int().positive(),
  tags: z.array(z.string()),
};

/** GET /api/journal, GET /api/journal/{slug} */
export const journalEntrySchema = z.object({
  ...renderedItem,
  mood: z.string().nullable(),
  location: z.string().nullable(),
});
export type JournalEntry = z.output<typeof journalEntrySchema>;
export const journalListResponseSchema = z.array(journalEntrySchema);

/** GET /api/poetry, GET /api/poetry/{slug}; `content` keeps the poem's line breaks as <br>. */
export const poemSchema = z.object({ ...renderedItem, form: z.string().nullable() });
export type Poem = z.output<typeof poemSchema>;
export const poemListResponseSchema = z.array(poemSchema);

// BOOK_STATUSES and BOOK_LISTS live in constants.ts, free of zod, so the web's reading pages can
// use them without loading these schemas; the index exports them from there.

/** GET /api/books?list=bookshelf|reading-list&status=reading|read|want-to-read */
export const bookListQuerySchema = z.object({
  list: z.enum(['bookshelf', 'reading-list']).optional(),
  status: z.enum(BOOK_STATUSES).optional(),
});

/** GET /api/books, GET /api/books/{slug}; `content` holds the owner's notes. */
export const bookSchema = z.object({
  ...renderedItem,
  author: z.string(),
  cover_url: z.string().nullable(),
  cover_variants: imageVariantsSchema.nullable().default(null),
  status: z.enum(BOOK_STATUSES),
  /** 1 to 5, only on read books. */
  rating: z.number().int().min(1).max(5).nullable(),
  year: z.number().int().nullable(),
  started: isoDate.nullable(),
  finished: isoDate.nullable(),
  quotes: z.array(z.object({ text: z.string(), page: z.number().int().nullable() })),
});
export type Book = z.output<typeof bookSchema>;
export const bookListResponseSchema = z.array(bookSchema);

export const PROJECT_STATUSES = ['active', 'maintained', 'paused', 'archived'] as const;

/** GET /api/projects, GET /api/projects/{slug} */
export const projectSchema = z.object({
  ...renderedItem,
  summary: z.string(),
  status: z.enum(PROJECT_STATUSES),
  url: z.string().nullable(),
  repository: z.string().nullable(),
  stack: z.array(z.string()),
  featured_image_url: z.string().nullable(),
  featured_image_variants: imageVariantsSchema.nullable().default(null),
});
export type Project = z.output<typeof projectSchema>;
export const projectListResponseSchema = z.array(projectSchema);

/** GET /api/now (the current page), GET /api/now/archives/{slug} (an older one). */
export const nowPageSchema = z.object({
  ...renderedItem,
  location: z.string().nullable(),
  is_current: z.boolean(),
});
export type NowPage = z.output<typeof nowPageSchema>;

/** GET /api/now/archives: the older now pages, newest first, without their text. */
export const nowArchiveSummarySchema = z.object({
  slug: z.string(),
  title: z.string(),
  date: isoDate,
  excerpt_short: z.string(),
});
export type NowArchiveSummary = z.output<typeof nowArchiveSummarySchema>;
export const nowArchiveListResponseSchema = z.array(nowArchiveSummarySchema);

/** GET /api/categories: post categories (the build, learn and write hubs) with their sub-categories. */
export const categorySchema = z.object({
  slug: z.string(),
  name: z.string(),
  count: z.number().int().nonnegative(),
  sub_categories: z.array(
    z.object({ slug: z.string(), name: z.string(), count: z.number().int().nonnegative() }),
  ),
});
export type Category = z.output<typeof categorySchema>;
export const categoryListResponseSchema = z.array(categorySchema);

/** GET /api/links: the /links page (rendered alone, without header and footer). */
export const linkSchema = z.object({
  name: z.string(),
  url: z.string(),
  icon: z.string(),
  description: z.string().nullable(),
});
export type Link = z.output<typeof linkSchema>;
export const linksPageSchema = z.object({
  title: z.string(),
  content: z.string(),
  /** The page's entries but the owner's profiles, which come from GET /api/site. */
  links: z.array(linkSchema),
  /** Where in `links` the profiles stand: where the page named its first one, else the end. */
  profilesAt: z.number().int().nonnegative(),
});
export type LinksPage = z.output<typeof linksPageSchema>;

const hubCopySchema = z.object({ eyebrow: z.string(), intro: z.string(), summary: z.string() });

/** One of the owner's profiles elsewhere, as the drawer, /links and the footer show it. */
export const socialProfileSchema = z.object({
  network: z.enum(SOCIAL_NETWORKS),
  label: z.string(),
  url: z.string(),
});
export type SocialProfile = z.output<typeof socialProfileSchema>;

/**
 * GET /api/site: who the site is (content/site.yml, site-identity.ts) as every page's frame,
 * head and structured data show it, and the owner's profiles with an address, in the drawer's
 * order.
 */
export const siteSchema = z.object({
  title: z.string(),
  tagline: z.string(),
  description: z.string(),
  /** A BCP 47 tag: <html lang>, og:locale, dates. */
  language: z.string(),
  /** An IANA zone: the dates shown to readers. */
  timezone: z.string(),
  /** #rrggbb: the palette's seed. */
  accent: z.string(),
  owner: z.object({
    name: z.string(),
    bio: z.string(),
    avatarUrl: z.string().nullable(),
    email: z.string().nullable(),
  }),
  /** The home page's introduction, rendered to HTML. */
  intro: z.string(),
  newsletterName: z.string(),
  socialProfiles: z.array(socialProfileSchema),
  /** What each hub page says about itself. */
  hubs: z.record(z.enum(HUB_NAMES), hubCopySchema),
  /** How the newsletter invites readers. */
  subscribe: z.object({
    title: z.string(),
    text: z.string(),
    afterPostTitle: z.string(),
    afterPostText: z.string(),
    dialog: z.string(),
  }),
  /** Ours: whether pages send their cookieless page-view beacon (ANALYTICS, issue 25). */
  analytics: z.boolean().default(true),
  /**
   * Ours: the site's fediverse account, `@handle@host`, which its Follow box offers; null with
   * FEDERATION=off.
   */
  fediverseAccount: z.string().nullable().default(null),
  /** Ours: which sections hold something to read, so menus and cards link only to those. */
  sections: z.record(z.enum(MENU_SECTIONS), z.boolean()),
});
export type Site = z.output<typeof siteSchema>;

/** GET /api/pages/{slug}: start (alias about), welcome, tos, privacy, contact. */
export const FIXED_PAGE_SLUGS = ['start', 'welcome', 'tos', 'privacy', 'contact'] as const;
export const pageSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  content: z.string(),
  updated_at: isoDate.nullable(),
});
export type Page = z.output<typeof pageSchema>;

/** GET /api/search?q= over posts, journal entries and poems. */
export const searchQuerySchema = z.object({ q: z.string().trim().max(200).default('') });

export const SEARCH_KINDS = ['post', 'journal', 'poem', 'book', 'project', 'page'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

export const searchResultSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  slug: z.string(),
  title: z.string(),
  /** The web route that shows the item (searchResultPath). */
  path: z.string(),
  date: isoDate,
  /** HTML-escaped text with the matched words wrapped in <mark></mark>; no other markup. */
  snippet: z.string(),
});
export type SearchResult = z.output<typeof searchResultSchema>;
export const searchResponseSchema = z.object({
  query: z.string(),
  results: z.array(searchResultSchema),
});
export type SearchResponse = z.output<typeof searchResponseSchema>;
