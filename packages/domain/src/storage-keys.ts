/**
 * Browser local-storage keys of spec section 3 and schemas for what is stored under them, so the
 * web reads them defensively (another tab, an old version or the user may have written anything).
 */
import { z } from 'zod';
import { OAUTH_MARKER_MAX_AGE_MS } from './constants.js';

export const STORAGE_KEYS = {
  subscription: 'subscription',
  verifiedEmails: 'verified_emails',
  subscriptionVerifiedEmails: 'subscription_verified_emails',
  userProgressionState: 'user_progression_state',
  lastStateSync: 'last_state_sync',
  oauthInProgress: 'oauth_in_progress',
  wasPreviouslyAuthenticated: 'was_previously_authenticated',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const STORED_SUBSCRIPTION_STATUSES = ['pending', 'active', 'unsubscribed'] as const;
export const STORED_PROGRESSION_STATUSES = ['pending', 'verified', 'unsubscribed'] as const;

/** The subscription kept locally after subscribing. */
export const storedSubscriptionSchema = z.object({
  email: z.string(),
  name: z.string().nullable().optional(),
  subscribedAt: z.string(),
  verified: z.boolean(),
  status: z.enum(STORED_SUBSCRIPTION_STATUSES),
  wantsAccount: z.boolean(),
  /** From the subscribe answer: lets this browser ask whether the address was confirmed since. */
  statusToken: z.string().optional(),
});
export type StoredSubscription = z.output<typeof storedSubscriptionSchema>;

/** The progression state kept locally. */
export const storedProgressionStateSchema = z.object({
  email: z.string(),
  subscriptionStatus: z.enum(STORED_PROGRESSION_STATUSES),
  lastVerificationCheck: z.number().nullable(),
  wantsAccount: z.boolean(),
  syncedAt: z.number(),
});
export type StoredProgressionState = z.output<typeof storedProgressionStateSchema>;

/** verified_emails and subscription_verified_emails: lists of addresses. */
export const storedVerifiedEmailsSchema = z.array(z.string());

/** last_state_sync: epoch milliseconds. */
export const storedLastStateSyncSchema = z.number();

/** oauth_in_progress: set when a provider sign-in starts. */
export const oauthInProgressMarkerSchema = z.object({
  timestamp: z.number(),
  provider: z.string().optional(),
});
export type OAuthInProgressMarker = z.output<typeof oauthInProgressMarkerSchema>;

/** was_previously_authenticated is the string 'true' or 'false', not JSON. */
export const wasPreviouslyAuthenticatedSchema = z.enum(['true', 'false']);

/** Parses a raw JSON string from storage; missing, malformed or wrongly shaped values give null. */
export function parseStoredJson<T>(schema: z.ZodType<T>, raw: string | null | undefined): T | null {
  if (raw == null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

/** Whether the browser remembers a past sign-in; anything but 'true' reads as false. */
export function readWasPreviouslyAuthenticated(raw: string | null | undefined): boolean {
  return raw === 'true';
}

/** A marker older than five minutes (or from the future) is stale and should be cleared. */
export function isOAuthMarkerStale(marker: OAuthInProgressMarker, nowMs: number): boolean {
  const age = nowMs - marker.timestamp;
  return age < 0 || age > OAUTH_MARKER_MAX_AGE_MS;
}

// Zod-free guards with the same shapes as the schemas above. The web reads storage on its first
// paint, where zod (~24 kB gzip) would not fit the home page's 90 kB budget; storage-keys.test.ts
// keeps each guard in step with its schema.
function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isOneOf<T extends string>(options: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (options as readonly string[]).includes(value);
}

export function isStoredSubscription(value: unknown): value is StoredSubscription {
  return (
    isRecord(value) &&
    typeof value.email === 'string' &&
    (value.name === undefined || value.name === null || typeof value.name === 'string') &&
    typeof value.subscribedAt === 'string' &&
    typeof value.verified === 'boolean' &&
    isOneOf(STORED_SUBSCRIPTION_STATUSES, value.status) &&
    typeof value.wantsAccount === 'boolean'
  );
}

export function isStoredProgressionState(value: unknown): value is StoredProgressionState {
  return (
    isRecord(value) &&
    typeof value.email === 'string' &&
    isOneOf(STORED_PROGRESSION_STATUSES, value.subscriptionStatus) &&
    (value.lastVerificationCheck === null || Number.isFinite(value.lastVerificationCheck)) &&
    typeof value.wantsAccount === 'boolean' &&
    Number.isFinite(value.syncedAt)
  );
}

export function isStoredVerifiedEmails(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string');
}

export function isStoredLastStateSync(value: unknown): value is number {
  return Number.isFinite(value);
}

export function isOAuthInProgressMarker(value: unknown): value is OAuthInProgressMarker {
  return (
    isRecord(value) &&
    Number.isFinite(value.timestamp) &&
    (value.provider === undefined || typeof value.provider === 'string')
  );
}
