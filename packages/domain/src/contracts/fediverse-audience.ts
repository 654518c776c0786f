/**
 * The site's audience on the social web, as the owner's console shows it (issue 38 item 6): the
 * account's handle, who follows it and since when, followers over the last twelve months, and
 * what became of each post's deliveries, server by server.
 */
import { z } from 'zod';
import { okSchema, page, pageQuerySchema } from './member-fields.js';

/** GET /api/admin/fediverse */
export const fediverseOverviewResponseSchema = okSchema.extend({
  /** `@handle@host`: what a reader types into their server's search to follow the site. */
  handle: z.string(),
  followers: z.number(),
  /** Followers at each month's end (UTC), oldest first, as the subscriber figures are counted. */
  months: z.array(z.object({ month: z.string(), followers: z.number() })),
});
export type FediverseOverview = z.output<typeof fediverseOverviewResponseSchema>;

export const fediverseFollowerSchema = z.object({
  id: z.number(),
  /** `@user@host`, or null when their server did not say. */
  handle: z.string().nullable(),
  /** What they call themselves, shown as text; their handle or address when they gave none. */
  name: z.string(),
  /** Their profile. */
  url: z.string(),
  /** Their server. */
  instance: z.string(),
  followedAt: z.string(),
});
export type FediverseFollower = z.output<typeof fediverseFollowerSchema>;

/** GET /api/admin/fediverse/followers: newest first. */
export const fediverseFollowersQuerySchema = pageQuerySchema;
export const fediverseFollowersResponseSchema = page(fediverseFollowerSchema);

export const fediverseDeliverySchema = z.object({
  post: z.object({ title: z.string(), path: z.string() }),
  /** Servers that took the post (its Create, or its latest Update). */
  deliveredTo: z.number(),
  /** Servers whose last attempt failed, with what they answered; retried with backoff. */
  failures: z.array(z.object({ server: z.string(), error: z.string(), failedAt: z.string() })),
});
export type FediverseDelivery = z.output<typeof fediverseDeliverySchema>;

/** GET /api/admin/fediverse/deliveries: the newest published posts. */
export const fediverseDeliveriesResponseSchema = okSchema.extend({
  items: z.array(fediverseDeliverySchema),
});
