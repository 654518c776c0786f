/** Newsletter subscription calls of spec section 7. */
import { z } from 'zod';
import {
  DEFAULT_NEWSLETTER_PREFERENCES,
  NEWSLETTER_SECTIONS,
  type NewsletterSection,
} from '../constants.js';
import { MESSAGES } from '../messages.js';
import { emailSchema, linkTokenSchema, nameSchema, turnstileTokenSchema } from '../validation.js';

// The sections live in the zod-free constants (so /manage does not load zod); also here, beside
// the schemas that use them.
export { DEFAULT_NEWSLETTER_PREFERENCES, NEWSLETTER_SECTIONS, type NewsletterSection };

/** Which newsletter sections a subscriber receives; a section left out defaults to true. */
export const newsletterPreferencesSchema = z.object({
  build: z.boolean().default(true),
  learn: z.boolean().default(true),
  write: z.boolean().default(true),
  journal: z.boolean().default(true),
  poetry: z.boolean().default(true),
});
export type NewsletterPreferences = z.output<typeof newsletterPreferencesSchema>;

export const SUBSCRIPTION_STATUSES = ['pending', 'active', 'unsubscribed'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/**
 * POST /api/auth/subscribe: email, name, wantsAccount and the security-check token. The spec's
 * plain variant is this body without the token; it passes only where the server's security
 * check does not require one (development), and gets 'Security verification in progress...'
 * otherwise.
 */
export const subscribeRequestSchema = z.object({
  email: emailSchema,
  name: nameSchema,
  turnstileToken: turnstileTokenSchema.optional(),
  wantsAccount: z.boolean().optional().default(false),
});
export type SubscribeRequest = z.input<typeof subscribeRequestSchema>;
export type ParsedSubscribeRequest = z.output<typeof subscribeRequestSchema>;

/**
 * Answer of POST /api/auth/subscribe: the spec's success and message, and a status token for
 * the address, which the browser keeps with its stored subscription and sends on refresh.
 */
export const subscribeResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  statusToken: z.string(),
});
export type SubscribeResponse = z.output<typeof subscribeResponseSchema>;

/** POST /api/auth/unsubscribe */
export const unsubscribeRequestSchema = z.object({ email: emailSchema });
export type UnsubscribeRequest = z.input<typeof unsubscribeRequestSchema>;

/** POST /api/auth/resend-verification */
export const resendVerificationRequestSchema = z.object({ email: emailSchema });
export type ResendVerificationRequest = z.input<typeof resendVerificationRequestSchema>;

/** GET /verify?token= */
export const verifyQuerySchema = z.object({ token: linkTokenSchema });

/** Answer of GET /verify. */
export const verifyResponseSchema = z.object({
  success: z.literal(true),
  /**
   * alreadyConfirmed: the link was used before; the subscription stands as it was. wantsAccount:
   * the reader asked for a member account too, and this browser may now take it (POST
   * /api/auth/subscription/account with the same token).
   */
  data: z.object({
    email: z.string(),
    alreadyConfirmed: z.boolean().optional(),
    wantsAccount: z.boolean().optional(),
  }),
});

/** POST /api/auth/subscription/account: the confirmation link's token, once more. */
export const subscriptionAccountRequestSchema = z.object({ token: linkTokenSchema });
export type VerifyResponse = z.output<typeof verifyResponseSchema>;

/** PUT /api/auth/subscription/profile: the email plus the editable profile fields (name only).
 * Unknown keys such as role, status or verified are stripped, so they can never be changed here. */
export const profileUpdateRequestSchema = z
  .object({
    email: emailSchema,
    name: nameSchema,
  })
  .strip();
export type ProfileUpdateRequest = z.input<typeof profileUpdateRequestSchema>;

/** PUT /api/auth/subscription/preferences */
export const preferencesUpdateRequestSchema = z.object({
  email: emailSchema,
  preferences: newsletterPreferencesSchema,
});
export type PreferencesUpdateRequest = z.input<typeof preferencesUpdateRequestSchema>;

/** DELETE /api/auth/subscription/delete: confirmDelete must be literally true. */
export const deleteSubscriptionRequestSchema = z.object({
  email: emailSchema,
  confirmDelete: z.custom<true>().superRefine((value: unknown, ctx) => {
    if (value !== true) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES.CONFIRM_DELETE_REQUIRED,
        params: { code: 'CONFIRM_DELETE_REQUIRED' },
        input: value,
      });
    }
  }),
});
export type DeleteSubscriptionRequest = z.input<typeof deleteSubscriptionRequestSchema>;

/** GET /api/auth/subscription/data?email= and /data/profile?email= */
export const subscriptionQuerySchema = z.object({ email: emailSchema });

/** A subscription as the API reports it. */
export const subscriptionSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  verified: z.boolean(),
  subscribedAt: z.string(),
  wantsAccount: z.boolean(),
  preferences: newsletterPreferencesSchema,
});
export type Subscription = z.output<typeof subscriptionSchema>;

/** Answer of GET /api/auth/subscription/data and /data/profile. */
export const subscriptionDataResponseSchema = z.object({
  success: z.literal(true),
  subscription: subscriptionSchema,
});
export type SubscriptionDataResponse = z.output<typeof subscriptionDataResponseSchema>;
