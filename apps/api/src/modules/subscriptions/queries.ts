import {
  DEFAULT_NEWSLETTER_PREFERENCES,
  newsletterPreferencesSchema,
  type NewsletterPreferences,
  type Subscription,
  type SubscriptionStatus,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { statement } from '../../db/statements.js';

export interface SubscriptionRow {
  id: number;
  email: string;
  name: string | null;
  status: SubscriptionStatus;
  verified: 0 | 1;
  wants_account: 0 | 1;
  preferences: string;
  link_key: string;
  subscribed_at: string;
  verified_at: string | null;
  unsubscribed_at: string | null;
  bounced_at: string | null;
  /** The relay's reason, or the SMTP reply (issue 16). */
  bounce_reason: string | null;
  verify_token_hash: string | null;
  verify_token_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export function findByEmail(db: Db, email: string): SubscriptionRow | undefined {
  return statement(db, 'SELECT * FROM subscriptions WHERE email = ?').get(email) as
    SubscriptionRow | undefined;
}

export function findById(db: Db, id: number): SubscriptionRow | undefined {
  return statement(db, 'SELECT * FROM subscriptions WHERE id = ?').get(id) as
    SubscriptionRow | undefined;
}

export function parsePreferences(json: string): NewsletterPreferences {
  const parsed = newsletterPreferencesSchema.safeParse(JSON.parse(json));
  return parsed.success ? parsed.data : { ...DEFAULT_NEWSLETTER_PREFERENCES };
}

/** A row as the API reports it (the domain's Subscription). */
export function toSubscription(row: SubscriptionRow): Subscription {
  return {
    email: row.email,
    name: row.name,
    status: row.status,
    verified: row.verified === 1,
    subscribedAt: row.subscribed_at,
    wantsAccount: row.wants_account === 1,
    preferences: parsePreferences(row.preferences),
  };
}

/**
 * Whether a subscriber gets the newsletter (for one section): the rule of `listDeliverable`, for
 * one row the sender already holds, e.g. to skip people who unsubscribed after a send started.
 */
export function isDeliverable(
  row: Pick<SubscriptionRow, 'status' | 'verified' | 'bounced_at' | 'preferences'>,
  section?: keyof NewsletterPreferences,
): boolean {
  if (row.status !== 'active' || row.verified !== 1 || row.bounced_at !== null) return false;
  return !section || parsePreferences(row.preferences)[section];
}

/**
 * Newsletter recipients: confirmed, not unsubscribed, not bounced. The newsletter sender reads
 * this (with the section filter) rather than the table, so the rule lives in one place.
 */
export function listDeliverable(
  db: Db,
  section?: keyof NewsletterPreferences,
): Array<{ id: number; email: string; name: string | null; linkKey: string }> {
  const rows = statement(
    db,
    `SELECT id, email, name, link_key AS linkKey, preferences FROM subscriptions
       WHERE status = 'active' AND verified = 1 AND bounced_at IS NULL ORDER BY id`,
  ).all() as Array<{
    id: number;
    email: string;
    name: string | null;
    linkKey: string;
    preferences: string;
  }>;
  return rows
    .filter((row) => !section || parsePreferences(row.preferences)[section])
    .map(({ preferences: _preferences, ...rest }) => rest);
}
