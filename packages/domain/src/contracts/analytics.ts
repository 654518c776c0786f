/**
 * Cookieless analytics (issue 25): what a page's beacon sends. The server keeps only what it
 * derives from it (the day, the path, the referrer's host, UTM values, a device class, browser
 * and OS families, a visitor id that changes every day) and never the address or the user agent.
 */
import { z } from 'zod';

const text = (max: number) => z.string().trim().max(max);

/** POST /api/analytics/hit: the page's path, where the reader came from, its UTM values. */
export const analyticsHitSchema = z.object({
  path: text(2000).regex(/^\//, 'must be a path of this site'),
  referrer: text(2000).optional().default(''),
  utm_source: text(200).optional(),
  utm_medium: text(200).optional(),
  utm_campaign: text(200).optional(),
});
export type AnalyticsHit = z.output<typeof analyticsHitSchema>;
