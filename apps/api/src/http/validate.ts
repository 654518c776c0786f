import { firstIssueError } from '@quillpost/domain';
import type { z } from 'zod';
import { AppError } from './errors.js';

/**
 * Parses a body, query or params object with a domain schema. A failure becomes a 400 AppError
 * carrying the first issue's domain code and spec text (e.g. EMAIL_INVALID, SECURITY_CHECK_PENDING).
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const { code, message } = firstIssueError(result.error);
  throw new AppError(400, code, message);
}
