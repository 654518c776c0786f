import { canonicalEmail } from '@quillpost/domain';
import { isoNow } from '../../clock.js';
import { inTransaction, statement } from '../../db/statements.js';
import type { CommunityDeps } from '../../deps.js';
import { findByEmail, markBounced, unsubscribe } from '../subscriptions/index.js';

export type Relay = 'mailgun' | 'postmark' | 'ses';

/** A bounce or complaint as a relay reported it, in the relay's own words. */
export interface RelayEvent {
  relay: Relay;
  /** Unique per relay: a retried or replayed event carries the same id. */
  eventId: string;
  kind: 'bounce' | 'complaint';
  recipient: string;
  detail: string | null;
  occurredAt: string;
}

export type RelayEventOutcome = 'recorded' | 'duplicate';

/**
 * Applies one relay event, once: a permanent bounce marks the subscription bounced (no more
 * newsletters; the console shows the reason), a complaint unsubscribes it (with a withdrawal in
 * its consent records). The event is logged either way, against the subscriber when known.
 */
export function recordRelayEvent(
  deps: Pick<CommunityDeps, 'db' | 'clock' | 'env'>,
  event: RelayEvent,
): RelayEventOutcome {
  const { db, clock } = deps;
  const address = canonicalEmail(event.recipient);
  const recipient = address.ok ? address.email : event.recipient.trim().toLowerCase();
  return inTransaction(db, () => {
    const subscription = findByEmail(db, recipient);
    const inserted = statement(
      db,
      `INSERT INTO relay_events (relay, event_id, kind, recipient, subscription_id, detail,
         occurred_at, received_at)
       VALUES (@relay, @eventId, @kind, @recipient, @subscriptionId, @detail, @occurredAt, @now)
       ON CONFLICT (relay, event_id) DO NOTHING`,
    ).run({
      ...event,
      recipient,
      subscriptionId: subscription?.id ?? null,
      detail: event.detail?.slice(0, 500) ?? null,
      now: isoNow(clock),
    }).changes;
    if (!inserted) return 'duplicate';
    if (!subscription) return 'recorded';
    if (event.kind === 'complaint') {
      unsubscribe(deps, subscription.id, { source: `${event.relay}-complaint`, ipHash: null });
    } else {
      markBounced(db, clock, recipient, `${event.relay}: ${event.detail ?? 'permanent failure'}`);
    }
    return 'recorded';
  });
}

/**
 * Takes a signed token once: false when it was seen before. Tokens older than `keepMs` go, since
 * a signature that old is refused as stale anyway.
 */
export function takeToken(
  deps: Pick<CommunityDeps, 'db' | 'clock'>,
  relay: Relay,
  token: string,
  keepMs: number,
): boolean {
  const { db, clock } = deps;
  const now = clock.now();
  return inTransaction(db, () => {
    statement(db, 'DELETE FROM relay_tokens WHERE relay = ? AND seen_at < ?').run(
      relay,
      new Date(now - keepMs).toISOString(),
    );
    return (
      statement(
        db,
        `INSERT INTO relay_tokens (relay, token, seen_at) VALUES (?, ?, ?)
         ON CONFLICT (relay, token) DO NOTHING`,
      ).run(relay, token, new Date(now).toISOString()).changes === 1
    );
  });
}
