/** The admin module's contracts: people and their roles, and the membership analytics. */
import { z } from 'zod';
import { ROLE_LEVELS } from '../roles.js';
import { coded, okSchema, page, pageQuerySchema, personSchema } from './member-fields.js';
import { banStateSchema } from './moderation.js';

export const ASSIGNABLE_ROLES = ['subscriber', 'member', 'moderator', 'admin'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const roleAssignSchema = z.object({
  role: z.custom<AssignableRole>().superRefine((value: unknown, ctx) => {
    if (!(ASSIGNABLE_ROLES as readonly unknown[]).includes(value)) {
      coded(ctx, 'ROLE_INVALID', value);
    }
  }),
});

export const adminUsersQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).default(''),
});

export const adminUserSchema = personSchema.extend({
  email: z.string().nullable(),
  role: z.string(),
  level: z.enum(ROLE_LEVELS),
  createdAt: z.string(),
  lastSignInAt: z.string().nullable(),
  providers: z.array(z.string()),
  ban: banStateSchema.nullable(),
});
export type AdminUser = z.output<typeof adminUserSchema>;
export const adminUsersResponseSchema = page(adminUserSchema);
export const adminUserResponseSchema = okSchema.extend({ user: adminUserSchema });

export const analyticsResponseSchema = okSchema.extend({
  months: z.array(z.object({ month: z.string(), subscribers: z.number(), members: z.number() })),
  signupsBySource: z.array(z.object({ source: z.string(), count: z.number() })),
  membersByMethod: z.array(z.object({ method: z.string(), count: z.number() })),
  confirmation: z.object({
    requested: z.number(),
    confirmed: z.number(),
    rate: z.number().nullable(),
  }),
  totals: z.object({ subscribers: z.number(), activeSubscribers: z.number(), members: z.number() }),
});
export type AnalyticsResponse = z.output<typeof analyticsResponseSchema>;
