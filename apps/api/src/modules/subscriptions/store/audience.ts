import { NEWSLETTER_SECTIONS, type NewsletterSection } from '@quillpost/domain';
import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../db/connection.js';
import { idList, statement } from '../../../db/statements.js';
import { isDeliverable, type SubscriptionRow } from './subscriptions.js';

/** The columns `isDeliverable` reads. */
type DeliverabilityColumns = Pick<
  SubscriptionRow,
  'status' | 'verified' | 'bounced_at' | 'preferences'
>;

/** A subscriber as the newsletter fixes its list: enough to apply `isDeliverable` and address them. */
export type AudienceMember = DeliverabilityColumns & Pick<SubscriptionRow, 'id' | 'email'>;

/** A subscriber as a newsletter batch mails them: their links are signed with `link_key`. */
export type BatchSubscriber = AudienceMember & Pick<SubscriptionRow, 'link_key'>;

/** One page of the active subscribers with an id above `afterId`, in id order. */
export function activeSubscribersAfter(db: Db, afterId: number, limit: number): AudienceMember[] {
  const page = statement(
    db,
    `SELECT id, email, status, verified, bounced_at, preferences FROM subscriptions
     WHERE id > ? AND status = 'active' ORDER BY id LIMIT ?`,
  ) as Statement<[number, number], AudienceMember>;
  return page.all(afterId, limit);
}

/** These subscribers as they are now; an erased one is missing from the answer. */
export function subscribersByIds(db: Db, ids: readonly number[]): BatchSubscriber[] {
  const subscribers = statement(
    db,
    `SELECT id, email, link_key, status, verified, bounced_at, preferences FROM subscriptions
     WHERE id IN (SELECT value FROM json_each(?))`,
  ) as Statement<[string], BatchSubscriber>;
  return subscribers.all(idList(ids));
}

/** Deliverable subscribers per section: one pass over the table, admin page only. */
export function deliverableCountBySection(db: Db): Record<NewsletterSection, number> {
  const counts = Object.fromEntries(NEWSLETTER_SECTIONS.map((section) => [section, 0])) as Record<
    NewsletterSection,
    number
  >;
  const active = statement(
    db,
    `SELECT status, verified, bounced_at, preferences FROM subscriptions WHERE status = 'active'`,
  ) as Statement<[], DeliverabilityColumns>;
  for (const row of active.all()) {
    for (const section of NEWSLETTER_SECTIONS)
      if (isDeliverable(row, section)) counts[section] += 1;
  }
  return counts;
}

/**
 * Who unsubscribed at or after `since` (ISO-8601): usually a few people, so a send's report
 * counts its recipients among them instead of reading every recipient's subscription.
 */
export function unsubscribedSince(db: Db, since: string): number[] {
  const left = statement(
    db,
    'SELECT id FROM subscriptions WHERE unsubscribed_at >= ?',
  ) as Statement<[string], number>;
  return left.pluck().all(since);
}

/**
 * Who unsubscribed between two instants (ISO-8601, inclusive), and when, where their withdrawal
 * of consent came through one of `sources` (a one-click link, the manage page...).
 */
export function unsubscriptionsBetween(
  db: Db,
  from: string,
  to: string,
  sources: readonly string[],
): SubscriberEvent[] {
  return statement(
    db,
    // Each subscriber's last withdrawal, found in one pass: consent_records has no index by
    // subscriber, so a lookup per unsubscribed row would read the whole table each time.
    `WITH last_withdrawal AS (
       SELECT subscription_id, source, MAX(id) FROM consent_records
       WHERE action = 'withdraw' GROUP BY subscription_id)
     SELECT s.id AS subscriberId, s.unsubscribed_at AS at
     FROM subscriptions s JOIN last_withdrawal w ON w.subscription_id = s.id
     WHERE s.unsubscribed_at BETWEEN @from AND @to
       AND w.source IN (SELECT value FROM json_each(@sources))`,
  ).all({ from, to, sources: JSON.stringify(sources) }) as SubscriberEvent[];
}

/** Something that happened to a subscription at an instant: an unsubscribe, a bounce. */
export interface SubscriberEvent {
  subscriberId: number;
  at: string;
}

/**
 * Confirmed subscriptions that started between two instants (ISO-8601, inclusive), per page they
 * started on ('' when unknown): which posts bring subscribers.
 */
export function subscriptionsByStartPath(
  db: Db,
  from: string,
  to: string,
): Array<{ path: string; count: number }> {
  return statement(
    db,
    `SELECT COALESCE(start_path, '') AS path, count(*) AS count FROM subscriptions
     WHERE verified = 1 AND subscribed_at BETWEEN ? AND ? GROUP BY 1`,
  ).all(from, to) as Array<{ path: string; count: number }>;
}
