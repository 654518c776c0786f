/** The directory module's contracts: the members who chose to be listed. */
import { z } from 'zod';
import { okSchema, personSchema } from './member-fields.js';

export const directoryQuerySchema = z.object({ q: z.string().trim().max(100).default('') });

export const directoryEntrySchema = personSchema.extend({
  bio: z.string(),
  memberSince: z.string(),
});
export type DirectoryEntry = z.output<typeof directoryEntrySchema>;
export const directoryResponseSchema = okSchema.extend({
  open: z.boolean(),
  members: z.array(directoryEntrySchema),
});
