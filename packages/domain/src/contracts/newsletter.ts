/**
 * Sending the newsletter (issue 8): the owner turns a published post, journal entry or poem into
 * an issue, previews it, sends a test to themself, then sends it (now or later) to every active,
 * verified subscriber whose preferences include its section.
 * Its endpoints are in the catalogue (endpoints.ts).
 */
import { z } from 'zod';
import { MESSAGES, type MessageCode } from '../messages.js';
import { NEWSLETTER_SECTIONS } from './subscriptions.js';

// ---------------------------------------------------------------------------------------------
// Words of the domain

/**
 * draft: created, not sent. scheduled: will start at `scheduledAt`. sending: recipients fixed,
 * delivery running. paused: stopped by too many errors in a row (or by the owner) until resumed.
 * sent: nobody left to deliver to. cancelled: stopped for good; recipients not reached are skipped.
 */
export const NEWSLETTER_ISSUE_STATUSES = [
  'draft',
  'scheduled',
  'sending',
  'paused',
  'sent',
  'cancelled',
] as const;
export type NewsletterIssueStatus = (typeof NEWSLETTER_ISSUE_STATUSES)[number];

/**
 * One row per recipient, fixed when the send starts. queued: waiting (maybe for a retry).
 * sent: the relay accepted it. failed: temporary failures until the attempts ran out. bounced: the
 * relay refused the address (SMTP 5xx), and the subscriber is marked bounced. skipped: not sent on
 * purpose (unsubscribed or bounced since the start, preferences changed, the send was cancelled,
 * or an uncertain batch the owner chose not to resend). uncertain: handed to the relay by a
 * process that died before hearing back; it may or may not have arrived, so it waits for the owner.
 */
export const NEWSLETTER_RECIPIENT_STATUSES = [
  'queued',
  'sent',
  'failed',
  'bounced',
  'skipped',
  'uncertain',
] as const;
export type NewsletterRecipientStatus = (typeof NEWSLETTER_RECIPIENT_STATUSES)[number];

/** What a newsletter issue is made from, and the section it goes to. */
export const NEWSLETTER_SOURCE_KINDS = ['post', 'journal', 'poem'] as const;
export type NewsletterSourceKind = (typeof NEWSLETTER_SOURCE_KINDS)[number];

/** How the owner settles an uncertain batch: send those recipients again, or leave them be. */
export const UNCERTAIN_RESOLUTIONS = ['resend', 'skip'] as const;
export type UncertainResolution = (typeof UNCERTAIN_RESOLUTIONS)[number];

/** The console polls a running send this often. */
export const NEWSLETTER_PROGRESS_POLL_MS = 2_000;

// ---------------------------------------------------------------------------------------------
// Requests

type Ctx = { addIssue: (issue: z.core.$ZodRawIssue) => void };
function coded(ctx: Ctx, code: MessageCode, input: unknown): void {
  ctx.addIssue({ code: 'custom', message: MESSAGES[code], params: { code }, input });
}

export const newsletterIssueParamsSchema = z.object({
  issueId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** POST /api/admin/newsletter/issues: which item to send; the subject defaults to its title. */
export const newsletterIssueCreateSchema = z.object({
  kind: z.enum(NEWSLETTER_SOURCE_KINDS).default('post'),
  slug: z.string().trim().min(1).max(200),
  subject: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value) => (value ? value.replace(/\s+/g, ' ') : undefined)),
});
export type NewsletterIssueCreate = z.input<typeof newsletterIssueCreateSchema>;

/**
 * POST /api/admin/newsletter/issues/:issueId/send: now, or at `scheduledAt` (an ISO instant with
 * its offset, e.g. from `Date.prototype.toISOString`). The server refuses a time in the past.
 */
export const newsletterSendSchema = z.object({
  scheduledAt: z
    .custom<string | null | undefined>()
    .superRefine((value: unknown, ctx) => {
      if (value === undefined || value === null || value === '') return;
      if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}T.*(Z|[+-]\d{2}:\d{2})$/.test(value)) {
        return coded(ctx, 'NEWSLETTER_SCHEDULE_INVALID', value);
      }
      if (Number.isNaN(Date.parse(value))) coded(ctx, 'NEWSLETTER_SCHEDULE_INVALID', value);
    })
    .transform((value) =>
      typeof value === 'string' && value !== '' ? new Date(value).toISOString() : null,
    )
    .optional(),
});
export type NewsletterSendRequest = z.input<typeof newsletterSendSchema>;

export const uncertainResolveSchema = z.object({
  action: z.custom<UncertainResolution>().superRefine((value: unknown, ctx) => {
    if (!(UNCERTAIN_RESOLUTIONS as readonly unknown[]).includes(value)) {
      coded(ctx, 'INVALID_REQUEST', value);
    }
  }),
});

// ---------------------------------------------------------------------------------------------
// Responses

const okSchema = z.object({ success: z.literal(true) });

export const newsletterSectionSchema = z.enum(NEWSLETTER_SECTIONS);

/** Something the owner may send: a published post, journal entry or poem. */
export const newsletterSourceSchema = z.object({
  kind: z.enum(NEWSLETTER_SOURCE_KINDS),
  slug: z.string(),
  title: z.string(),
  date: z.string(),
  section: newsletterSectionSchema,
  /** Where it lives on the site. */
  url: z.string(),
  /** The issue already made from it (not cancelled), if any. */
  issueId: z.number().nullable(),
});
export type NewsletterSource = z.output<typeof newsletterSourceSchema>;

export const newsletterSourcesResponseSchema = okSchema.extend({
  sources: z.array(newsletterSourceSchema),
  /** How many subscribers each section would reach right now. */
  audience: z.record(newsletterSectionSchema, z.number()),
});

export const newsletterProgressSchema = z.object({
  /** Recipients fixed at the start; 0 until then. */
  total: z.number(),
  queued: z.number(),
  sent: z.number(),
  failed: z.number(),
  bounced: z.number(),
  skipped: z.number(),
  uncertain: z.number(),
  /** Recipients who unsubscribed after the send started (sent to or not). */
  unsubscribedSince: z.number(),
});
export type NewsletterProgress = z.output<typeof newsletterProgressSchema>;

/** A batch handed to the relay by a process that died before it finished: reported, not resent. */
export const uncertainBatchSchema = z.object({
  id: z.number(),
  startedAt: z.string(),
  /** Recipients of the batch with no known outcome. */
  recipients: z.number(),
});
export type UncertainBatch = z.output<typeof uncertainBatchSchema>;

export const newsletterIssueSchema = z.object({
  id: z.number(),
  kind: z.enum(NEWSLETTER_SOURCE_KINDS),
  slug: z.string(),
  title: z.string(),
  section: newsletterSectionSchema,
  subject: z.string(),
  status: z.enum(NEWSLETTER_ISSUE_STATUSES),
  createdAt: z.string(),
  scheduledAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Why the send paused (or could not start), in words for the owner. */
  pauseReason: z.string().nullable(),
  progress: newsletterProgressSchema,
  uncertainBatches: z.array(uncertainBatchSchema),
});
export type NewsletterIssue = z.output<typeof newsletterIssueSchema>;

/** A recipient the report lists: everyone not simply sent. */
export const newsletterProblemSchema = z.object({
  email: z.string(),
  status: z.enum(NEWSLETTER_RECIPIENT_STATUSES),
  attempts: z.number(),
  error: z.string().nullable(),
});
export type NewsletterProblem = z.output<typeof newsletterProblemSchema>;

/** The final report (and, while sending, the report so far). */
export const newsletterReportSchema = z.object({
  /** Seconds from the first to the last delivery. */
  durationSeconds: z.number().nullable(),
  messagesPerSecond: z.number().nullable(),
  /** The first problems, oldest first (at most NEWSLETTER_REPORT_PROBLEMS). */
  problems: z.array(newsletterProblemSchema),
});
export type NewsletterReport = z.output<typeof newsletterReportSchema>;
export const NEWSLETTER_REPORT_PROBLEMS = 100;

/** How long after an issue went out its bounces, complaints and unsubscribes count for it. */
export const NEWSLETTER_RESULTS_DAYS = 7;

/**
 * What became of an issue (issue 25): delivered, bounced, complaints and unsubscribes among its
 * recipients within NEWSLETTER_RESULTS_DAYS of the send, and clicks per link in aggregate. Opens
 * are not counted: Apple Mail's privacy protection loads every image, and a pixel follows people.
 */
export const newsletterResultsSchema = z.object({
  recipients: z.number(),
  delivered: z.number(),
  bounced: z.number(),
  complaints: z.number(),
  unsubscribes: z.number(),
  /** Whether the issue's links were counted when it was sent. */
  clicksCounted: z.boolean(),
  /** Every link of the issue in the order it appears, with its clicks. */
  links: z.array(z.object({ url: z.string(), clicks: z.number() })),
});
export type NewsletterResults = z.output<typeof newsletterResultsSchema>;

export const newsletterIssueListResponseSchema = okSchema.extend({
  issues: z.array(newsletterIssueSchema),
});
export const newsletterIssueResponseSchema = okSchema.extend({
  issue: newsletterIssueSchema,
  report: newsletterReportSchema,
  /** Null until the send has started. */
  results: newsletterResultsSchema.nullable(),
});
export type NewsletterIssueResponse = z.output<typeof newsletterIssueResponseSchema>;
/** What send, pause, resume, cancel and the uncertain resolution answer: the issue as it is now. */
export const newsletterIssueActionResponseSchema = okSchema.extend({
  issue: newsletterIssueSchema,
});

/** GET .../preview: the mail as a client shows it, with sample links. */
export const newsletterPreviewResponseSchema = okSchema.extend({
  from: z.string(),
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type NewsletterPreview = z.output<typeof newsletterPreviewResponseSchema>;

export const newsletterTestResponseSchema = okSchema.extend({
  message: z.string(),
  to: z.string(),
});

/**
 * The deliverability check's lines, in the order the console lists them: the sending domain's
 * DNS, then what a receiver sees in the test message sent to the owner.
 */
export const DELIVERABILITY_CHECKS = [
  'spf',
  'dkim',
  'dmarc',
  'mx',
  'list-unsubscribe',
  'list-unsubscribe-post',
  'dkim-signature',
  'message-id',
  'text-part',
  'one-click',
] as const;
export type DeliverabilityCheck = (typeof DELIVERABILITY_CHECKS)[number];

export const deliverabilityLineSchema = z.object({
  check: z.enum(DELIVERABILITY_CHECKS),
  label: z.string(),
  ok: z.boolean(),
  /** What was found, e.g. the record or header value. */
  detail: z.string(),
  /** What to change when the line is red; null when it is green. */
  fix: z.string().nullable(),
});
export type DeliverabilityLine = z.output<typeof deliverabilityLineSchema>;

/** POST /api/admin/newsletter/deliverability: checks MAIL_FROM's domain, mails the owner a test. */
export const deliverabilityReportSchema = okSchema.extend({
  domain: z.string(),
  /** Where the test message went: the signed-in owner's address. */
  sentTo: z.string(),
  lines: z.array(deliverabilityLineSchema),
  /** The test message's headers as its receiver gets them, in order. */
  headers: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type DeliverabilityReport = z.output<typeof deliverabilityReportSchema>;
