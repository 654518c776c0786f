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

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a day written YYYY-MM-DD');

/** GET /api/admin/analytics/traffic?from=&to=: days, both included, at most a year and a bit. */
export const trafficQuerySchema = z
  .object({ from: day, to: day })
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to', path: ['from'] })
  .refine(({ from, to }) => Date.parse(to) - Date.parse(from) <= 400 * 86_400_000, {
    message: 'at most 400 days at a time',
    path: ['to'],
  });

const count = z.number().int().nonnegative();

export const trafficResponseSchema = z.object({
  success: z.literal(true),
  views: count,
  /** Distinct visitors per day, summed over the days: the same reader on two days counts twice. */
  visitors: count,
  pages: z.array(z.object({ path: z.string(), views: count, visitors: count })),
  /** '' is no referrer: typed in, a bookmark, an app. */
  sources: z.array(z.object({ source: z.string(), views: count, visitors: count })),
});
export type TrafficReport = z.output<typeof trafficResponseSchema>;
