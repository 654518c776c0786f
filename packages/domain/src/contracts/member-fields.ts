/**
 * What the members' contracts share (issue 7): the rules for text a member writes, web addresses,
 * reasons and ids in paths, and the shapes of a person and of a page of results. The index exports
 * the public ones; the rest are the contract files' own building blocks.
 */
import { z } from 'zod';
import { isSafeWebUrl } from '../comment-text.js';
import { MESSAGES, type MessageCode } from '../messages.js';

// The WHATWG URL parser exists in every runtime this package runs in (browsers, Node); the
// domain compiles without DOM or Node types, so it is declared here.
declare const URL: new (input: string) => {
  protocol: string;
  username: string;
  password: string;
  href: string;
};

export const WEBSITE_MAX_LENGTH = 200;
export const REASON_MAX_LENGTH = 500;
export const ADMIN_PAGE_SIZE = 25;

// ---------------------------------------------------------------------------------------------
// Shared field rules

const CONTROL_EXCEPT_NEWLINE =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u200b-\u200f\u2028-\u202e\u2066-\u2069]/g;

export type Ctx = { addIssue: (issue: z.core.$ZodRawIssue) => void };
export function coded(ctx: Ctx, code: MessageCode, input: unknown): void {
  ctx.addIssue({ code: 'custom', message: MESSAGES[code], params: { code }, input });
}
export const chars = (value: string) => Array.from(value).length;

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
export function plainText(options: {
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
export function optionalText(max: number, tooLong: MessageCode) {
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

export const optionalWebUrl = z
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

export const reasonSchema = optionalText(REASON_MAX_LENGTH, 'REASON_TOO_LONG');
export const requiredReasonSchema = plainText({
  max: REASON_MAX_LENGTH,
  required: 'REASON_REQUIRED',
  tooLong: 'REASON_TOO_LONG',
});

/** Positive integer ids in paths (`:postId`, `:commentId`, ...). */
export const idParam = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

// ---------------------------------------------------------------------------------------------
// Common response pieces

export const personSchema = z.object({
  id: z.number(),
  /** null for a deleted account or one without a name. */
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
});
export type Person = z.output<typeof personSchema>;

export const okSchema = z.object({ success: z.literal(true) });

export function page<T extends z.ZodType>(item: T) {
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
