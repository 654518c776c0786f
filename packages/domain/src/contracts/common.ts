/** Response envelopes every endpoint shares. */
import { z } from 'zod';
import { MESSAGE_CODES } from '../messages.js';

/** `{ success, message }`: the answer of calls that only report an outcome. */
export const messageResponseSchema = z.object({
  success: z.boolean(),
  message: z.string(),
});
export type MessageResponse = z.output<typeof messageResponseSchema>;

/** `{ success: false, code, message }`: every failure; `code` is a MessageCode. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  code: z.enum(MESSAGE_CODES),
  message: z.string(),
});
export type ErrorResponse = z.output<typeof errorResponseSchema>;
