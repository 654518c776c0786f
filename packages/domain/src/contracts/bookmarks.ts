/** The bookmarks module's contracts: a member's saved posts. */
import { z } from 'zod';
import { idParam, okSchema } from './member-fields.js';

export const postIdParamsSchema = z.object({ postId: idParam });

export const bookmarkSchema = z.object({
  postId: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  date: z.string(),
  bookmarkedAt: z.string(),
});
export type Bookmark = z.output<typeof bookmarkSchema>;

export const bookmarkListResponseSchema = okSchema.extend({ bookmarks: z.array(bookmarkSchema) });
export const bookmarkStatusResponseSchema = okSchema.extend({ bookmarked: z.boolean() });
