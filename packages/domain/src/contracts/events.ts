/** The events module's contracts: the owner's events and what members see of them. */
import { z } from 'zod';
import {
  coded,
  idParam,
  okSchema,
  optionalText,
  optionalWebUrl,
  plainText,
} from './member-fields.js';

export const EVENT_TITLE_MAX_LENGTH = 140;
export const EVENT_DESCRIPTION_MAX_LENGTH = 4000;
export const EVENT_LOCATION_MAX_LENGTH = 200;

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

export const adminEventListResponseSchema = eventListResponseSchema;
