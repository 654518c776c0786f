/** Sign-in and account calls of spec section 7. */
import { z } from 'zod';
import { MESSAGE_CODES, MESSAGES } from '../messages.js';
import { ROLE_LEVELS } from '../roles.js';
import { safeReturnPath } from '../return-url.js';
import { emailSchema, linkTokenSchema } from '../validation.js';
import { SUBSCRIPTION_STATUSES, subscriptionSchema } from './subscriptions.js';

export const OAUTH_PROVIDERS = ['google', 'github', 'discord', 'facebook'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** Display names of the providers. */
export const OAUTH_PROVIDER_LABELS: Readonly<Record<OAuthProvider, string>> = {
  github: 'GitHub',
  google: 'Google',
  facebook: 'Facebook',
  discord: 'Discord',
};

/** The order the sign-in dialog lists the provider buttons in (spec section 2). */
export const SIGN_IN_DIALOG_PROVIDERS: readonly OAuthProvider[] = [
  'github',
  'google',
  'facebook',
  'discord',
];

/** Ways to sign in: the providers plus 'email' for magic links. */
export const SIGN_IN_METHODS = [...OAUTH_PROVIDERS, 'email'] as const;
export type SignInMethod = (typeof SIGN_IN_METHODS)[number];

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === 'string' && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/** Any value becomes a safe same-origin path ('/' when missing or unsafe), never an error. */
export const returnUrlSchema = z
  .custom<string | undefined>()
  .optional()
  .transform((value) => safeReturnPath(value));

/** POST /api/auth/magic-link */
export const magicLinkRequestSchema = z.object({
  email: emailSchema,
  returnUrl: returnUrlSchema,
});
export type MagicLinkRequest = z.input<typeof magicLinkRequestSchema>;

/** GET /api/auth/magic-link/verify?token=&returnUrl= */
export const magicLinkVerifyQuerySchema = z.object({
  token: linkTokenSchema,
  returnUrl: returnUrlSchema,
});

/** Browser navigation to GET /api/oauth/authorize?provider=&return_url= */
export const oauthAuthorizeQuerySchema = z.object({
  provider: z.custom<OAuthProvider>().superRefine((value: unknown, ctx) => {
    if (!isOAuthProvider(value)) {
      ctx.addIssue({
        code: 'custom',
        message: MESSAGES.PROVIDER_UNAVAILABLE,
        params: { code: 'PROVIDER_UNAVAILABLE' },
        input: value,
      });
    }
  }),
  return_url: returnUrlSchema,
  mode: z.enum(['popup', 'redirect', 'link']).optional(),
});
export type OAuthMode = 'popup' | 'redirect' | 'link';

/** The session part of /session and /me; null when signed out. */
export const sessionSummarySchema = z.object({
  level: z.enum(ROLE_LEVELS),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type SessionSummary = z.output<typeof sessionSummarySchema>;

/** Answer of GET /api/auth/session. */
export const sessionResponseSchema = z.object({
  success: z.boolean(),
  authenticated: z.boolean(),
  session: sessionSummarySchema.nullable(),
});
export type SessionResponse = z.output<typeof sessionResponseSchema>;

export const linkedAccountSchema = z.object({
  provider: z.enum(SIGN_IN_METHODS),
  providerAvatarUrl: z.string().nullable(),
  isPrimary: z.boolean(),
});
export type LinkedAccount = z.output<typeof linkedAccountSchema>;

/** The auth user; subscription_status 'active' reads 'Active Member', anything else 'Subscriber'. */
export const authUserSchema = z.object({
  email: z.string(),
  name: z.string().nullable(),
  role: z.string(),
  avatar_url: z.string().nullable(),
  subscription_status: z.string().nullable(),
});
export type AuthUser = z.output<typeof authUserSchema>;

/**
 * Why a user was signed out everywhere, said on the Account page throughout the first session
 * after: today only a role change (an admin's, or ADMIN_EMAILS at sign-in).
 */
export const signOutNoticeSchema = z.object({
  reason: z.literal('role-changed'),
  from: z.enum(ROLE_LEVELS),
  to: z.enum(ROLE_LEVELS),
  at: z.string(),
});
export type SignOutNotice = z.output<typeof signOutNoticeSchema>;

const meFieldsSchema = z.object({
  user: authUserSchema,
  session: sessionSummarySchema,
  notice: signOutNoticeSchema.nullable().default(null),
  subscription: subscriptionSchema.nullable(),
  primaryAccount: linkedAccountSchema.nullable(),
  linkedAccounts: z.array(linkedAccountSchema),
});

/**
 * Answer of GET /api/auth/me. The spec lets its fields come nested under `data`; either way
 * it reads as the flat answer this API sends.
 */
export const meResponseSchema = z.union([
  meFieldsSchema.extend({ success: z.literal(true) }),
  z
    .object({ success: z.literal(true), data: meFieldsSchema })
    .transform(({ data }) => ({ success: true as const, ...data })),
]);
export type MeResponse = z.output<typeof meResponseSchema>;

/** GET /api/auth/stats?email=, with the status token from subscribing in `X-Status-Token`. */
export const statsQuerySchema = z.object({ email: emailSchema.optional() });

/** What GET /api/auth/stats tells a caller entitled to the address (see statsResponseSchema). */
export const subscriptionStatusViewSchema = z.object({
  email: z.string(),
  status: z.enum(SUBSCRIPTION_STATUSES),
  verified: z.boolean(),
});
export type SubscriptionStatusView = z.output<typeof subscriptionStatusViewSchema>;

/**
 * Answer of GET /api/auth/stats: `subscription` is null for every address the caller has no
 * session, manage token or status token for, so the answer tells a stranger nothing.
 */
export const statsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ subscription: subscriptionStatusViewSchema.nullable().optional() }),
});
export type StatsResponse = z.output<typeof statsResponseSchema>;

/** POST /api/auth/magic-link/code: the 6-digit code from the email, for reading mail elsewhere. */
export const MAGIC_CODE_PATTERN = /^\d{6}$/;
export const magicLinkCodeRequestSchema = z.object({
  email: emailSchema,
  code: z
    .custom<string>()
    .superRefine((value: unknown, ctx) => {
      if (typeof value !== 'string' || !MAGIC_CODE_PATTERN.test(value.replace(/\s/g, ''))) {
        ctx.addIssue({
          code: 'custom',
          message: MESSAGES.CODE_INVALID,
          params: { code: 'CODE_INVALID' },
          input: value,
        });
      }
    })
    .transform((value) => value.replace(/\s/g, '')),
});
export type MagicLinkCodeRequest = z.input<typeof magicLinkCodeRequestSchema>;

/** Answer of a successful code sign-in: the user and where the web app should go next. */
export const magicLinkCodeResponseSchema = z.object({
  success: z.literal(true),
  user: authUserSchema,
  returnUrl: z.string(),
});

/** GET /api/oauth/providers: which sign-in buttons work (a provider without credentials does not). */
export const oauthProvidersResponseSchema = z.object({
  success: z.literal(true),
  providers: z.array(z.object({ provider: z.enum(OAUTH_PROVIDERS), available: z.boolean() })),
});
export type OAuthProvidersResponse = z.output<typeof oauthProvidersResponseSchema>;

/** What the OAuth popup posts to its opener (target origin: the web origin), then it closes. */
export const oauthResultMessageSchema = z.object({
  type: z.literal('oauth-result'),
  success: z.boolean(),
  /** The message text on failure ('Authentication failed', ...). */
  error: z.string().optional(),
  /** The stable code on failure. */
  code: z.enum(MESSAGE_CODES).optional(),
  user: authUserSchema.optional(),
  returnUrl: z.string().optional(),
});
export type OAuthResultMessage = z.output<typeof oauthResultMessageSchema>;

/** GET /api/auth/accounts */
export const linkedAccountsResponseSchema = z.object({
  success: z.literal(true),
  primaryAccount: linkedAccountSchema.nullable(),
  linkedAccounts: z.array(linkedAccountSchema),
});

/** PUT /api/auth/accounts/primary and DELETE /api/auth/accounts/{provider} */
export const accountProviderSchema = z.object({ provider: z.enum(SIGN_IN_METHODS) });

/** One of the signed-in user's sessions; `id` is a public handle for revoking it. */
export const sessionListItemSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  method: z.enum(SIGN_IN_METHODS),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  expiresAt: z.string(),
  userAgent: z.string().nullable(),
});
export type SessionListItem = z.output<typeof sessionListItemSchema>;

/** GET /api/auth/sessions */
export const sessionListResponseSchema = z.object({
  success: z.literal(true),
  sessions: z.array(sessionListItemSchema),
});

/** DELETE /api/auth/sessions/{id} */
export const sessionIdParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });
