import { randomBytes } from 'node:crypto';
import {
  CONSENT_SOURCES,
  DEFAULT_NEWSLETTER_PREFERENCES,
  MESSAGES,
  VERIFICATION_TOKEN_TTL_MS,
  type NewsletterPreferences,
  type Subscription,
} from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { forgetOlderCopies, inTransaction } from '../../db/statements.js';
import { DomainError } from '../../domain-error.js';
import type { Env } from '../../env.js';
import type { PersonalDataHolder } from '../../personal-data.js';
import { hashToken, newSecretToken } from '../../security/secrets.js';
import { enqueueMail, forgetMailTo } from '../../mail/outbox.js';
import { listConsents, recordConsent, type ConsentRecord } from './store/consent.js';
import { confirmationEmail, unsubscribeConfirmationEmail, welcomeEmail } from './emails.js';
import {
  claimAccountByToken,
  claimVerificationToken,
  confirmedByToken,
  deleteRow,
  findByEmail,
  findById,
  isExpiredToken,
  markBouncedByEmail,
  markUnsubscribed,
  setName,
  setPreferences,
  setVerificationToken,
  toSubscription,
  upsertPending,
  type SubscriptionRow,
} from './store/subscriptions.js';

export interface SubscriptionDeps {
  db: Db;
  clock: Clock;
  env: Pick<Env, 'SESSION_SECRET' | 'WEB_ORIGIN' | 'PUBLIC_URL'>;
}

const DEFAULT_PREFERENCES_JSON = JSON.stringify(DEFAULT_NEWSLETTER_PREFERENCES);
const subject = (row: SubscriptionRow) => ({
  id: row.id,
  linkKey: row.link_key,
  email: row.email,
  name: row.name,
});

/** A fresh verification token: 256 random bits; only its SHA-256 is stored. */
function newVerificationToken(now: number) {
  const token = newSecretToken();
  return { token, hash: hashToken(token), expiresAt: iso(now + VERIFICATION_TOKEN_TTL_MS) };
}

/** Gives a subscription a new token; overwriting the stored hash cancels the older token. */
function issueVerificationToken({ db, clock }: SubscriptionDeps, subscriptionId: number): string {
  const now = clock.now();
  const fresh = newVerificationToken(now);
  setVerificationToken(db, subscriptionId, fresh, iso(now));
  return fresh.token;
}

export interface SubscribeInput {
  email: string;
  name?: string | undefined;
  wantsAccount: boolean;
  /** Which form or channel, for the consent record. */
  source: string;
  ipHash: string | null;
  /** The page of the site the subscription started on, when known (issue 25). */
  startPath?: string | null;
}

/**
 * Creates or refreshes a pending subscription and queues its confirmation email, in one
 * transaction. An active address is left as it is and gets no mail, and the caller answers
 * exactly as for a new one, so the form cannot tell who is subscribed.
 */
export function subscribe(deps: SubscriptionDeps, input: SubscribeInput): { queued: boolean } {
  const { db, clock } = deps;
  return inTransaction(db, () => {
    const nowMs = clock.now();
    const now = iso(nowMs);
    const verification = newVerificationToken(nowMs);
    const row = upsertPending(db, {
      tokenHash: verification.hash,
      tokenExpiresAt: verification.expiresAt,
      email: input.email,
      name: input.name ?? null,
      wantsAccount: input.wantsAccount,
      preferences: DEFAULT_PREFERENCES_JSON,
      linkKey: randomBytes(16).toString('base64url'),
      startPath: input.startPath ?? null,
      now,
    });
    if (!row) return { queued: false };
    recordConsent(db, clock, {
      subscriptionId: row.id,
      action: 'subscribe',
      source: input.source,
      consentText: MESSAGES.CONSENT_TEXT,
      ipHash: input.ipHash,
    });
    enqueueMail(deps, confirmationEmail(deps, subject(row), verification.token, row.start_path));
    return { queued: true };
  });
}

/** Queues a new confirmation email for a pending subscription; silent for any other address. */
export function resendVerification(deps: SubscriptionDeps, email: string): { queued: boolean } {
  const { db } = deps;
  return inTransaction(db, () => {
    const row = findByEmail(db, email);
    if (row?.status !== 'pending') return { queued: false };
    const token = issueVerificationToken(deps, row.id);
    enqueueMail(deps, confirmationEmail(deps, subject(row), token, row.start_path));
    return { queued: true };
  });
}

/**
 * Consumes a verification token: a single UPDATE claims it, so of many parallel uses exactly
 * one succeeds. The subscription becomes active and verified, and a welcome email is queued.
 */
/** The reader asked for an account with the subscription, and has not taken it yet. */
const accountAwaits = (row: SubscriptionRow): boolean =>
  row.wants_account === 1 && row.account_claimed_at === null;

/** How long after confirming the confirming browser may take the account it asked for. */
const ACCOUNT_CLAIM_MS = 24 * 60 * 60 * 1000;

/**
 * "Also create a member account": the address the confirmation link proved, once, for the POST
 * that signs its browser in; undefined when the token never confirmed such a subscription, the
 * account was taken already, or the day has passed.
 */
export function claimSubscriptionAccount(
  deps: SubscriptionDeps,
  token: string,
): string | undefined {
  const nowMs = deps.clock.now();
  return claimAccountByToken(deps.db, hashToken(token), iso(nowMs - ACCOUNT_CLAIM_MS), iso(nowMs));
}

export function verify(
  deps: SubscriptionDeps,
  token: string,
  context: { ipHash: string | null },
): Subscription & { alreadyConfirmed?: true; accountAwaits?: true } {
  const { db, clock } = deps;
  return inTransaction(db, () => {
    const now = iso(clock.now());
    const tokenHash = hashToken(token);
    const row = claimVerificationToken(db, tokenHash, now);
    if (!row) {
      // The same link again (a second click, a mail app's preview): nothing to do, and said so.
      const confirmed = confirmedByToken(db, tokenHash);
      if (confirmed) {
        return {
          ...toSubscription(confirmed),
          alreadyConfirmed: true,
          ...(accountAwaits(confirmed) ? { accountAwaits: true } : {}),
        };
      }
      throw DomainError.invalid(
        isExpiredToken(db, tokenHash, now) ? 'TOKEN_EXPIRED' : 'TOKEN_INVALID',
      );
    }
    recordConsent(db, clock, {
      subscriptionId: row.id,
      action: 'confirm',
      source: CONSENT_SOURCES.confirmationEmail,
      consentText: MESSAGES.CONSENT_TEXT,
      ipHash: context.ipHash,
    });
    // Only a pending subscription holds a token, so this is always its first confirmation.
    enqueueMail(deps, welcomeEmail(deps, subject(row)));
    return { ...toSubscription(row), ...(accountAwaits(row) ? { accountAwaits: true } : {}) };
  });
}

/** Ends a subscription whose owner is proven (manage token, session or one-click link). */
export function unsubscribe(
  deps: SubscriptionDeps,
  subscriptionId: number,
  context: { source: string; ipHash: string | null; consentText?: string },
): boolean {
  const { db, clock } = deps;
  return inTransaction(db, () => {
    const row = findById(db, subscriptionId);
    if (!row) return false;
    if (row.status === 'unsubscribed') return true;
    const now = iso(clock.now());
    markUnsubscribed(db, row.id, now);
    recordConsent(db, clock, {
      subscriptionId: row.id,
      action: 'withdraw',
      source: context.source,
      consentText: context.consentText ?? 'Unsubscribed',
      ipHash: context.ipHash,
    });
    return true;
  });
}

/** Someone without proof asked to unsubscribe an address: mail its owner a one-click link. */
export function requestUnsubscribe(deps: SubscriptionDeps, email: string): { queued: boolean } {
  const { db } = deps;
  return inTransaction(db, () => {
    const row = findByEmail(db, email);
    if (!row || row.status === 'unsubscribed') return { queued: false };
    enqueueMail(deps, unsubscribeConfirmationEmail(deps, subject(row)));
    return { queued: true };
  });
}

export function updateProfile(
  deps: SubscriptionDeps,
  subscriptionId: number,
  profile: { name?: string | undefined },
): Subscription {
  const { db, clock } = deps;
  return inTransaction(db, () => {
    const now = iso(clock.now());
    if (profile.name !== undefined) {
      setName(db, subscriptionId, profile.name, now);
    }
    return toSubscription(findById(db, subscriptionId)!);
  });
}

export function updatePreferences(
  deps: SubscriptionDeps,
  subscriptionId: number,
  preferences: NewsletterPreferences,
): Subscription {
  const { db, clock } = deps;
  return inTransaction(db, () => {
    setPreferences(
      db,
      subscriptionId,
      { ...DEFAULT_NEWSLETTER_PREFERENCES, ...preferences },
      iso(clock.now()),
    );
    return toSubscription(findById(db, subscriptionId)!);
  });
}

/** Erases a subscriber: the row, its tokens and consent records, and mail not yet sent. */
export function deleteSubscription(deps: SubscriptionDeps, subscriptionId: number): void {
  const { db } = deps;
  inTransaction(db, () => {
    const row = findById(db, subscriptionId);
    if (!row) return;
    forgetMailTo(db, row.email);
    deleteRow(db, row.id);
  });
  forgetOlderCopies(db);
}

export interface SubscriptionExport {
  subscription: Subscription;
  consents: ConsentRecord[];
  verifiedAt: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
}

/** Everything kept about one subscriber, for GET /subscription/data. */
export function exportSubscription(db: Db, row: SubscriptionRow): SubscriptionExport {
  return {
    subscription: toSubscription(row),
    consents: listConsents(db, row.id),
    verifiedAt: row.verified_at,
    unsubscribedAt: row.unsubscribed_at,
    createdAt: row.created_at,
  };
}

/** A member's newsletter subscription is the one of their proven address. */
export const subscriptionsPersonalData: PersonalDataHolder = {
  tables: ['subscriptions', 'consent_records'],
  export: (db, { provenEmail }) => {
    const row = provenEmail ? findByEmail(db, provenEmail) : undefined;
    return { newsletter: row ? exportSubscription(db, row) : null };
  },
  erase: (db, { provenEmail }) => {
    const row = provenEmail ? findByEmail(db, provenEmail) : undefined;
    if (row) deleteRow(db, row.id);
  },
};

/**
 * The address will never accept mail: the relay refused it during the SMTP conversation (the
 * outbox's and the newsletter sender's hook) or reported a permanent bounce later (a webhook).
 * The newsletter stops; `reason`, with where it came from, is what the owner's console shows.
 */
export function markBounced(db: Db, clock: Clock, email: string, reason: string): void {
  markBouncedByEmail(db, email, reason.slice(0, 500), iso(clock.now()));
}
