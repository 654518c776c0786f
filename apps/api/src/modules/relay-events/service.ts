import { canonicalEmail } from '@quillpost/domain';
import { isoNow } from '../../clock.js';
import { inTransaction } from '../../db/statements.js';
import type { CommunityDeps } from '../../deps.js';
import type { PersonalDataHolder } from '../../personal-data.js';
import { findByEmail, markBounced, unsubscribe } from '../subscriptions/index.js';
import {
  deleteReportsAbout,
  insertRelayEvent,
  reportsAbout,
  takeRelayToken,
  type Relay,
} from './store.js';

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
  const recipient = canonicalRecipient(event.recipient);
  return inTransaction(db, () => {
    const subscription = findByEmail(db, recipient);
    const inserted = insertRelayEvent(
      db,
      {
        ...event,
        recipient,
        subscriptionId: subscription?.id ?? null,
        detail: event.detail?.slice(0, 500) ?? null,
      },
      isoNow(clock),
    );
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
  return inTransaction(db, () =>
    takeRelayToken(db, {
      relay,
      token,
      now: new Date(now).toISOString(),
      forgetBefore: new Date(now - keepMs).toISOString(),
    }),
  );
}

/** An address as relay events are stored under it: canonical when it parses. */
function canonicalRecipient(address: string): string {
  const canonical = canonicalEmail(address);
  return canonical.ok ? canonical.email : address.trim().toLowerCase();
}

/**
 * What relays reported about mail to the member's proven address. Erasing deletes those reports:
 * a subscription's deletion takes its own along, but one logged before the address subscribed,
 * or after it left, would outlive it.
 */
export const relayEventsPersonalData: PersonalDataHolder = {
  tables: ['relay_events'],
  export: (db, { provenEmail }) => ({
    mailRelayReports: provenEmail ? reportsAbout(db, canonicalRecipient(provenEmail)) : [],
  }),
  erase(db, { provenEmail }) {
    if (provenEmail) deleteReportsAbout(db, canonicalRecipient(provenEmail));
  },
};
