import {
  bookSchema,
  categorySchema,
  journalEntrySchema,
  linksPageSchema,
  nowArchiveSummarySchema,
  nowPageSchema,
  pageSchema,
  poemSchema,
  postSchema,
  projectSchema,
} from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import { sampleBook, samplePost } from '../testing/fake-content-api';
import {
  isBook,
  isCategory,
  isJournalEntry,
  isLinksPage,
  isNowArchiveSummary,
  isNowPage,
  isPage,
  isPoem,
  isPost,
  isProject,
  listOf,
  schemaOf,
} from './content-guards';

const rendered = {
  id: '7',
  slug: 'entry',
  title: 'An entry',
  date: '2026-03-08T00:00:00.000Z',
  updated_at: null,
  excerpt_short: 'Short.',
  excerpt_medium: 'Medium.',
  excerpt_long: 'Long.',
  content: '<p>Text.</p>',
  reading_minutes: 1,
  tags: ['a'],
};

/** Each guard beside the domain's zod schema for the same answer, and a sample of it. */
const cases = [
  { name: 'post', guard: isPost, schema: postSchema, sample: samplePost() },
  {
    name: 'journal entry',
    guard: isJournalEntry,
    schema: journalEntrySchema,
    sample: { ...rendered, mood: null, location: 'Bristol' },
  },
  { name: 'poem', guard: isPoem, schema: poemSchema, sample: { ...rendered, form: 'free verse' } },
  {
    name: 'book',
    guard: isBook,
    schema: bookSchema,
    sample: sampleBook({ rating: 4, quotes: [{ text: 'q', page: null }] }),
  },
  {
    name: 'project',
    guard: isProject,
    schema: projectSchema,
    sample: {
      ...rendered,
      summary: 'A tool.',
      status: 'active',
      url: null,
      repository: 'https://example.com/r',
      stack: ['node'],
      featured_image_url: null,
    },
  },
  {
    name: 'now page',
    guard: isNowPage,
    schema: nowPageSchema,
    sample: { ...rendered, location: null, is_current: true },
  },
  {
    name: 'now archive',
    guard: isNowArchiveSummary,
    schema: nowArchiveSummarySchema,
    sample: { slug: '2026-07-01', title: 'Now', date: rendered.date, excerpt_short: '' },
  },
  {
    name: 'category',
    guard: isCategory,
    schema: categorySchema,
    sample: {
      slug: 'build',
      name: 'Build',
      count: 2,
      sub_categories: [{ slug: 'tools', name: 'Tools', count: 1 }],
    },
  },
  {
    name: 'page',
    guard: isPage,
    schema: pageSchema,
    sample: {
      slug: 'start',
      title: 'Start',
      description: null,
      content: '<p>Hi</p>',
      updated_at: null,
    },
  },
  {
    name: 'links page',
    guard: isLinksPage,
    schema: linksPageSchema,
    sample: {
      title: 'Rowan',
      content: '<p>Hi</p>',
      links: [{ name: 'GitHub', url: 'https://github.com/x', icon: 'github', description: null }],
    },
  },
] as const;

describe('content guards', () => {
  it.each(cases)('accept a $name the domain schema accepts', ({ guard, schema, sample }) => {
    expect(schema.safeParse(sample).success).toBe(true);
    expect((guard as (value: unknown) => boolean)(sample)).toBe(true);
  });

  it.each(cases)('reject a $name without its title or name', ({ guard, schema, sample }) => {
    const broken: Record<string, unknown> = { ...sample };
    delete broken.title;
    delete broken.name;
    expect(schema.safeParse(broken).success).toBe(false);
    expect((guard as (value: unknown) => boolean)(broken)).toBe(false);
  });

  it('reject what is not an object', () => {
    for (const { guard } of cases) {
      for (const value of [null, undefined, 'text', 3, []]) {
        expect((guard as (value: unknown) => boolean)(value)).toBe(false);
      }
    }
  });

  it('check every item of a list, and work as a response schema', () => {
    const posts = schemaOf(listOf(isPost));
    expect(posts.safeParse([samplePost(), samplePost()]).success).toBe(true);
    expect(posts.safeParse([samplePost(), { title: 'broken' }]).success).toBe(false);
    expect(posts.safeParse({ posts: [] }).success).toBe(false);
  });
});
