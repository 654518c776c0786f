/** The owner's console: users and roles, subscribers (list, CSV export and import), analytics. */
import {
  CSV_IMPORT_MAX_ROWS,
  ROLE_LABELS,
  SUBSCRIBER_CSV_COLUMNS,
  csvRow,
  emailSchema,
  firstIssueError,
  levelFromRole,
  nameSchema,
  type AdminUser,
  type AnalyticsResponse,
  type AssignableRole,
  type ImportResult,
  type SubscriberFilter,
} from '@quillpost/domain';
import { lastMonths } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { DomainError } from '../../domain-error.js';
import {
  liveMemberCount,
  membersAt,
  membersByMethod,
  setUserRole,
  userListRow,
  userPage,
  type SessionUser,
  type UserListRow,
} from '../auth/index.js';
import { inTransaction } from '../../db/statements.js';
import type { CommunityDeps } from '../../deps.js';
import { banStateOf, findTarget, writeLog } from '../moderation/index.js';
import { listedStanding, reasonOfOne } from '../portability/index.js';
import {
  confirmationCounts,
  findByEmail,
  insertConsentedSubscriber,
  recordConsent,
  signupsBySource,
  subscribe,
  subscribersAt,
  subscribersForExport,
  subscriberTotals,
} from '../subscriptions/index.js';
import { CsvSyntaxError, parseCsv, unguardCell } from '../../csv.js';

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
  const { rows, total } = userPage(db, query);
  return { items: rows.map((row) => toAdminUser(row, now)), total };
}

export function adminUser(db: Db, userId: number, now: string): AdminUser {
  const row = userListRow(db, userId);
  if (!row) throw DomainError.notFound();
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
    if (userId === actor.id) throw DomainError.invalid('CANNOT_CHANGE_OWN_ROLE');
    const target = findTarget(db, userId);
    if (!target || target.deleted_at !== null) throw DomainError.notFound();
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

/** The CSV file (formula-guarded cells) and how many rows it holds. Logged. */
export function exportSubscribers(
  db: Db,
  actor: SessionUser,
  status: SubscriberFilter | undefined,
  now: string,
): { csv: string; count: number } {
  return inTransaction(db, () => {
    const rows = subscribersForExport(db, status);
    const lines = [csvRow(SUBSCRIBER_CSV_COLUMNS)];
    for (const row of rows) {
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
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(csv);
  } catch (error) {
    if (error instanceof CsvSyntaxError) throw DomainError.invalid('CSV_INVALID');
    throw error;
  }
  const header = records[0]?.cells.map((cell) => cell.trim().toLowerCase()) ?? [];
  const column = (name: string) => header.indexOf(name);
  const emailAt = column('email');
  if (emailAt < 0) throw DomainError.invalid('CSV_INVALID');
  if (records.length - 1 > CSV_IMPORT_MAX_ROWS) throw DomainError.invalid('CSV_TOO_MANY_ROWS');
  const nameAt = column('name');
  const consentAt = column('consent');
  const sourceAt = column('source');
  const result: Omit<ImportResult, 'success'> = {
    imported: 0,
    confirmationsQueued: 0,
    skippedExisting: 0,
    invalid: [],
    notSubscribed: [],
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
      // A list exported elsewhere says who is not to be mailed (Substack's email_disabled, a
      // status column): they are neither added nor asked to confirm.
      const standing = listedStanding(header, {
        where: `line ${record.line}`,
        get: (name) => cell(column(name.toLowerCase())),
        has: (name) => column(name.toLowerCase()) >= 0,
      });
      if (standing.state !== 'active') {
        result.notSubscribed.push({
          line: record.line,
          message: `${reasonOfOne(standing)}: left out, and not mailed.`,
        });
        continue;
      }
      if (findByEmail(db, email.data)) {
        result.skippedExisting += 1;
        continue;
      }
      const source = cell(sourceAt).slice(0, 100);
      if (CONSENTED.has(cell(consentAt).toLowerCase())) {
        const subscriptionId = insertConsentedSubscriber(db, {
          email: email.data,
          name: name.data ?? null,
          now,
        });
        recordConsent(db, clock, {
          subscriptionId,
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
      summary: `Imported subscribers from CSV: ${result.imported} active, ${result.confirmationsQueued} asked to confirm, ${result.skippedExisting} already listed, ${result.notSubscribed.length} not subscribed there, ${result.invalid.length} invalid`,
      at: now,
    });
    return result;
  });
}

// Analytics

export function analytics(db: Db, now: string): Omit<AnalyticsResponse, 'success'> {
  const ends = lastMonths(now);
  const instants = ends.map(({ end }) => end);
  const subscribers = subscribersAt(db, instants);
  const members = membersAt(db, instants);
  const months = ends.map(({ month }, index) => ({
    month,
    subscribers: subscribers[index]!,
    members: members[index]!,
  }));
  const confirmation = confirmationCounts(db);
  return {
    months,
    signupsBySource: signupsBySource(db),
    membersByMethod: membersByMethod(db),
    confirmation: {
      ...confirmation,
      rate:
        confirmation.requested === 0
          ? null
          : Math.round((confirmation.confirmed / confirmation.requested) * 1000) / 1000,
    },
    totals: { ...subscriberTotals(db), members: liveMemberCount(db) },
  };
}
