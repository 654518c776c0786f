/**
 * Subscribers moving in and out (issue 27): rows as another platform (or this site's own export)
 * describes them, written with the consent history that proves each one asked; and every
 * subscriber with that history, for the site's export.
 */
import { DEFAULT_NEWSLETTER_PREFERENCES, type NewsletterPreferences } from '@quillpost/domain';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/connection.js';
import { statement } from '../../../db/statements.js';
import type { Clock } from '../../../clock.js';
import { listConsents, recordConsent, type ConsentRecord } from './consent.js';
import { parsePreferences } from './subscriptions.js';

/** A consent event as an export gives it: no address's hash travels between sites. */
export type MovedConsent = Omit<ConsentRecord, 'ipHash'>;

/** A subscriber as an export describes them; never a pending one (nobody is asked to confirm). */
export interface MovedSubscriber {
  /** Canonical (the domain's email schema). */
  email: string;
  name: string | null;
  state: 'active' | 'unsubscribed' | 'bounced';
  subscribedAt: string;
  /** null when the export does not say: verified_at stays empty rather than claim a date. */
  confirmedAt: string | null;
  /** When they left (unsubscribed) or the address failed (bounced). */
  endedAt: string | null;
  bounceReason: string | null;
  /** What the other platform knew and this site has no place for: a paid plan, labels. */
  note: string | null;
  preferences: NewsletterPreferences | null;
  consents: MovedConsent[];
}

/** The subscriber's id under this address, if the list has it (any state). */
export function subscriberIdByEmail(db: Db, email: string): number | undefined {
  return statement(db, 'SELECT id FROM subscriptions WHERE email = ?').pluck().get(email) as
    number | undefined;
}

/**
 * Writes the subscriber (a new row, or over `existingId`) and whichever of their consent events
 * the row does not have yet, so writing the same subscriber twice changes nothing.
 */
export function writeMovedSubscriber(
  db: Db,
  subscriber: MovedSubscriber,
  now: string,
  existingId?: number,
): number {
  const values = {
    email: subscriber.email,
    name: subscriber.name,
    status: subscriber.state === 'unsubscribed' ? 'unsubscribed' : 'active',
    preferences: JSON.stringify(subscriber.preferences ?? DEFAULT_NEWSLETTER_PREFERENCES),
    subscribedAt: subscriber.subscribedAt,
    verifiedAt: subscriber.confirmedAt,
    unsubscribedAt: subscriber.state === 'unsubscribed' ? subscriber.endedAt : null,
    bouncedAt: subscriber.state === 'bounced' ? (subscriber.endedAt ?? now) : null,
    bounceReason: subscriber.state === 'bounced' ? subscriber.bounceReason : null,
    note: subscriber.note,
    now,
  };
  let id = existingId;
  if (id === undefined) {
    id = Number(
      statement(
        db,
        `INSERT INTO subscriptions (email, name, status, verified, wants_account, preferences,
           link_key, subscribed_at, verified_at, unsubscribed_at, bounced_at, bounce_reason, note,
           created_at, updated_at)
         VALUES (@email, @name, @status, 1, 0, @preferences, @linkKey, @subscribedAt, @verifiedAt,
           @unsubscribedAt, @bouncedAt, @bounceReason, @note, @now, @now)`,
      ).run({ ...values, linkKey: randomBytes(16).toString('base64url') }).lastInsertRowid,
    );
  } else {
    // Written over, but never back onto the list: whoever left or bounced here stays so, whatever
    // the other platform says.
    statement(
      db,
      `UPDATE subscriptions SET name = @name,
         status = CASE WHEN status = 'unsubscribed' THEN status ELSE @status END, verified = 1,
         preferences = @preferences, subscribed_at = @subscribedAt, verified_at = @verifiedAt,
         unsubscribed_at = COALESCE(unsubscribed_at, @unsubscribedAt),
         bounced_at = COALESCE(bounced_at, @bouncedAt),
         bounce_reason = COALESCE(bounce_reason, @bounceReason), note = @note,
         verify_token_hash = NULL, verify_token_expires_at = NULL, updated_at = @now
       WHERE id = @id`,
    ).run({ ...values, id });
  }
  // A new row has no history yet; an existing one is read once (consent_records has no index by
  // subscriber: writes stay cheap, and this is the rare overwrite).
  const eventKey = (event: Omit<MovedConsent, 'consentText'>) =>
    `${event.action}\0${event.source.slice(0, 200)}\0${event.recordedAt}`;
  const known = new Set(existingId === undefined ? [] : listConsents(db, id).map(eventKey));
  // Each event keeps the time the other platform gave it: the clock is never read.
  const at: Clock = { now: () => Date.parse(now) };
  for (const consent of subscriber.consents) {
    if (known.has(eventKey(consent))) continue;
    recordConsent(db, at, { subscriptionId: id, ...consent, ipHash: null });
  }
  return id;
}

interface ExportRow {
  id: number;
  email: string;
  name: string | null;
  status: 'pending' | 'active' | 'unsubscribed';
  preferences: string;
  subscribed_at: string;
  verified_at: string | null;
  unsubscribed_at: string | null;
  bounced_at: string | null;
  bounce_reason: string | null;
  note: string | null;
  start_path: string | null;
}

/** Every subscriber who ever confirmed, with their consent history, for the site's export. */
export function subscribersWithConsents(
  db: Db,
): Array<MovedSubscriber & { startPath: string | null }> {
  const rows = statement(
    db,
    `SELECT id, email, name, status, preferences, subscribed_at, verified_at, unsubscribed_at,
       bounced_at, bounce_reason, note, start_path
     FROM subscriptions WHERE verified = 1 ORDER BY id`,
  ).all() as ExportRow[];
  const consents = new Map<number, MovedConsent[]>();
  for (const record of statement(
    db,
    `SELECT subscription_id AS id, action, source, consent_text AS consentText,
       created_at AS recordedAt
     FROM consent_records ORDER BY id`,
  ).all() as Array<MovedConsent & { id: number }>) {
    const { id, ...consent } = record;
    consents.set(id, [...(consents.get(id) ?? []), consent]);
  }
  return rows.map((row) => ({
    email: row.email,
    name: row.name,
    state: row.bounced_at ? 'bounced' : row.status === 'unsubscribed' ? 'unsubscribed' : 'active',
    subscribedAt: row.subscribed_at,
    confirmedAt: row.verified_at,
    endedAt: row.bounced_at ?? row.unsubscribed_at,
    bounceReason: row.bounce_reason,
    note: row.note,
    preferences: parsePreferences(row.preferences),
    consents: consents.get(row.id) ?? [],
    startPath: row.start_path,
  }));
}
