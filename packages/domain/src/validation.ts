/**
 * Field rules of spec section 5, as zod schemas shared by forms, the API and tests.
 *
 * How codes travel: every issue these schemas raise is a custom issue whose `message` is the
 * spec's text and whose `params.code` is the MessageCode. Forms can show `issue.message` as is;
 * the API calls `issueToError(issue)` / `firstIssueError(error)` to answer `{ code, message }`
 * without ever comparing English text. Issues zod raises by itself (say, a body that is not an
 * object) carry no code and map to INVALID_REQUEST.
 */
import { z } from 'zod';
import { MIN_NAME_LENGTH, NAME_MAX_LENGTH } from './constants.js';
import { canonicalEmail } from './email-address.js';
import { MESSAGES, isMessageCode, type MessageCode } from './messages.js';

const TURNSTILE_TOKEN_MAX_LENGTH = 4096;

// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

type RefinementContext = { addIssue: (issue: z.core.$ZodRawIssue) => void };

function addCodedIssue(ctx: RefinementContext, code: MessageCode, input: unknown): void {
  ctx.addIssue({ code: 'custom', message: MESSAGES[code], params: { code }, input });
}

function isBlank(value: unknown): boolean {
  return (
    value === undefined || value === null || (typeof value === 'string' && value.trim() === '')
  );
}

/** Counts user-perceived characters closer than UTF-16 units do (an emoji counts once). */
function characterCount(value: string): number {
  return Array.from(value).length;
}

/**
 * Every email field: the canonical address of `email-address.ts`, or 'Email is required',
 * 'Please enter a valid email address' or the length message. The spec lower-cases only the
 * magic-link address; one form for every path is what makes limits and uniqueness hold (0010).
 */
export const emailSchema = z.custom<string>().transform((value: unknown, ctx) => {
  const check = canonicalEmail(value);
  if (check.ok) return check.email;
  addCodedIssue(ctx, check.problem, value);
  return z.NEVER;
});

/** Optional display name: trimmed; blank becomes undefined; otherwise 2 to 100 characters. */
export const nameSchema = z
  .custom<string | null | undefined>()
  .superRefine((value: unknown, ctx) => {
    if (isBlank(value)) return;
    if (typeof value !== 'string' || CONTROL_CHARACTER.test(value.trim())) {
      addCodedIssue(ctx, 'NAME_INVALID', value);
      return;
    }
    const length = characterCount(value.trim());
    if (length < MIN_NAME_LENGTH) addCodedIssue(ctx, 'NAME_TOO_SHORT', value);
    else if (length > NAME_MAX_LENGTH) addCodedIssue(ctx, 'NAME_TOO_LONG', value);
  })
  .transform((value): string | undefined => {
    const trimmed = typeof value === 'string' ? value.trim() : '';
    return trimmed === '' ? undefined : trimmed;
  })
  .optional();

/** The security-check (Turnstile) token the final subscribe step needs. */
export const turnstileTokenSchema = z
  .custom<string>()
  .superRefine((value: unknown, ctx) => {
    if (isBlank(value) || typeof value !== 'string') {
      addCodedIssue(ctx, 'SECURITY_CHECK_PENDING', value);
    } else if (value.trim().length > TURNSTILE_TOKEN_MAX_LENGTH) {
      addCodedIssue(ctx, 'SECURITY_CHECK_FAILED', value);
    }
  })
  .transform((value) => value.trim());

/** A one-time token from an email link (verification or magic link). */
export const linkTokenSchema = z.custom<string>().superRefine((value: unknown, ctx) => {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]{16,256}$/.test(value)) {
    addCodedIssue(ctx, 'TOKEN_INVALID', value);
  }
});

export interface CodedError {
  code: MessageCode;
  message: string;
  /** Dotted path of the offending field, '' for the whole value. */
  field: string;
}

/** The code and spec text of one zod issue; issues these schemas did not raise are INVALID_REQUEST. */
export function issueToError(issue: z.core.$ZodIssue): CodedError {
  const params: unknown = 'params' in issue ? issue.params : undefined;
  const candidate =
    typeof params === 'object' && params !== null && 'code' in params ? params.code : undefined;
  const code: MessageCode = isMessageCode(candidate) ? candidate : 'INVALID_REQUEST';
  return { code, message: MESSAGES[code], field: issue.path.map(String).join('.') };
}

/** What the API answers for a failed parse: the first issue's code and text. */
export function firstIssueError(error: z.ZodError): CodedError {
  const first = error.issues[0];
  return first
    ? issueToError(first)
    : { code: 'INVALID_REQUEST', message: MESSAGES.INVALID_REQUEST, field: '' };
}

export function firstIssueCode(error: z.ZodError): MessageCode {
  return firstIssueError(error).code;
}

/** One message per field (the first), for forms. */
export function fieldErrors(error: z.ZodError): Record<string, CodedError> {
  const result: Record<string, CodedError> = {};
  for (const issue of error.issues) {
    const coded = issueToError(issue);
    result[coded.field] ??= coded;
  }
  return result;
}

export type ResendPrecondition =
  { ok: true; email: string } | { ok: false; code: 'NO_SUBSCRIPTION_EMAIL'; message: string };

/** Resend confirmation needs the stored subscription email (spec section 5). */
export function canResendConfirmation(storedEmail: string | null | undefined): ResendPrecondition {
  const email = storedEmail?.trim();
  if (!email) {
    return { ok: false, code: 'NO_SUBSCRIPTION_EMAIL', message: MESSAGES.NO_SUBSCRIPTION_EMAIL };
  }
  return { ok: true, email };
}
