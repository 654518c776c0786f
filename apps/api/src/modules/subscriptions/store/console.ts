/** The owner's console's reads and writes on the list: pages, counts, the CSV, imports, growth. */
import {
  DEFAULT_NEWSLETTER_PREFERENCES,
  importedConsentSource,
  SUBSCRIBER_FILTERS,
  type AdminSubscriber,
  type AdminSubscriberDetail,
  type SubscriberFilter,
} from '@quillpost/domain';
import { randomBytes } from 'node:crypto';
import type { Db } from '../../../db/connection.js';
import { likeContaining, statement } from '../../../db/statements.js';
import { listConsents } from './consent.js';
import { findById, parsePreferences, type SubscriptionRow } from './subscriptions.js';

type SubscriberRow = Pick<
  SubscriptionRow,
  | 'id'
  | 'email'
  | 'name'
  | 'status'
  | 'verified'
  | 'subscribed_at'
  | 'verified_at'
  | 'unsubscribed_at'
  | 'bounced_at'
  | 'bounce_reason'
>;

/** Bounced is its own filter: the relay refused the address, whatever the stored status. */
const FILTER_SQL: Record<SubscriberFilter, string> = {
  pending: `s.status = 'pending' AND s.bounced_at IS NULL`,
  active: `s.status = 'active' AND s.bounced_at IS NULL`,
  unsubscribed: `s.status = 'unsubscribed' AND s.bounced_at IS NULL`,
  bounced: `s.bounced_at IS NOT NULL`,
};

export function toSubscriber(row: SubscriberRow): AdminSubscriber {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    status: row.bounced_at ? 'bounced' : row.status,
    verified: row.verified === 1,
    subscribedAt: row.subscribed_at,
    verifiedAt: row.verified_at,
    unsubscribedAt: row.unsubscribed_at,
    bouncedAt: row.bounced_at,
    bounceReason: row.bounced_at ? row.bounce_reason : null,
  };
}

function subscriberWhere(status: SubscriberFilter | undefined, q: string) {
  const clauses = [status ? FILTER_SQL[status] : '1 = 1'];
  if (q) clauses.push(`(s.email LIKE @like ESCAPE '\\' OR s.name LIKE @like ESCAPE '\\')`);
  return { where: `WHERE ${clauses.join(' AND ')}`, params: { like: likeContaining(q) } };
}

export function subscriberPage(
  db: Db,
  query: { status?: SubscriberFilter | undefined; q: string; page: number; pageSize: number },
): { items: AdminSubscriber[]; total: number; counts: Record<SubscriberFilter, number> } {
  const { where, params } = subscriberWhere(query.status, query.q);
  const rows = statement(
    db,
    `SELECT * FROM subscriptions s ${where} ORDER BY s.subscribed_at DESC, s.id DESC
     LIMIT @limit OFFSET @offset`,
  ).all({
    ...params,
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  }) as SubscriberRow[];
  const total = statement(db, `SELECT COUNT(*) FROM subscriptions s ${where}`)
    .pluck()
    .get(params) as number;
  const counts = Object.fromEntries(
    SUBSCRIBER_FILTERS.map((filter) => [
      filter,
      statement(db, `SELECT COUNT(*) FROM subscriptions s WHERE ${FILTER_SQL[filter]}`)
        .pluck()
        .get() as number,
    ]),
  ) as Record<SubscriberFilter, number>;
  return { items: rows.map(toSubscriber), total, counts };
}

/** One subscriber as the owner opens them from the list; undefined when there is none. */
export function subscriberDetail(
  db: Db,
  subscriberId: number,
): Omit<AdminSubscriberDetail, 'success'> | undefined {
  const row = findById(db, subscriberId);
  if (!row) return undefined;
  return {
    subscriber: {
      ...toSubscriber(row),
      preferences: parsePreferences(row.preferences),
      startPath: row.start_path,
      wantsAccount: row.wants_account === 1,
    },
    consents: listConsents(db, row.id).map(({ ipHash, ...consent }) => ({
      ...consent,
      addressKept: ipHash !== null,
    })),
  };
}

/** Every subscriber of a filter, oldest first, for the CSV export. */
export function subscribersForExport(
  db: Db,
  status: SubscriberFilter | undefined,
): AdminSubscriber[] {
  const { where, params } = subscriberWhere(status, '');
  const rows = statement(db, `SELECT * FROM subscriptions s ${where} ORDER BY s.id`).all(
    params,
  ) as SubscriberRow[];
  return rows.map(toSubscriber);
}

/** An imported subscriber whose consent was given elsewhere: active without re-confirmation. */
export function insertConsentedSubscriber(
  db: Db,
  subscriber: { email: string; name: string | null; now: string },
): number {
  const { email, name, now } = subscriber;
  const { lastInsertRowid } = statement(
    db,
    `INSERT INTO subscriptions (email, name, status, verified, wants_account, preferences,
       link_key, subscribed_at, verified_at, created_at, updated_at)
     VALUES (?, ?, 'active', 1, 0, ?, ?, ?, ?, ?, ?)`,
  ).run(
    email,
    name,
    JSON.stringify(DEFAULT_NEWSLETTER_PREFERENCES),
    randomBytes(16).toString('base64url'),
    now,
    now,
    now,
    now,
  );
  return Number(lastInsertRowid);
}

/** Subscribers on the list at each instant: signed up by then and not unsubscribed by then. */
export function subscribersAt(db: Db, instants: readonly string[]): number[] {
  const count = statement(
    db,
    // By the subscriber's own date (an import keeps the one the other platform gave: a list
    // moved in does not grow this month), and never someone who left at a time not known.
    `SELECT COUNT(*) FROM subscriptions WHERE subscribed_at < @end
       AND (unsubscribed_at IS NULL OR unsubscribed_at >= @end)
       AND NOT (status = 'unsubscribed' AND unsubscribed_at IS NULL)`,
  ).pluck();
  return instants.map((end) => count.get({ end }) as number);
}

export function signupsBySource(db: Db): Array<{ source: string; count: number }> {
  return statement(
    db,
    `SELECT source, COUNT(DISTINCT subscription_id) AS count FROM consent_records
     WHERE action = 'subscribe' GROUP BY source ORDER BY count DESC, source LIMIT 20`,
  ).all() as Array<{ source: string; count: number }>;
}

/**
 * Of the sign-ups that were asked to confirm here, how many did: not a list imported with its
 * consent, nor people moved in from another platform (importedConsentSource), who confirmed
 * there if anywhere.
 */
export function confirmationCounts(db: Db): { requested: number; confirmed: number } {
  return statement(
    db,
    `WITH asked AS (
       SELECT DISTINCT subscription_id FROM consent_records WHERE action = 'subscribe'
         AND source NOT LIKE 'admin-import-consented%' AND source NOT LIKE @imported)
     SELECT
       (SELECT COUNT(*) FROM asked) AS requested,
       (SELECT COUNT(DISTINCT subscription_id) FROM consent_records WHERE action = 'confirm'
          AND subscription_id IN asked) AS confirmed`,
  ).get({ imported: importedConsentSource('%') }) as { requested: number; confirmed: number };
}

export function subscriberTotals(db: Db): { subscribers: number; activeSubscribers: number } {
  return statement(
    db,
    `SELECT (SELECT COUNT(*) FROM subscriptions) AS subscribers,
       (SELECT COUNT(*) FROM subscriptions WHERE status = 'active' AND bounced_at IS NULL) AS activeSubscribers`,
  ).get() as { subscribers: number; activeSubscribers: number };
}
