/** The content module's sync report: what reading CONTENT_DIR changed, and what it skipped. */
import { z } from 'zod';
import { okSchema } from './member-fields.js';

/** POST /api/admin/content/sync: what reading CONTENT_DIR now changed, and what it skipped. */
export const contentSyncResponseSchema = okSchema.extend({
  added: z.array(z.string()),
  updated: z.array(z.string()),
  removed: z.array(z.string()),
  unchanged: z.number().int(),
  errors: z.array(z.object({ file: z.string(), line: z.number().int(), message: z.string() })),
});
export type ContentSyncReport = z.output<typeof contentSyncResponseSchema>;
