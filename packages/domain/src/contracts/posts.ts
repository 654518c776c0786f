/** Post calls of spec section 7 and the Post entity of section 3. */
import { z } from 'zod';

/** A picture as the site serves it (images.ts): the hash of its source, its size, its fallback. */
export const imageVariantsSchema = z.object({
  hash: z.string().regex(/^[0-9a-f]{16,64}$/),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  fallback: z.enum(['jpg', 'png']),
});

export const postSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z.string(),
  slug: z.string(),
  excerpt_short: z.string(),
  excerpt_medium: z.string(),
  excerpt_long: z.string(),
  content: z.string(),
  featured_image_url: z.string().nullable(),
  /** Ours: the featured image's variants, when the site serves it as a photo; else null. */
  featured_image_variants: imageVariantsSchema.nullable().default(null),
  date: z.string(),
  category: z.string(),
  sub_category: z.string().default(''),
  keywords: z.string().default(''),
  tags: z.array(z.string()).default([]),
  author_id: z.union([z.string(), z.number()]).transform(String),
  author_name: z.string(),
  author_avatar: z.string().nullable(),
  /** The author's bio from authors.yml, shown under the post. */
  author_bio: z.string().nullable().default(null),
  status: z.string().transform((status) => status.toLowerCase()),
  /** Ours: minutes at 230 words a minute, at least 1; optional so older payloads still parse. */
  reading_minutes: z.number().int().positive().optional(),
  /** Ours: when this post went out as a newsletter issue (the send's start); null if it has not. */
  newsletter_sent_at: z.string().nullable().optional(),
  /** Ours: when the post was last edited after publication; null if it never was. */
  updated_at: z.string().nullable().optional(),
});
export type Post = z.output<typeof postSchema>;
export type PostInput = z.input<typeof postSchema>;

/** GET /api/posts?t=&refresh=true[&category=] */
export const postListQuerySchema = z.object({
  category: z.string().trim().min(1).optional(),
  t: z.string().optional(),
  refresh: z.string().optional(),
});

/** Answer of GET /api/posts: the posts, newest first. */
export const postListResponseSchema = z.array(postSchema);

/** Answer of GET /api/posts/{id}: a Post. */
export const postResponseSchema = postSchema;
