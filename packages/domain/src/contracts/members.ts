/**
 * The members module's contracts: a member's own profile, account, dashboard and notification
 * settings. The rest of the community has a contract file per API module (bookmarks, discussions,
 * events, directory, moderation, admin, subscribers, settings).
 */
import { z } from 'zod';
import { ROLE_LEVELS } from '../roles.js';
import { nameSchema } from '../validation.js';
import { bookmarkSchema } from './bookmarks.js';
import { memberEventSchema } from './events.js';
import { coded, okSchema, optionalText, optionalWebUrl } from './member-fields.js';

export const BIO_MAX_LENGTH = 280;

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

/** GET and PUT /api/members/notifications: which emails a member gets about the community. */
export const notificationSettingsSchema = z.object({
  /** One email when someone replies to their comment (at most one per thread an hour). */
  replies: z.boolean(),
});
export type NotificationSettings = z.output<typeof notificationSettingsSchema>;
export const notificationSettingsResponseSchema = okSchema.extend({
  notifications: notificationSettingsSchema,
});
