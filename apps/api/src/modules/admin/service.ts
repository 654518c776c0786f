/** The owner's console: users and roles, subscribers (list, CSV export and import), analytics. */
import { randomBytes } from 'node:crypto';
import {
  CSV_IMPORT_MAX_ROWS,
  DEFAULT_NEWSLETTER_PREFERENCES,
  ROLE_LABELS,
  SUBSCRIBER_CSV_COLUMNS,
  SUBSCRIBER_FILTERS,
  csvRow,
  emailSchema,
  firstIssueError,
  levelFromRole,
  nameSchema,
  type AdminSubscriber,
  type AdminUser,
  type AnalyticsResponse,
  type AssignableRole,
  type ImportResult,
  type SubscriberFilter,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/errors.js';
import { setUserRole, type SessionUser } from '../auth/index.js';
import { inTransaction } from '../../db/statements.js';
import type { CommunityDeps } from '../../deps.js';
import { banStateOf, findTarget, writeLog } from '../moderation/index.js';
import { findByEmail, recordConsent, subscribe } from '../subscriptions/index.js';
import { parseCsv, unguardCell } from './csv.js';

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

interface UserListRow {
  id: number;
  name: string | null;
  email: string | null;
  avatar_url: string | null;
  role: string;
  created_at: string;
  last_sign_in_at: string | null;
  banned_at: string | null;
  banned_until: string | null;
  ban_reason: string | null;
  providers: string | null;
}

const USER_SELECT = `SELECT u.id, u.name, u.email, u.avatar_url, u.role, u.created_at, u.last_sign_in_at,
    u.banned_at, u.banned_until, u.ban_reason,
    (SELECT group_concat(a.provider, ',') FROM accounts a WHERE a.user_id = u.id) AS providers
  FROM users u`;

function toAdminUser(row: UserListRow, now: string): AdminUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    avatarUrl: row.avatar_url,
    role: row.role,
    level: levelFromRole(row.role),
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    providers: row.providers ? row.providers.split(',').sort() : [],
    ban: banStateOf(row, now),
  };
}

export function listUsers(
  db: Db,
  query: { q: string; page: number; pageSize: number },
  now: string,
): { items: AdminUser[]; total: number } {
  const where = `WHERE u.deleted_at IS NULL AND (@q = '' OR u.email LIKE @like ESCAPE '\\'
    OR u.name LIKE @like ESCAPE '\\')`;
  const params = { q: query.q, like: likePattern(query.q) };
  const rows = db
    .prepare(
      `${USER_SELECT} ${where} ORDER BY u.created_at DESC, u.id DESC LIMIT @limit OFFSET @offset`,
    )
    .all({
      ...params,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }) as UserListRow[];
  const total = db.prepare(`SELECT COUNT(*) FROM users u ${where}`).pluck().get(params) as number;
  return { items: rows.map((row) => toAdminUser(row, now)), total };
}

export function adminUser(db: Db, userId: number, now: string): AdminUser {
  const row = db.prepare(`${USER_SELECT} WHERE u.id = ?`).get(userId) as UserListRow | undefined;
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return toAdminUser(row, now);
}

/** Changes someone else's role, which ends their sessions (see setUserRole). Logged. */
export function assignRole(
  deps: CommunityDeps,
  actor: SessionUser,
  userId: number,
  role: AssignableRole,
  now: string,
): AdminUser {
  const { db } = deps;
  return inTransaction(db, () => {
    if (userId === actor.id) throw new AppError(400, 'CANNOT_CHANGE_OWN_ROLE');
    const target = findTarget(db, userId);
    if (!target || target.deleted_at !== null) throw new AppError(404, 'NOT_FOUND');
    if (target.role !== role) {
      setUserRole(deps, userId, role, actor.id);
      writeLog(db, {
        actorId: actor.id,
        action: 'user.role',
        targetUserId: userId,
        summary: `Changed role from ${ROLE_LABELS[levelFromRole(target.role)]} to ${ROLE_LABELS[levelFromRole(role)]}`,
        at: now,
      });
    }
    return adminUser(db, userId, now);
  });
}

// Subscribers

interface SubscriberRow {
  id: number;
  email: string;
  name: string | null;
  status: 'pending' | 'active' | 'unsubscribed';
  verified: 0 | 1;
  subscribed_at: string;
  verified_at: string | null;
  unsubscribed_at: string | null;
  bounced_at: string | null;
  bounce_reason: string | null;
}

/** Bounced is its own filter: the relay refused the address, whatever the stored status. */
const FILTER_SQL: Record<SubscriberFilter, string> = {
  pending: `s.status = 'pending' AND s.bounced_at IS NULL`,
  active: `s.status = 'active' AND s.bounced_at IS NULL`,
  unsubscribed: `s.status = 'unsubscribed' AND s.bounced_at IS NULL`,
  bounced: `s.bounced_at IS NOT NULL`,
};

function toSubscriber(row: SubscriberRow): AdminSubscriber {
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
  return { where: `WHERE ${clauses.join(' AND ')}`, params: { like: likePattern(q) } };
}

export function listSubscribers(
  db: Db,
  query: { status?: SubscriberFilter | undefined; q: string; page: number; pageSize: number },
) {
  const { where, params } = subscriberWhere(query.status, query.q);
  const rows = db
    .prepare(
      `SELECT * FROM subscriptions s ${where} ORDER BY s.subscribed_at DESC, s.id DESC
       LIMIT @limit OFFSET @offset`,
    )
    .all({
      ...params,
      limit: query.pageSize,
      offset: (query.page - 1) * query.pageSize,
    }) as SubscriberRow[];
  const total = db
    .prepare(`SELECT COUNT(*) FROM subscriptions s ${where}`)
    .pluck()
    .get(params) as number;
  const counts = Object.fromEntries(
    SUBSCRIBER_FILTERS.map((filter) => [
      filter,
      db
        .prepare(`SELECT COUNT(*) FROM subscriptions s WHERE ${FILTER_SQL[filter]}`)
        .pluck()
        .get() as number,
    ]),
  ) as Record<SubscriberFilter, number>;
  return { items: rows.map(toSubscriber), total, counts };
}

/** The CSV file (formula-guarded cells) and how many rows it holds. Logged. */
export function exportSubscribers(
  db: Db,
  actor: SessionUser,
  status: SubscriberFilter | undefined,
  now: string,
): { csv: string; count: number } {
  return inTransaction(db, () => {
    const { where, params } = subscriberWhere(status, '');
    const rows = db
      .prepare(`SELECT * FROM subscriptions s ${where} ORDER BY s.id`)
      .all(params) as SubscriberRow[];
    const lines = [csvRow(SUBSCRIBER_CSV_COLUMNS)];
    for (const row of rows.map(toSubscriber)) {
      lines.push(
        csvRow([
          row.email,
          row.name,
          row.status,
          row.verified,
          row.subscribedAt,
          row.verifiedAt,
          row.unsubscribedAt,
          row.bouncedAt,
        ]),
      );
    }
    writeLog(db, {
      actorId: actor.id,
      action: 'subscribers.export',
      summary: `Exported ${rows.length} subscriber${rows.length === 1 ? '' : 's'}${status ? ` (${status})` : ''} as CSV`,
      at: now,
    });
    return { csv: `${lines.join('\r\n')}\r\n`, count: rows.length };
  });
}

const CONSENTED = new Set(['yes', 'y', 'true', '1', 'consented']);

/**
 * Imports subscribers from CSV. Addresses already on the list (any status, unsubscribed too) are
 * left alone. A row whose consent column says yes becomes active without re-confirmation, with a
 * consent record saying where that consent came from; every other row is subscribed as pending
 * and gets the normal confirmation email. One transaction: a bad file imports nothing.
 */
export function importSubscribers(
  deps: CommunityDeps,
  actor: SessionUser,
  csv: string,
  now: string,
): Omit<ImportResult, 'success'> {
  const { db, clock } = deps;
  const records = parseCsv(csv);
  const header = records[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const column = (name: string) => header.indexOf(name);
  const emailAt = column('email');
  if (emailAt < 0) throw new AppError(400, 'CSV_INVALID');
  if (records.length - 1 > CSV_IMPORT_MAX_ROWS) throw new AppError(400, 'CSV_TOO_MANY_ROWS');
  const nameAt = column('name');
  const consentAt = column('consent');
  const sourceAt = column('source');
  const result: Omit<ImportResult, 'success'> = {
    imported: 0,
    confirmationsQueued: 0,
    skippedExisting: 0,
    invalid: [],
  };
  return inTransaction(db, () => {
    for (const record of records.slice(1)) {
      const cell = (at: number) => (at < 0 ? '' : unguardCell(record.cells[at] ?? '').trim());
      const email = emailSchema.safeParse(cell(emailAt));
      const name = nameSchema.safeParse(cell(nameAt) || undefined);
      if (!email.success || !name.success) {
        const error = firstIssueError((email.success ? name.error : email.error)!);
        result.invalid.push({ line: record.line, code: error.code, message: error.message });
        continue;
      }
      if (findByEmail(db, email.data)) {
        result.skippedExisting += 1;
        continue;
      }
      const source = cell(sourceAt).slice(0, 100);
      if (CONSENTED.has(cell(consentAt).toLowerCase())) {
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO subscriptions (email, name, status, verified, wants_account, preferences,
               link_key, subscribed_at, verified_at, created_at, updated_at)
             VALUES (?, ?, 'active', 1, 0, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            email.data,
            name.data ?? null,
            JSON.stringify(DEFAULT_NEWSLETTER_PREFERENCES),
            randomBytes(16).toString('base64url'),
            now,
            now,
            now,
            now,
          );
        recordConsent(db, clock, {
          subscriptionId: Number(lastInsertRowid),
          action: 'subscribe',
          source: `admin-import-consented${source ? `:${source}` : ''}`,
          consentText: `Consent given before import${source ? ` (${source})` : ''}; imported by an administrator without re-confirmation.`,
          ipHash: null,
        });
        result.imported += 1;
      } else {
        subscribe(deps, {
          email: email.data,
          name: name.data,
          wantsAccount: false,
          source: `admin-import${source ? `:${source}` : ''}`,
          ipHash: null,
        });
        result.confirmationsQueued += 1;
      }
    }
    writeLog(db, {
      actorId: actor.id,
      action: 'subscribers.import',
      summary: `Imported subscribers from CSV: ${result.imported} active, ${result.confirmationsQueued} asked to confirm, ${result.skippedExisting} already listed, ${result.invalid.length} invalid`,
      at: now,
    });
    return result;
  });
}

// Analytics

/** The last 12 calendar months (UTC), oldest first, as 'YYYY-MM' and the instant they end. */
function lastMonths(now: string): Array<{ month: string; end: string }> {
  const date = new Date(now);
  const months: Array<{ month: string; end: string }> = [];
  for (let back = 11; back >= 0; back -= 1) {
    const start = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1));
    const end = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    months.push({ month: start.toISOString().slice(0, 7), end: end.toISOString() });
  }
  return months;
}

export function analytics(db: Db, now: string): Omit<AnalyticsResponse, 'success'> {
  // Subscribers on the list at a month's end: signed up by then and not unsubscribed by then.
  const subscribersAt = db
    .prepare(
      `SELECT COUNT(*) FROM subscriptions WHERE created_at < @end
         AND (unsubscribed_at IS NULL OR unsubscribed_at >= @end)`,
    )
    .pluck();
  const membersAt = db
    .prepare(
      `SELECT COUNT(*) FROM users WHERE created_at < @end AND (deleted_at IS NULL OR deleted_at >= @end)`,
    )
    .pluck();
  const months = lastMonths(now).map(({ month, end }) => ({
    month,
    subscribers: subscribersAt.get({ end }) as number,
    members: membersAt.get({ end }) as number,
  }));
  const signupsBySource = db
    .prepare(
      `SELECT source, COUNT(DISTINCT subscription_id) AS count FROM consent_records
       WHERE action = 'subscribe' GROUP BY source ORDER BY count DESC, source LIMIT 20`,
    )
    .all() as Array<{ source: string; count: number }>;
  const membersByMethod = db
    .prepare(
      `SELECT a.provider AS method, COUNT(*) AS count FROM accounts a
       JOIN users u ON u.id = a.user_id AND u.deleted_at IS NULL
       GROUP BY a.provider ORDER BY count DESC, a.provider`,
    )
    .all() as Array<{ method: string; count: number }>;
  // Of the sign-ups that were asked to confirm (not consented imports), how many did.
  const confirmation = db
    .prepare(
      `SELECT
         (SELECT COUNT(DISTINCT subscription_id) FROM consent_records WHERE action = 'subscribe'
            AND source NOT LIKE 'admin-import-consented%') AS requested,
         (SELECT COUNT(DISTINCT subscription_id) FROM consent_records WHERE action = 'confirm') AS confirmed`,
    )
    .get() as { requested: number; confirmed: number };
  const totals = db
    .prepare(
      `SELECT (SELECT COUNT(*) FROM subscriptions) AS subscribers,
         (SELECT COUNT(*) FROM subscriptions WHERE status = 'active' AND bounced_at IS NULL) AS activeSubscribers,
         (SELECT COUNT(*) FROM users WHERE deleted_at IS NULL) AS members`,
    )
    .get() as { subscribers: number; activeSubscribers: number; members: number };
  return {
    months,
    signupsBySource,
    membersByMethod,
    confirmation: {
      ...confirmation,
      rate:
        confirmation.requested === 0
          ? null
          : Math.round((confirmation.confirmed / confirmation.requested) * 1000) / 1000,
    },
    totals,
  };
}
