/**
 * Cookieless analytics (issue 25): what a page's beacon sends. The server keeps only what it
 * derives from it (the day, the path, the referrer's host, UTM values, a device class, browser
 * and OS families, a visitor id that changes every day) and never the address or the user agent.
 */
import { z } from 'zod';
import { periodStart } from '../analytics-periods.js';
import { newsletterResultsSchema } from './newsletter.js';

const text = (max: number) => z.string().trim().max(max);
/** A path of this site: one slash first, never two (`//host` is another site). */
const sitePath = text(2000).regex(/^\/(?!\/)/, 'must be a path of this site');

/**
 * What the newsletter's counting redirect adds to a link to one of the site's own pages (issue
 * 34), and the source a view of the page it lands on is credited to: the redirect sends no
 * referrer, and without these the newsletter's readers counted as "Direct, an app or a bookmark".
 */
export const NEWSLETTER_LANDING_TAGS = { utm_source: 'newsletter', utm_medium: 'email' } as const;
/** A source that is no referrer's host (a host has a dot): the site's own newsletter. */
export const NEWSLETTER_SOURCE = 'newsletter';

/** POST /api/analytics/hit: the page's path, where the reader came from, its UTM values. */
export const analyticsHitSchema = z.object({
  path: sitePath,
  referrer: text(2000).optional().default(''),
  utm_source: text(200).optional(),
  utm_medium: text(200).optional(),
  utm_campaign: text(200).optional(),
});
export type AnalyticsHit = z.output<typeof analyticsHitSchema>;

const PERIOD = /^\d{4}-\d{2}-\d{2}(?:T\d{2})?$/;

/** A day or hour that exists: not 2026-02-30, not T24. */
const isPeriod = (value: string) => {
  if (!PERIOD.test(value)) return false;
  const start = periodStart(value);
  return !Number.isNaN(start) && new Date(start).toISOString().startsWith(value);
};
const period = z
  .string()
  .refine(isPeriod, 'must be a day written YYYY-MM-DD, or an hour written YYYY-MM-DDTHH');

/** The longest range read at once: a year and a bit, by day; two days, by hour. */
export const TRAFFIC_MAX_DAYS = 400;
export const TRAFFIC_MAX_HOURS = 48;

/**
 * GET /api/admin/analytics/traffic?from=&to=[&path=]: days (YYYY-MM-DD) or hours (YYYY-MM-DDTHH)
 * in the site's time zone, both included; `path` narrows every figure to one page.
 */
export const trafficQuerySchema = z
  .object({
    from: period,
    to: period,
    path: sitePath.optional(),
  })
  .refine(({ from, to }) => from.length === to.length, {
    message: 'from and to must both be days or both be hours',
    path: ['to'],
  })
  .refine(({ from, to }) => from <= to, { message: 'from must not be after to', path: ['from'] })
  .refine(
    ({ from, to }) =>
      from.length > 10 || periodStart(to) - periodStart(from) < TRAFFIC_MAX_DAYS * 86_400_000,
    { message: `at most ${TRAFFIC_MAX_DAYS} days at a time`, path: ['to'] },
  )
  .refine(
    ({ from, to }) =>
      from.length === 10 || periodStart(to) - periodStart(from) < TRAFFIC_MAX_HOURS * 3_600_000,
    { message: `at most ${TRAFFIC_MAX_HOURS} hours at a time`, path: ['to'] },
  );
export type TrafficQuery = z.output<typeof trafficQuerySchema>;

const count = z.number().int().nonnegative();
const counts = { views: count, visitors: count };
const valueRows = z.array(z.object({ value: z.string(), ...counts }));

export const trafficResponseSchema = z.object({
  success: z.literal(true),
  views: count,
  /** Distinct visitors per day, summed over the days: the same reader on two days counts twice. */
  visitors: count,
  /** The same figures for the range just before, as long as this one. */
  previous: z.object(counts),
  /** Per hour (YYYY-MM-DDTHH) for hour ranges, else per day; quiet periods are left out. */
  series: z.array(z.object({ period: z.string(), ...counts })),
  /** Each page with its title (an item's, a menu's name for a fixed page), or null: its path says. */
  pages: z.array(
    z.object({ path: z.string(), title: z.string().nullable().default(null), ...counts }),
  ),
  /** Referrer hosts; '' is no referrer: typed in, a bookmark, an app. */
  sources: z.array(z.object({ source: z.string(), ...counts })),
  /** UTM values from the links readers followed ('' when none was given). */
  campaigns: z.object({
    source: valueRows,
    medium: valueRows,
    campaign: valueRows,
  }),
  devices: z.array(z.object({ device: z.string(), ...counts })),
  browsers: z.array(z.object({ browser: z.string(), ...counts })),
  systems: z.array(z.object({ os: z.string(), ...counts })),
  /** Feed services and apps: the subscribers they state, and their fetches. */
  feeds: z.array(z.object({ reader: z.string(), subscribers: count, fetches: count })),
  /** Subscriptions and accounts by the page they started on ('' when it is not known). */
  signups: z.array(
    z.object({
      path: z.string(),
      title: z.string().nullable().default(null),
      subscribers: count,
      members: count,
    }),
  ),
});
export type TrafficReport = z.output<typeof trafficResponseSchema>;

/** GET /api/admin/analytics/issue?path=: the newsletter issue made from one page. */
export const pageIssueQuerySchema = z.object({ path: sitePath });

export const pageIssueResponseSchema = z.object({
  success: z.literal(true),
  /** The issue's results as its own page counts them; null when none of the page went out. */
  issue: z
    .object({
      id: z.number(),
      subject: z.string(),
      startedAt: z.string(),
      results: newsletterResultsSchema,
    })
    .nullable(),
});
export type PageIssue = NonNullable<z.output<typeof pageIssueResponseSchema>['issue']>;
