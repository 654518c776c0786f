import { fieldErrors, type MessageCode } from '@quillpost/domain';
import type { z } from 'zod';

export type FieldErrors = Record<string, string>;

/** The first message per field of a failed parse (the domain's texts). */
export function errorsOf(error: z.ZodError): FieldErrors {
  return Object.fromEntries(
    Object.entries(fieldErrors(error)).map(([field, coded]) => [field, coded.message]),
  );
}

/** Which field an API error code belongs to, so it can be shown beside it. */
export function fieldForCode(
  code: string,
  fields: Partial<Record<string, readonly MessageCode[]>>,
): string | null {
  for (const [field, codes] of Object.entries(fields)) {
    if (codes?.includes(code as MessageCode)) return field;
  }
  return null;
}
