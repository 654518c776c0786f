import {
  DEFAULT_NEWSLETTER_PREFERENCES,
  newsletterPreferencesSchema,
  type NewsletterPreferences,
  type Subscription,
  type SubscriptionStatus,
} from '@quillpost/domain';
import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { statement } from '../../../db/statements.js';

export const OWNED_TABLES = {
  subscriptions: 'person',
  consent_records: 'person',
} as const satisfies OwnedTables;

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
  /** The page the subscriber started on (issue 25). */
  start_path: string | null;
  /** When the confirming browser took the member account it asked for (migration 022). */
  account_claimed_at: string | null;
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

/** Gives a subscription a new token; overwriting the stored hash cancels the older token. */
export function setVerificationToken(
  db: Db,
  subscriptionId: number,
  token: { hash: string; expiresAt: string },
  now: string,
): void {
  statement(
    db,
    `UPDATE subscriptions SET verify_token_hash = ?, verify_token_expires_at = ?, updated_at = ?
     WHERE id = ?`,
  ).run(token.hash, token.expiresAt, now, subscriptionId);
}

/**
 * One statement creates the row or refreshes a pending, unsubscribed or bounced one, with a new
 * verification token replacing any older one; an active row is left alone (the WHERE) and then
 * nothing is returned.
 */
export function upsertPending(
  db: Db,
  pending: {
    email: string;
    name: string | null;
    wantsAccount: boolean;
    preferences: string;
    linkKey: string;
    tokenHash: string;
    tokenExpiresAt: string;
    startPath: string | null;
    now: string;
  },
): SubscriptionRow | undefined {
  return statement(
    db,
    `INSERT INTO subscriptions (email, name, status, verified, wants_account, preferences, link_key,
         verify_token_hash, verify_token_expires_at, start_path, subscribed_at, created_at,
         updated_at)
       VALUES (@email, @name, 'pending', 0, @wantsAccount, @preferences, @linkKey,
         @tokenHash, @tokenExpiresAt, @startPath, @now, @now, @now)
       ON CONFLICT (email) DO UPDATE SET status = 'pending', verified = 0,
         start_path = excluded.start_path,
         name = COALESCE(excluded.name, name), wants_account = excluded.wants_account,
         verify_token_hash = excluded.verify_token_hash,
         verify_token_expires_at = excluded.verify_token_expires_at,
         subscribed_at = excluded.subscribed_at, unsubscribed_at = NULL, bounced_at = NULL,
         updated_at = excluded.updated_at
       WHERE status <> 'active'
       RETURNING *`,
  ).get({ ...pending, wantsAccount: pending.wantsAccount ? 1 : 0 }) as SubscriptionRow | undefined;
}

/**
 * Claims a verification token and activates its subscription. Claiming clears the hash in the
 * same statement: of many parallel uses, exactly one matches.
 */
export function claimVerificationToken(
  db: Db,
  tokenHash: string,
  now: string,
): SubscriptionRow | undefined {
  return statement(
    db,
    `UPDATE subscriptions SET status = 'active', verified = 1, verified_at = @now,
       confirmed_token_hash = verify_token_hash, verify_token_hash = NULL,
       verify_token_expires_at = NULL, updated_at = @now
     WHERE verify_token_hash = @tokenHash AND verify_token_expires_at > @now
     RETURNING *`,
  ).get({ now, tokenHash }) as SubscriptionRow | undefined;
}

/**
 * The member account a confirmed subscription asked for, taken once by the browser that holds the
 * confirmation link, within a day of confirming: the address, or undefined.
 */
export function claimAccountByToken(
  db: Db,
  tokenHash: string,
  confirmedSince: string,
  now: string,
): string | undefined {
  return statement(
    db,
    `UPDATE subscriptions SET account_claimed_at = @now
     WHERE confirmed_token_hash = @tokenHash AND status = 'active' AND wants_account = 1
       AND account_claimed_at IS NULL AND verified_at >= @confirmedSince
     RETURNING email`,
  )
    .pluck()
    .get({ tokenHash, confirmedSince, now }) as string | undefined;
}

/** The active subscription a spent confirmation token confirmed, if any. */
export function confirmedByToken(db: Db, tokenHash: string): SubscriptionRow | undefined {
  return statement(
    db,
    "SELECT * FROM subscriptions WHERE confirmed_token_hash = ? AND status = 'active'",
  ).get(tokenHash) as SubscriptionRow | undefined;
}

export function isExpiredToken(db: Db, tokenHash: string, now: string): boolean {
  return (
    statement(
      db,
      'SELECT 1 FROM subscriptions WHERE verify_token_hash = ? AND verify_token_expires_at <= ?',
    ).get(tokenHash, now) !== undefined
  );
}

export function markUnsubscribed(db: Db, subscriptionId: number, now: string): void {
  statement(
    db,
    `UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ?, updated_at = ?,
       verify_token_hash = NULL, verify_token_expires_at = NULL
     WHERE id = ?`,
  ).run(now, now, subscriptionId);
}

export function setName(db: Db, subscriptionId: number, name: string | null, now: string): void {
  statement(db, 'UPDATE subscriptions SET name = ?, updated_at = ? WHERE id = ?').run(
    name,
    now,
    subscriptionId,
  );
}

export function setPreferences(
  db: Db,
  subscriptionId: number,
  preferences: NewsletterPreferences,
  now: string,
): void {
  statement(db, 'UPDATE subscriptions SET preferences = ?, updated_at = ? WHERE id = ?').run(
    JSON.stringify(preferences),
    now,
    subscriptionId,
  );
}

/** The row goes, and its consent records with it (ON DELETE CASCADE). */
export function deleteRow(db: Db, subscriptionId: number): void {
  statement(db, 'DELETE FROM subscriptions WHERE id = ?').run(subscriptionId);
}

export function markBouncedByEmail(db: Db, email: string, reason: string, now: string): void {
  statement(
    db,
    `UPDATE subscriptions SET bounced_at = ?, bounce_reason = ?, updated_at = ?
     WHERE email = ? AND bounced_at IS NULL`,
  ).run(now, reason, now, email);
}
