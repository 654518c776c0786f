import { keyedHash } from '../../../security/secrets.js';
import { isoNow, type Clock } from '../../../clock.js';
import type { Db } from '../../../db/connection.js';
import { statement } from '../../../db/statements.js';

export type ConsentAction = 'subscribe' | 'confirm' | 'withdraw';

export interface ConsentRecord {
  action: ConsentAction;
  source: string;
  consentText: string;
  ipHash: string | null;
  recordedAt: string;
}

/** HMAC of the client IP: lets an operator match records from one address without storing it. */
export function hashIp(secret: string, ip: string | undefined): string | null {
  if (!ip) return null;
  return keyedHash(secret, 'consent-ip', ip);
}

/** Appends one consent event; call inside the transaction that changes the subscription. */
export function recordConsent(
  db: Db,
  clock: Clock,
  entry: {
    subscriptionId: number;
    action: ConsentAction;
    source: string;
    consentText: string;
    ipHash: string | null;
    /** When it happened, if not now: consent given on another platform keeps its own time. */
    recordedAt?: string;
  },
): void {
  statement(
    db,
    `INSERT INTO consent_records (subscription_id, action, source, consent_text, ip_hash, created_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
  ).run(
    entry.subscriptionId,
    entry.action,
    entry.source.slice(0, 200),
    entry.consentText,
    entry.ipHash,
    entry.recordedAt ?? isoNow(clock),
  );
}

/** Every consent event of a subscriber, oldest first, for the data export. */
export function listConsents(db: Db, subscriptionId: number): ConsentRecord[] {
  return statement(
    db,
    `SELECT action, source, consent_text AS consentText, ip_hash AS ipHash, created_at AS recordedAt
       FROM consent_records WHERE subscription_id = ? ORDER BY id`,
  ).all(subscriptionId) as ConsentRecord[];
}
