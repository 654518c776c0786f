/**
 * The members area, community, moderation and the owner's console (issue 7): the request
 * schemas the API validates every write with, the response shapes, and the few rules both sides
 * share (comment text, safe links, CSV cells, site settings). Their endpoints, with each one's
 * permission, are in the catalogue (endpoints.ts and endpoint-schemas.ts).
 */
import { z } from 'zod';
import { MESSAGES, type MessageCode } from '../messages.js';
import { SOCIAL_NETWORK_LABELS, SOCIAL_NETWORKS, type SocialNetwork } from '../navigation.js';
import { ROLE_LEVELS } from '../roles.js';
import { NEWSLETTER_SECTIONS } from '../constants.js';
import { isSafeWebUrl } from '../comment-text.js';
import { nameSchema } from '../validation.js';
import type { SocialProfile } from './content.js';

// The WHATWG URL parser exists in every runtime this package runs in (browsers, Node); the
// domain compiles without DOM or Node types, so it is declared here.
declare const URL: new (input: string) => {
  protocol: string;
  username: string;
  password: string;
  href: string;
};

// ---------------------------------------------------------------------------------------------
// Limits

export const BIO_MAX_LENGTH = 280;
export const WEBSITE_MAX_LENGTH = 200;
export const COMMENT_MAX_LENGTH = 2000;
export const THREAD_TITLE_MAX_LENGTH = 120;
export const REASON_MAX_LENGTH = 500;
export const EVENT_TITLE_MAX_LENGTH = 140;
export const EVENT_DESCRIPTION_MAX_LENGTH = 4000;
export const EVENT_LOCATION_MAX_LENGTH = 200;
export const ANNOUNCEMENT_MAX_LENGTH = 280;
export const CSV_IMPORT_MAX_ROWS = 5000;
/** Temporary bans: from one hour to a year. */
export const BAN_MIN_HOURS = 1;
export const BAN_MAX_HOURS = 365 * 24;
/** The ban lengths the moderation screens offer (hours). */
export const BAN_DURATION_PRESETS_HOURS = [24, 72, 168, 720] as const;
/** Comments (and new threads) per member: a burst limit and an hourly one. */
export const COMMENT_RATE_LIMITS = {
  perMinute: { max: 5, windowMs: 60_000 },
  perHour: { max: 30, windowMs: 60 * 60_000 },
} as const;
export const ADMIN_PAGE_SIZE = 25;

// ---------------------------------------------------------------------------------------------
// Shared field rules

const CONTROL_EXCEPT_NEWLINE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g;

type Ctx = { addIssue: (issue: z.core.$ZodRawIssue) => void };
function coded(ctx: Ctx, code: MessageCode, input: unknown): void {
  ctx.addIssue({ code: 'custom', message: MESSAGES[code], params: { code }, input });
}
const chars = (value: string) => Array.from(value).length;

/**
 * Plain text a member writes: line breaks normalised, control and direction-override characters
 * removed, runs of blank lines collapsed, trimmed. HTML stays text; the web never renders it as
 * markup.
 */
export function normalizePlainText(raw: string): string {
  return raw
    .replace(/\r\n?/g, '\n')
    .replace(CONTROL_EXCEPT_NEWLINE, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** A required plain-text field with a maximum length, normalised first. */
function plainText(options: {
  max: number;
  required: MessageCode;
  tooLong: MessageCode;
  multiline?: boolean;
}) {
  return z
    .custom<string>()
    .superRefine((value: unknown, ctx) => {
      if (typeof value !== 'string') return coded(ctx, options.required, value);
      const text = options.multiline
        ? normalizePlainText(value)
        : normalizePlainText(value).replace(/\s+/g, ' ');
      if (text === '') coded(ctx, options.required, value);
      else if (chars(text) > options.max) coded(ctx, options.tooLong, value);
    })
    .transform((value) =>
      options.multiline
        ? normalizePlainText(value)
        : normalizePlainText(value).replace(/\s+/g, ' '),
    );
}

/** An optional single-line text: blank becomes null. */
function optionalText(max: number, tooLong: MessageCode) {
  return z
    .custom<string | null | undefined>()
    .superRefine((value: unknown, ctx) => {
      if (value === undefined || value === null) return;
      if (typeof value !== 'string') return coded(ctx, 'INVALID_REQUEST', value);
      if (chars(normalizePlainText(value)) > max) coded(ctx, tooLong, value);
    })
    .transform((value) => {
      const text = typeof value === 'string' ? normalizePlainText(value).replace(/\s+/g, ' ') : '';
      return text === '' ? null : text;
    });
}

const optionalWebUrl = z
  .custom<string | null | undefined>()
  .superRefine((value: unknown, ctx) => {
    if (value === undefined || value === null) return;
    if (typeof value !== 'string') return coded(ctx, 'WEBSITE_INVALID', value);
    const trimmed = value.trim();
    if (trimmed === '') return;
    if (trimmed.length > WEBSITE_MAX_LENGTH || !isSafeWebUrl(trimmed)) {
      coded(ctx, 'WEBSITE_INVALID', value);
    }
  })
  .transform((value) => {
    const trimmed = typeof value === 'string' ? value.trim() : '';
    return trimmed === '' ? null : new URL(trimmed).href;
  });

const reasonSchema = optionalText(REASON_MAX_LENGTH, 'REASON_TOO_LONG');
const requiredReasonSchema = plainText({
  max: REASON_MAX_LENGTH,
  required: 'REASON_REQUIRED',
  tooLong: 'REASON_TOO_LONG',
});

/** Positive integer ids in paths (`:postId`, `:commentId`, ...). */
const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---------------------------------------------------------------------------------------------
// CSV cells

/**
 * What a spreadsheet may read as the start of a formula: = + - @, their full-width forms (a
 * Japanese or Chinese keyboard's; Excel takes ＝ for =), ; and | (LibreOffice's and DDE's), tab,
 * CR and LF.
 */
const FORMULA_START = /^[=+\-@;|\uFF1D\uFF0B\uFF0D\uFF20\t\r\n]/;

/** Whether a spreadsheet could run `text` as a formula; the CSV reader undoes the guard by it. */
export const startsLikeFormula = (text: string) => FORMULA_START.test(text);

/**
 * One CSV cell: a value a spreadsheet would run as a formula (see FORMULA_START) gets a leading
 * apostrophe, then the cell is quoted when it holds a comma, quote or line break.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (startsLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: ReadonlyArray<string | number | boolean | null | undefined>) {
  return values.map(csvCell).join(',');
}

// ---------------------------------------------------------------------------------------------
// Common response pieces

export const personSchema = z.object({
  id: z.number(),
  /** null for a deleted account or one without a name. */
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type Person = z.output<typeof personSchema>;

const okSchema = z.object({ success: z.literal(true) });

function page<T extends z.ZodType>(item: T) {
  return okSchema.extend({
    items: z.array(item),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
  });
}

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});

// ---------------------------------------------------------------------------------------------
// Profile, export, account

/** PUT /api/members/profile. Unknown keys (role, email, id, ...) are stripped: a member can only
 * change these four fields of their own profile. */
export const profileUpdateSchema = z
  .object({
    name: nameSchema,
    bio: optionalText(BIO_MAX_LENGTH, 'BIO_TOO_LONG').optional(),
    website: optionalWebUrl.optional(),
    showInDirectory: z.boolean().optional(),
  })
  .strip();
export type ProfileUpdate = z.input<typeof profileUpdateSchema>;

export const memberProfileSchema = z.object({
  name: z.string().nullable(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  bio: z.string(),
  website: z.string().nullable(),
  showInDirectory: z.boolean(),
  role: z.string(),
  level: z.enum(ROLE_LEVELS),
  memberSince: z.string(),
});
export type MemberProfile = z.output<typeof memberProfileSchema>;

export const profileResponseSchema = okSchema.extend({ profile: memberProfileSchema });

/** DELETE /api/members/account: confirmDelete must be literally true. */
export const accountDeleteSchema = z.object({
  confirmDelete: z.custom<true>().superRefine((value: unknown, ctx) => {
    if (value !== true) coded(ctx, 'CONFIRM_DELETE_REQUIRED', value);
  }),
});

// ---------------------------------------------------------------------------------------------
// Bookmarks

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

// ---------------------------------------------------------------------------------------------
// Discussions

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

/** POST .../comments: a comment, or a reply to a top-level comment of the same thread. */
export const commentCreateSchema = z.object({
  body: commentBodySchema,
  parentId: idParam.nullish(),
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

// ---------------------------------------------------------------------------------------------
// Events

export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const eventIdParamsSchema = z.object({ eventId: idParam });

/** Whether the runtime knows this IANA time zone ('Europe/London', 'UTC', ...). */
export function isValidTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)*$/.test(value) || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** 'YYYY-MM-DDTHH:mm' as typed in a datetime-local field: a wall-clock time, no zone. */
export const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

function isLocalDateTime(value: unknown): value is string {
  const match = typeof value === 'string' ? LOCAL_DATE_TIME.exec(value) : null;
  if (!match) return false;
  const [, y, m, d, h, min] = match.map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d, h, min));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === m - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    min < 60
  );
}

const localDateTime = z.custom<string>().superRefine((value: unknown, ctx) => {
  if (!isLocalDateTime(value)) coded(ctx, 'EVENT_TIME_INVALID', value);
});

/** POST /api/admin/events and PUT /api/admin/events/:eventId. Times are wall-clock times in
 * `timeZone`; the server stores the instants. */
export const eventInputSchema = z
  .object({
    title: plainText({
      max: EVENT_TITLE_MAX_LENGTH,
      required: 'EVENT_TITLE_REQUIRED',
      tooLong: 'EVENT_TEXT_TOO_LONG',
    }),
    description: optionalText(EVENT_DESCRIPTION_MAX_LENGTH, 'EVENT_TEXT_TOO_LONG')
      .optional()
      .transform((value) => value ?? ''),
    startsAt: localDateTime,
    endsAt: localDateTime.nullish(),
    timeZone: z.custom<string>().superRefine((value: unknown, ctx) => {
      if (typeof value !== 'string' || !isValidTimeZone(value)) {
        coded(ctx, 'TIME_ZONE_INVALID', value);
      }
    }),
    location: optionalText(EVENT_LOCATION_MAX_LENGTH, 'EVENT_TEXT_TOO_LONG').optional(),
    url: optionalWebUrl.optional(),
    status: z.enum(EVENT_STATUSES).default('published'),
  })
  .superRefine((value, ctx) => {
    if (value.endsAt && value.endsAt < value.startsAt) {
      coded(ctx, 'EVENT_END_BEFORE_START', value.endsAt);
    }
  });
export type EventInput = z.input<typeof eventInputSchema>;

export const memberEventSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  /** Instants (ISO, UTC); show them in `timeZone`. */
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  timeZone: z.string(),
  location: z.string().nullable(),
  url: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  goingCount: z.number(),
  going: z.boolean(),
});
export type MemberEvent = z.output<typeof memberEventSchema>;

export const eventListResponseSchema = okSchema.extend({ events: z.array(memberEventSchema) });
export const eventResponseSchema = okSchema.extend({ event: memberEventSchema });

// ---------------------------------------------------------------------------------------------
// Directory and dashboard

export const directoryQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

export const directoryEntrySchema = personSchema.extend({
  bio: z.string(),
  memberSince: z.string(),
});
export type DirectoryEntry = z.output<typeof directoryEntrySchema>;
export const directoryResponseSchema = okSchema.extend({
  open: z.boolean(),
  members: z.array(directoryEntrySchema),
});

export const postSummarySchema = z.object({
  id: z.string(),
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  date: z.string(),
});
export type PostSummary = z.output<typeof postSummarySchema>;

export const warningSchema = z.object({ reason: z.string(), createdAt: z.string() });

export const dashboardResponseSchema = okSchema.extend({
  announcement: z.string(),
  bookmarks: z.array(bookmarkSchema),
  posts: z.array(postSummarySchema),
  events: z.array(memberEventSchema),
  warnings: z.array(warningSchema),
  profileComplete: z.boolean(),
});
export type DashboardResponse = z.output<typeof dashboardResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Moderation

export const userIdParamsSchema = z.object({ userId: idParam });

export const moderationActionSchema = z.object({ reason: reasonSchema.optional() });
export const warnSchema = z.object({ reason: requiredReasonSchema });
export const tempBanSchema = z.object({
  hours: z.custom<number>().superRefine((value: unknown, ctx) => {
    if (
      typeof value !== 'number' ||
      !Number.isInteger(value) ||
      value < BAN_MIN_HOURS ||
      value > BAN_MAX_HOURS
    ) {
      coded(ctx, 'BAN_DURATION_INVALID', value);
    }
  }),
  reason: requiredReasonSchema,
});
export const permanentBanSchema = z.object({ reason: requiredReasonSchema });

export const reportSchema = z.object({
  id: z.number(),
  reason: z.string().nullable(),
  reporter: personSchema.nullable(),
  createdAt: z.string(),
});

export const queueItemSchema = z.object({
  comment: commentSchema.extend({ author: commentAuthorSchema.nullable() }),
  /** itemPath: the page the thread is under; null for a general thread. */
  thread: z.object({ id: z.number(), title: z.string(), itemPath: z.string().nullable() }),
  reports: z.array(reportSchema),
});
export type QueueItem = z.output<typeof queueItemSchema>;
export const moderationQueueResponseSchema = okSchema.extend({ items: z.array(queueItemSchema) });

export const banStateSchema = z.object({
  since: z.string(),
  /** null: permanent. */
  until: z.string().nullable(),
  reason: z.string().nullable(),
});
export type BanState = z.output<typeof banStateSchema>;

export const moderationUserResponseSchema = okSchema.extend({
  user: personSchema.extend({
    level: z.enum(ROLE_LEVELS),
    memberSince: z.string(),
    ban: banStateSchema.nullable(),
    warnings: z.array(warningSchema),
    commentCount: z.number(),
  }),
});

export const MODERATION_ACTIONS = [
  'comment.hide',
  'comment.unhide',
  'comment.delete',
  'reports.dismiss',
  'user.warn',
  'user.ban',
  'user.unban',
  'user.role',
  'user.delete',
  'subscribers.export',
  'subscribers.import',
  'site.import',
  'site.export',
  'settings.update',
  'site.update',
  'content.sync',
  'content.create',
  'content.save',
  'content.remove',
  'content.restore',
  'event.create',
  'event.update',
  'event.delete',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export const moderationLogQuerySchema = pageQuerySchema.extend({
  action: z.enum(MODERATION_ACTIONS).optional(),
});

export const logEntrySchema = z.object({
  id: z.number(),
  action: z.enum(MODERATION_ACTIONS),
  actor: personSchema.nullable(),
  targetUser: personSchema.nullable(),
  /** What was done, in words ("Hid a comment on “Small tools”"). */
  summary: z.string(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type LogEntry = z.output<typeof logEntrySchema>;
export const moderationLogResponseSchema = page(logEntrySchema);

// ---------------------------------------------------------------------------------------------
// Admin: users, subscribers, analytics, settings

export const ASSIGNABLE_ROLES = ['subscriber', 'member', 'moderator', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const roleAssignSchema = z.object({
  role: z.custom<AssignableRole>().superRefine((value: unknown, ctx) => {
    if (!(ASSIGNABLE_ROLES as readonly unknown[]).includes(value)) {
      coded(ctx, 'ROLE_INVALID', value);
    }
  }),
});

export const adminUsersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).default(''),
});

export const adminUserSchema = personSchema.extend({
  email: z.string().nullable(),
  role: z.string(),
  level: z.enum(ROLE_LEVELS),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  providers: z.array(z.string()),
  ban: banStateSchema.nullable(),
});
export type AdminUser = z.output<typeof adminUserSchema>;
export const adminUsersResponseSchema = page(adminUserSchema);
export const adminUserResponseSchema = okSchema.extend({ user: adminUserSchema });

/** Subscriber filters: the three stored statuses plus bounced (a relay refused the address). */
export const SUBSCRIBER_FILTERS = ['pending', 'active', 'unsubscribed', 'bounced'] as const;
export type SubscriberFilter = (typeof SUBSCRIBER_FILTERS)[number];

export const subscribersQuerySchema = pageQuerySchema.extend({
  status: z.enum(SUBSCRIBER_FILTERS).optional(),
  q: z.string().trim().max(200).default(''),
});
export const subscribersExportQuerySchema = z.object({
  status: z.enum(SUBSCRIBER_FILTERS).optional(),
});

export const adminSubscriberSchema = z.object({
  id: z.number(),
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(SUBSCRIBER_FILTERS),
  verified: z.boolean(),
  subscribedAt: z.string(),
  verifiedAt: z.string().nullable(),
  unsubscribedAt: z.string().nullable(),
  bouncedAt: z.string().nullable(),
  /** Why: the relay's reason (a webhook) or the SMTP reply, prefixed with where it came from. */
  bounceReason: z.string().nullable().default(null),
});
export type AdminSubscriber = z.output<typeof adminSubscriberSchema>;
export const adminSubscribersResponseSchema = page(adminSubscriberSchema).extend({
  counts: z.record(z.enum(SUBSCRIBER_FILTERS), z.number()),
});

export const subscriberIdParamsSchema = z.object({ subscriberId: idParam });

/** One entry of a subscriber's consent history: what they agreed to or withdrew, where, when. */
export const subscriberConsentSchema = z.object({
  action: z.enum(['subscribe', 'confirm', 'withdraw']),
  /** Where it happened: a form's name, `one-click`, `manage`, a relay's complaint, `console`. */
  source: z.string(),
  /** The words the subscriber saw, or what was done for them. */
  consentText: z.string(),
  recordedAt: z.string(),
  /** Whether a (keyed hash of the) network address was kept as evidence; never the address. */
  addressKept: z.boolean(),
});
export type SubscriberConsent = z.output<typeof subscriberConsentSchema>;

/**
 * GET /api/admin/subscribers/:subscriberId and POST …/unsubscribe: one subscriber as the owner
 * opens them: the row, the sections they receive, the page they subscribed from, and every
 * consent event, oldest first.
 */
export const adminSubscriberDetailResponseSchema = okSchema.extend({
  subscriber: adminSubscriberSchema.extend({
    preferences: z.record(z.enum(NEWSLETTER_SECTIONS), z.boolean()),
    startPath: z.string().nullable(),
    wantsAccount: z.boolean(),
  }),
  consents: z.array(subscriberConsentSchema),
});
export type AdminSubscriberDetail = z.output<typeof adminSubscriberDetailResponseSchema>;

/** The CSV export's columns, in order. */
export const SUBSCRIBER_CSV_COLUMNS = [
  'email',
  'name',
  'status',
  'verified',
  'subscribed_at',
  'verified_at',
  'unsubscribed_at',
  'bounced_at',
] as const;

/** POST /api/admin/subscribers/import: the file's text. Columns: email (required), name,
 * consent ('yes', 'true' or '1' when the person consented elsewhere) and source. */
export const subscriberImportSchema = z.object({
  csv: z.string().min(1).max(1_000_000),
});
export const importResultSchema = okSchema.extend({
  /** Imported as active: the file says they consented. */
  imported: z.number(),
  /** Imported as pending: a confirmation email is on its way. */
  confirmationsQueued: z.number(),
  /** Already on the list (any status): left exactly as they were. */
  skippedExisting: z.number(),
  invalid: z.array(z.object({ line: z.number(), code: z.string(), message: z.string() })),
});
export type ImportResult = z.output<typeof importResultSchema>;

export const analyticsResponseSchema = okSchema.extend({
  months: z.array(z.object({ month: z.string(), subscribers: z.number(), members: z.number() })),
  signupsBySource: z.array(z.object({ source: z.string(), count: z.number() })),
  membersByMethod: z.array(z.object({ method: z.string(), count: z.number() })),
  confirmation: z.object({
    requested: z.number(),
    confirmed: z.number(),
    rate: z.number().nullable(),
  }),
  totals: z.object({ subscribers: z.number(), activeSubscribers: z.number(), members: z.number() }),
});
export type AnalyticsResponse = z.output<typeof analyticsResponseSchema>;

/** The owner's profile address on each network; '' where there is none (not shown). */
export type SocialProfileUrls = Record<SocialNetwork, string>;

/** The addresses by network of a list of profiles ('' for a network it lacks). */
export function socialProfileUrlsOf(
  profiles: ReadonlyArray<{ network: SocialNetwork; url: string }>,
): SocialProfileUrls {
  const urls = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, '']),
  ) as SocialProfileUrls;
  for (const { network, url } of profiles) urls[network] ||= url;
  return urls;
}

/** The profiles shown for addresses by network: those with one, in the drawer's order. */
export function socialProfilesOf(urls: SocialProfileUrls): SocialProfile[] {
  return SOCIAL_NETWORKS.filter((network) => urls[network]).map((network) => ({
    network,
    label: SOCIAL_NETWORK_LABELS[network],
    url: urls[network],
  }));
}

/** Site settings kept in the database (site_settings), changed from the console at run time. */
export const siteSettingsSchema = z.object({
  /** New comments and threads are accepted. */
  commentsOpen: z.boolean(),
  /** The member directory is shown. */
  directoryOpen: z.boolean(),
  /** A short note on every member's dashboard; '' for none. */
  announcement: z.string(),
  /** The owner gets a daily email of new comments and reports (none on a quiet day). */
  ownerDigest: z.boolean(),
  /**
   * Links in newsletter issues go through the site's counting redirect (/r/...), which counts
   * clicks per link and day, never who clicked. Issues already sent keep their links working.
   */
  newsletterClickCounting: z.boolean(),
});
export type SiteSettings = z.output<typeof siteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  commentsOpen: true,
  directoryOpen: true,
  announcement: '',
  ownerDigest: true,
  newsletterClickCounting: true,
};

function settingsIssue(ctx: Ctx, value: unknown) {
  coded(ctx, 'SETTINGS_INVALID', value);
}

/** PUT /api/admin/settings: any subset of the settings. */
export const siteSettingsUpdateSchema = z
  .object({
    commentsOpen: z.boolean().optional(),
    directoryOpen: z.boolean().optional(),
    ownerDigest: z.boolean().optional(),
    newsletterClickCounting: z.boolean().optional(),
    announcement: z
      .custom<string>()
      .superRefine((value: unknown, ctx) => {
        if (typeof value !== 'string' || chars(value.trim()) > ANNOUNCEMENT_MAX_LENGTH) {
          settingsIssue(ctx, value);
        }
      })
      .transform((value) => normalizePlainText(value).replace(/\s+/g, ' '))
      .optional(),
  })
  .strict();
export const siteSettingsResponseSchema = okSchema.extend({ settings: siteSettingsSchema });

/** POST /api/admin/content/sync: what reading CONTENT_DIR now changed, and what it skipped. */
export const contentSyncResponseSchema = okSchema.extend({
  added: z.array(z.string()),
  updated: z.array(z.string()),
  removed: z.array(z.string()),
  unchanged: z.number().int(),
  errors: z.array(z.object({ file: z.string(), line: z.number().int(), message: z.string() })),
});
export type ContentSyncReport = z.output<typeof contentSyncResponseSchema>;

export const adminEventListResponseSchema = eventListResponseSchema;

/** GET and PUT /api/members/notifications: which emails a member gets about the community. */
export const notificationSettingsSchema = z.object({
  /** One email when someone replies to their comment (at most one per thread an hour). */
  replies: z.boolean(),
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
export const notificationSettingsResponseSchema = okSchema.extend({
  notifications: notificationSettingsSchema,
});
