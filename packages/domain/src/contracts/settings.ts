/** The settings module's contracts: the site settings the owner changes at run time. */
import { z } from 'zod';
import { type Ctx, chars, coded, normalizePlainText, okSchema } from './member-fields.js';

export const ANNOUNCEMENT_MAX_LENGTH = 280;

/** Site settings kept in the database (site_settings), changed from the console at run time. */
export const siteSettingsSchema = z.object({
  /** New comments and threads are accepted. */
  commentsOpen: z.boolean(),
  /** The member directory is shown. */
  directoryOpen: z.boolean(),
  /** A short note on every member's dashboard; '' for none. */
  announcement: z.string(),
  /** The owner gets a daily email of new comments and reports (none on a quiet day). */
  ownerDigest: z.boolean(),
  /**
   * Links in newsletter issues go through the site's counting redirect (/r/...), which counts
   * clicks per link and day, never who clicked. Issues already sent keep their links working.
   */
  newsletterClickCounting: z.boolean(),
});
export type SiteSettings = z.output<typeof siteSettingsSchema>;

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  commentsOpen: true,
  directoryOpen: true,
  announcement: '',
  ownerDigest: true,
  newsletterClickCounting: true,
};

function settingsIssue(ctx: Ctx, value: unknown) {
  coded(ctx, 'SETTINGS_INVALID', value);
}

/** PUT /api/admin/settings: any subset of the settings. */
export const siteSettingsUpdateSchema = z
  .object({
    commentsOpen: z.boolean().optional(),
    directoryOpen: z.boolean().optional(),
    ownerDigest: z.boolean().optional(),
    newsletterClickCounting: z.boolean().optional(),
    announcement: z
      .custom<string>()
      .superRefine((value: unknown, ctx) => {
        if (typeof value !== 'string' || chars(value.trim()) > ANNOUNCEMENT_MAX_LENGTH) {
          settingsIssue(ctx, value);
        }
      })
      .transform((value) => normalizePlainText(value).replace(/\s+/g, ' '))
      .optional(),
  })
  .strict();
export const siteSettingsResponseSchema = okSchema.extend({ settings: siteSettingsSchema });
