import { createHash, randomBytes } from 'node:crypto';
import {
  DEFAULT_NEWSLETTER_PREFERENCES,
  MESSAGES,
  VERIFICATION_TOKEN_TTL_MS,
  type NewsletterPreferences,
  type Subscription,
} from '@quillpost/domain';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import { AppError } from '../../http/errors.js';
import { cancelPendingMail, enqueueMail } from '../../mail/outbox.js';
import { listConsents, recordConsent, type ConsentRecord } from './consent.js';
import { confirmationEmail, unsubscribeConfirmationEmail, welcomeEmail } from './emails.js';
import { findByEmail, findById, toSubscription, type SubscriptionRow } from './queries.js';

export interface SubscriptionDeps {
  db: Db;
  clock: Clock;
  env: Pick<Env, 'SESSION_SECRET' | 'WEB_ORIGIN' | 'PUBLIC_URL' | 'SITE_NAME'>;
}

const iso = (ms: number) => new Date(ms).toISOString();
const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const subject = (row: SubscriptionRow) => ({
  id: row.id,
  linkKey: row.link_key,
  email: row.email,
  name: row.name,
});

/** Issues a fresh verification token (256 random bits) and cancels the subscriber's older ones. */
function issueVerificationToken({ db, clock }: SubscriptionDeps, subscriptionId: number): string {
  const now = clock.now();
  db.prepare(
    `UPDATE verification_tokens SET cancelled_at = ?
     WHERE subscription_id = ? AND consumed_at IS NULL AND cancelled_at IS NULL`,
  ).run(iso(now), subscriptionId);
  const token = randomBytes(32).toString('base64url');
  db.prepare(
    `INSERT INTO verification_tokens (subscription_id, token_hash, created_at, expires_at)
     VALUES (?, ?, ?, ?)`,
  ).run(subscriptionId, hashToken(token), iso(now), iso(now + VERIFICATION_TOKEN_TTL_MS));
  return token;
}

function cancelVerificationTokens({ db, clock }: SubscriptionDeps, subscriptionId: number): void {
  db.prepare(
    `UPDATE verification_tokens SET cancelled_at = ?
     WHERE subscription_id = ? AND consumed_at IS NULL AND cancelled_at IS NULL`,
  ).run(iso(clock.now()), subscriptionId);
}

export interface SubscribeInput {
  email: string;
  name?: string | undefined;
  wantsAccount: boolean;
  /** Which form or channel, for the consent record. */
  source: string;
  ipHash: string | null;
}

/**
 * Creates or refreshes a pending subscription and queues its confirmation email, in one
 * transaction. An active address is left as it is and gets no mail, and the caller answers
 * exactly as for a new one, so the form cannot tell who is subscribed.
 */
export function subscribe(deps: SubscriptionDeps, input: SubscribeInput): { queued: boolean } {
  const { db, clock, env } = deps;
  return db
    .transaction(() => {
      const now = iso(clock.now());
      const existing = findByEmail(db, input.email);
      if (existing?.status === 'active') return { queued: false };
      let row: SubscriptionRow;
      if (existing) {
        db.prepare(
          `UPDATE subscriptions SET status = 'pending', verified = 0, name = COALESCE(?, name),
           wants_account = ?, subscribed_at = ?, unsubscribed_at = NULL, bounced_at = NULL, updated_at = ?
         WHERE id = ?`,
        ).run(input.name ?? null, input.wantsAccount ? 1 : 0, now, now, existing.id);
        row = findById(db, existing.id)!;
      } else {
        const result = db
          .prepare(
            `INSERT INTO subscriptions (email, name, status, verified, wants_account, preferences, link_key,
             subscribed_at, created_at, updated_at)
           VALUES (?, ?, 'pending', 0, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            input.email,
            input.name ?? null,
            input.wantsAccount ? 1 : 0,
            JSON.stringify(DEFAULT_NEWSLETTER_PREFERENCES),
            randomBytes(16).toString('base64url'),
            now,
            now,
            now,
          );
        row = findById(db, Number(result.lastInsertRowid))!;
      }
      recordConsent(db, clock, {
        subscriptionId: row.id,
        action: 'subscribe',
        source: input.source,
        consentText: MESSAGES.CONSENT_TEXT,
        ipHash: input.ipHash,
      });
      const token = issueVerificationToken(deps, row.id);
      enqueueMail(db, clock, confirmationEmail(env, subject(row), token));
      return { queued: true };
    })
    .immediate();
}

/** Queues a new confirmation email for a pending subscription; silent for any other address. */
export function resendVerification(deps: SubscriptionDeps, email: string): { queued: boolean } {
  const { db, clock, env } = deps;
  return db
    .transaction(() => {
      const row = findByEmail(db, email);
      if (row?.status !== 'pending') return { queued: false };
      const token = issueVerificationToken(deps, row.id);
      enqueueMail(db, clock, confirmationEmail(env, subject(row), token));
      return { queued: true };
    })
    .immediate();
}

/**
 * Consumes a verification token: a single UPDATE claims it, so of many parallel uses exactly
 * one succeeds. The subscription becomes active and verified, and a welcome email is queued.
 */
export function verify(
  deps: SubscriptionDeps,
  token: string,
  context: { ipHash: string | null },
): Subscription {
  const { db, clock, env } = deps;
  return db
    .transaction(() => {
      const now = iso(clock.now());
      const tokenHash = hashToken(token);
      const claimed = db
        .prepare(
          `UPDATE verification_tokens SET consumed_at = @now
         WHERE token_hash = @tokenHash AND consumed_at IS NULL AND cancelled_at IS NULL AND expires_at > @now
         RETURNING subscription_id AS subscriptionId`,
        )
        .get({ now, tokenHash }) as { subscriptionId: number } | undefined;
      if (!claimed) {
        const known = db
          .prepare(
            'SELECT expires_at AS expiresAt, consumed_at AS consumedAt, cancelled_at AS cancelledAt FROM verification_tokens WHERE token_hash = ?',
          )
          .get(tokenHash) as
          { expiresAt: string; consumedAt: string | null; cancelledAt: string | null } | undefined;
        const expired = known && !known.consumedAt && !known.cancelledAt && known.expiresAt <= now;
        throw new AppError(400, expired ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID');
      }
      const row = findById(db, claimed.subscriptionId)!;
      db.prepare(
        `UPDATE subscriptions SET status = 'active', verified = 1, verified_at = ?, updated_at = ? WHERE id = ?`,
      ).run(now, now, row.id);
      recordConsent(db, clock, {
        subscriptionId: row.id,
        action: 'confirm',
        source: 'confirmation-email',
        consentText: MESSAGES.CONSENT_TEXT,
        ipHash: context.ipHash,
      });
      if (row.status !== 'active') enqueueMail(db, clock, welcomeEmail(env, subject(row)));
      return toSubscription(findById(db, row.id)!);
    })
    .immediate();
}

/** Ends a subscription whose owner is proven (manage token, session or one-click link). */
export function unsubscribe(
  deps: SubscriptionDeps,
  subscriptionId: number,
  context: { source: string; ipHash: string | null },
): boolean {
  const { db, clock } = deps;
  return db
    .transaction(() => {
      const row = findById(db, subscriptionId);
      if (!row) return false;
      if (row.status === 'unsubscribed') return true;
      const now = iso(clock.now());
      db.prepare(
        `UPDATE subscriptions SET status = 'unsubscribed', unsubscribed_at = ?, updated_at = ? WHERE id = ?`,
      ).run(now, now, row.id);
      cancelVerificationTokens(deps, row.id);
      recordConsent(db, clock, {
        subscriptionId: row.id,
        action: 'withdraw',
        source: context.source,
        consentText: 'Unsubscribed',
        ipHash: context.ipHash,
      });
      return true;
    })
    .immediate();
}

/** Someone without proof asked to unsubscribe an address: mail its owner a one-click link. */
export function requestUnsubscribe(deps: SubscriptionDeps, email: string): { queued: boolean } {
  const { db, clock, env } = deps;
  return db
    .transaction(() => {
      const row = findByEmail(db, email);
      if (!row || row.status === 'unsubscribed') return { queued: false };
      enqueueMail(db, clock, unsubscribeConfirmationEmail(env, subject(row)));
      return { queued: true };
    })
    .immediate();
}

export function updateProfile(
  deps: SubscriptionDeps,
  subscriptionId: number,
  profile: { name?: string | undefined },
): Subscription {
  const { db, clock } = deps;
  return db
    .transaction(() => {
      const now = iso(clock.now());
      if (profile.name !== undefined) {
        db.prepare('UPDATE subscriptions SET name = ?, updated_at = ? WHERE id = ?').run(
          profile.name,
          now,
          subscriptionId,
        );
      }
      return toSubscription(findById(db, subscriptionId)!);
    })
    .immediate();
}

export function updatePreferences(
  deps: SubscriptionDeps,
  subscriptionId: number,
  preferences: NewsletterPreferences,
): Subscription {
  const { db, clock } = deps;
  return db
    .transaction(() => {
      db.prepare('UPDATE subscriptions SET preferences = ?, updated_at = ? WHERE id = ?').run(
        JSON.stringify({ ...DEFAULT_NEWSLETTER_PREFERENCES, ...preferences }),
        iso(clock.now()),
        subscriptionId,
      );
      return toSubscription(findById(db, subscriptionId)!);
    })
    .immediate();
}

/** Erases a subscriber: the row, its tokens and consent records, and mail not yet sent. */
export function deleteSubscription(deps: SubscriptionDeps, subscriptionId: number): void {
  const { db } = deps;
  db.transaction(() => {
    const row = findById(db, subscriptionId);
    if (!row) return;
    cancelPendingMail(db, row.email);
    db.prepare('DELETE FROM subscriptions WHERE id = ?').run(row.id);
  }).immediate();
}

export interface SubscriptionExport {
  subscription: Subscription;
  consents: ConsentRecord[];
  verifiedAt: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
}

/** Everything kept about one subscriber, for GET /subscription/data. */
export function exportSubscription(
  deps: SubscriptionDeps,
  row: SubscriptionRow,
): SubscriptionExport {
  return {
    subscription: toSubscription(row),
    consents: listConsents(deps.db, row.id),
    verifiedAt: row.verified_at,
    unsubscribedAt: row.unsubscribed_at,
    createdAt: row.created_at,
  };
}

/** The outbox's permanent-failure hook: the relay refused the address, so stop mailing it. */
export function markBounced(db: Db, clock: Clock, email: string): void {
  const now = iso(clock.now());
  db.prepare(
    'UPDATE subscriptions SET bounced_at = ?, updated_at = ? WHERE email = ? AND bounced_at IS NULL',
  ).run(now, now, email);
}
