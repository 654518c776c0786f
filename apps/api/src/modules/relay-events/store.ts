/** What relays reported after delivery, and the Mailgun tokens seen lately (replay guard). */
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';
import { statement } from '../../db/statements.js';

export const OWNED_TABLES = {
  relay_events: 'person',
  relay_tokens: 'site',
} as const satisfies OwnedTables;

export type Relay = 'mailgun' | 'postmark' | 'ses';

export interface StoredRelayEvent {
  relay: Relay;
  eventId: string;
  kind: 'bounce' | 'complaint';
  /** Canonical. */
  recipient: string;
  subscriptionId: number | null;
  detail: string | null;
  occurredAt: string;
}

/** Logs an event once: false when the relay reported it before. */
export function insertRelayEvent(db: Db, event: StoredRelayEvent, now: string): boolean {
  return (
    statement(
      db,
      `INSERT INTO relay_events (relay, event_id, kind, recipient, subscription_id, detail,
         occurred_at, received_at)
       VALUES (@relay, @eventId, @kind, @recipient, @subscriptionId, @detail, @occurredAt, @now)
       ON CONFLICT (relay, event_id) DO NOTHING`,
    ).run({ ...event, now }).changes > 0
  );
}

export interface RelayReport {
  relay: Relay;
  kind: 'bounce' | 'complaint';
  detail: string | null;
  occurredAt: string;
}

/** What relays reported about mail to the address, oldest first. */
export function reportsAbout(db: Db, recipient: string): RelayReport[] {
  return statement(
    db,
    `SELECT relay, kind, detail, occurred_at AS occurredAt FROM relay_events
     WHERE recipient = ? ORDER BY occurred_at, id`,
  ).all(recipient) as RelayReport[];
}

/**
 * What a relay reported of `kind` between two instants (ISO-8601, inclusive): the subscription and
 * when it happened.
 */
export function reportsBetween(
  db: Db,
  kind: 'bounce' | 'complaint',
  from: string,
  to: string,
): Array<{ subscriberId: number; at: string }> {
  return statement(
    db,
    `SELECT subscription_id AS subscriberId, occurred_at AS at FROM relay_events
     WHERE kind = ? AND occurred_at BETWEEN ? AND ? AND subscription_id IS NOT NULL`,
  ).all(kind, from, to) as Array<{ subscriberId: number; at: string }>;
}

export function deleteReportsAbout(db: Db, recipient: string): void {
  statement(db, 'DELETE FROM relay_events WHERE recipient = ?').run(recipient);
}

/**
 * Takes a token once: false when it was seen before. Tokens seen before `forgetBefore` go first,
 * since a signature that old is refused as stale anyway.
 */
export function takeRelayToken(
  db: Db,
  token: { relay: Relay; token: string; now: string; forgetBefore: string },
): boolean {
  statement(db, 'DELETE FROM relay_tokens WHERE relay = ? AND seen_at < ?').run(
    token.relay,
    token.forgetBefore,
  );
  return (
    statement(
      db,
      `INSERT INTO relay_tokens (relay, token, seen_at) VALUES (?, ?, ?)
       ON CONFLICT (relay, token) DO NOTHING`,
    ).run(token.relay, token.token, token.now).changes === 1
  );
}
