/** The subscriptions module's console contracts: the subscriber list, its detail, CSV in and out. */
import { z } from 'zod';
import { NEWSLETTER_SECTIONS } from '../constants.js';
import { idParam, okSchema, page, pageQuerySchema } from './member-fields.js';

export const CSV_IMPORT_MAX_ROWS = 5000;

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
  /** Marked by the file as not subscribed (switched off, unsubscribed, cleaned): left out. */
  notSubscribed: z.array(z.object({ line: z.number(), message: z.string() })).default([]),
});
export type ImportResult = z.output<typeof importResultSchema>;
