/**
 * The newsletter preferences in GET /api/auth/subscription/data/profile, read without zod: the
 * domain's subscriptionDataResponseSchema describes the answer, but it would bring zod (~24 kB
 * gzip) to /manage, a page readers open straight from an email. Only the preferences are read
 * (the page takes everything else from the stored subscription); like the schema, a missing
 * section defaults to true, and anything malformed is no answer at all.
 * subscription-data.test.ts checks this against the schema on the same samples.
 */
import { NEWSLETTER_SECTIONS, type NewsletterPreferences } from '@quillpost/domain';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function readSubscriptionPreferences(value: unknown): NewsletterPreferences | null {
  if (!isRecord(value) || value.success !== true || !isRecord(value.subscription)) return null;
  const stored = value.subscription.preferences;
  if (!isRecord(stored)) return null;
  const preferences = {} as NewsletterPreferences;
  for (const section of NEWSLETTER_SECTIONS) {
    const chosen = stored[section] ?? true;
    if (typeof chosen !== 'boolean') return null;
    preferences[section] = chosen;
  }
  return preferences;
}
