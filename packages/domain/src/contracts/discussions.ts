/** The discussions module's contracts: threads, comments and replies, reports, and counts. */
import { z } from 'zod';
import { ROLE_LEVELS } from '../roles.js';
import { REMOTE_REPLY_SOURCES, remoteAuthorSchema } from './fediverse.js';
import { idParam, okSchema, personSchema, plainText, reasonSchema } from './member-fields.js';

export const COMMENT_MAX_LENGTH = 2000;
export const THREAD_TITLE_MAX_LENGTH = 120;
/** Comments (and new threads) per member: a burst limit and an hourly one. */
export const COMMENT_RATE_LIMITS = {
  perMinute: { max: 5, windowMs: 60_000 },
  perHour: { max: 30, windowMs: 60 * 60_000 },
} as const;

export const COMMENT_STATUSES = ['visible', 'hidden', 'deleted'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

export const threadIdParamsSchema = z.object({ threadId: idParam });
export const commentIdParamsSchema = z.object({ commentId: idParam });

export const commentBodySchema = plainText({
  max: COMMENT_MAX_LENGTH,
  required: 'COMMENT_REQUIRED',
  tooLong: 'COMMENT_TOO_LONG',
  multiline: true,
});

/** POST /api/discussions: a general thread with its opening comment. */
export const threadCreateSchema = z.object({
  title: plainText({
    max: THREAD_TITLE_MAX_LENGTH,
    required: 'THREAD_TITLE_REQUIRED',
    tooLong: 'THREAD_TITLE_TOO_LONG',
  }),
  body: commentBodySchema,
});
export type ThreadCreate = z.input<typeof threadCreateSchema>;

/**
 * POST .../comments: a comment, or a reply to a top-level comment of the same thread, or an answer
 * to a remote reply under the same post (`answersReplyId`, decision 0033).
 */
export const commentCreateSchema = z.object({
  body: commentBodySchema,
  parentId: idParam.nullish(),
  answersReplyId: idParam.nullish(),
});
export type CommentCreate = z.input<typeof commentCreateSchema>;

export const commentEditSchema = z.object({ body: commentBodySchema });
export const reportCreateSchema = z.object({ reason: reasonSchema.optional() });

export const commentAuthorSchema = personSchema.extend({ level: z.enum(ROLE_LEVELS) });

const commentFields = {
  id: z.number(),
  threadId: z.number(),
  parentId: z.number().nullable(),
  /** null once the comment is hidden (for everyone but moderators and its author) or deleted. */
  author: commentAuthorSchema.nullable(),
  body: z.string().nullable(),
  status: z.enum(COMMENT_STATUSES),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  mine: z.boolean(),
  reportedByMe: z.boolean(),
  /**
   * Set on a reply written on another server (decision 0033): its `id` is the remote reply's and
   * `author` is null; who wrote it and where the original is are here. Members' comments omit it.
   */
  remote: z
    .object({
      source: z.enum(REMOTE_REPLY_SOURCES),
      author: remoteAuthorSchema,
      url: z.string(),
    })
    .optional(),
};
export const commentSchema = z.object(commentFields);
export type Comment = z.output<typeof commentSchema>;
export const commentWithRepliesSchema = z.object({
  ...commentFields,
  replies: z.array(commentSchema),
});
export type CommentWithReplies = z.output<typeof commentWithRepliesSchema>;

export const threadSummarySchema = z.object({
  /** null for a post nobody has commented on yet. */
  id: z.number().nullable(),
  kind: z.enum(['post', 'general']),
  title: z.string(),
  /** What the thread is under: a post, a journal entry or a poem. */
  post: z
    .object({
      id: z.string(),
      kind: z.enum(['post', 'journal', 'poem']),
      slug: z.string(),
      title: z.string(),
    })
    .nullable(),
  author: personSchema.nullable(),
  createdAt: z.string().nullable(),
  lastActivityAt: z.string().nullable(),
  commentCount: z.number(),
});
export type ThreadSummary = z.output<typeof threadSummarySchema>;

export const threadListResponseSchema = okSchema.extend({ threads: z.array(threadSummarySchema) });
/**
 * GET /api/posts/:slug/comments (and /api/journal/:slug/comments, /api/poetry/:slug/comments):
 * what any visitor sees under a post, journal entry or poem, the same for everyone so
 * the page can be cached: its visible comments with their replies, how many, and whether new
 * ones are taken. A signed-in member's own view (hidden comments for staff, their reports) is
 * postThreadGet's.
 */
export const postConversationResponseSchema = okSchema.extend({
  /** Visible comments and replies. */
  count: z.number(),
  commentsOpen: z.boolean(),
  comments: z.array(commentWithRepliesSchema),
});
export type PostConversation = z.output<typeof postConversationResponseSchema>;

/**
 * GET /api/comment-counts: visible comments per item, keyed by the item's path (/posts/slug,
 * /journal/slug, /poetry/slug); an item without any is left out.
 */
export const commentCountsResponseSchema = okSchema.extend({
  counts: z.record(z.string(), z.number()),
});
export type CommentCounts = z.output<typeof commentCountsResponseSchema>['counts'];

export const threadResponseSchema = okSchema.extend({
  thread: threadSummarySchema,
  comments: z.array(commentWithRepliesSchema),
  commentsOpen: z.boolean(),
});
export type ThreadResponse = z.output<typeof threadResponseSchema>;
export const commentResponseSchema = okSchema.extend({ comment: commentSchema });
