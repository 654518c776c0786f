/** The moderation module's contracts: warnings, bans, the report queue and the log. */
import { z } from 'zod';
import { ROLE_LEVELS } from '../roles.js';
import { commentAuthorSchema, commentSchema } from './discussions.js';
import {
  coded,
  idParam,
  okSchema,
  page,
  pageQuerySchema,
  personSchema,
  reasonSchema,
  requiredReasonSchema,
} from './member-fields.js';
import { warningSchema } from './members.js';

/** Temporary bans: from one hour to a year. */
export const BAN_MIN_HOURS = 1;
export const BAN_MAX_HOURS = 365 * 24;
/** The ban lengths the moderation screens offer (hours). */
export const BAN_DURATION_PRESETS_HOURS = [24, 72, 168, 720] as const;

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
  'remote_reply.approve',
  'remote_reply.reject',
  'fediverse.block',
  'fediverse.unblock',
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
