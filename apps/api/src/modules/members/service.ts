/**
 * A member's own things: profile, dashboard, the data export, and erasing an account (their own,
 * or another's by an admin). Everything reads and writes only the signed-in user's rows.
 */
import {
  levelFromRole,
  type DashboardResponse,
  type MemberProfile,
  type ProfileUpdate,
  type profileUpdateSchema,
} from '@quillpost/domain';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/errors.js';
import { readSettings } from '../settings/index.js';
import { deleteUserAccount } from '../auth/index.js';
import { listBookmarks } from '../bookmarks/index.js';
import { upcomingEvents } from '../events/index.js';
import { writeLog } from '../moderation/index.js';
import { deleteSubscription, exportSubscription, findByEmail } from '../subscriptions/index.js';
import { inTransaction } from '../../db/statements.js';
import type { CommunityDeps } from '../../deps.js';
import { POST_EXCERPT, VISIBLE_POST } from '../content/index.js';

export type { ProfileUpdate };

interface ProfileRow {
  name: string | null;
  email: string | null;
  avatar_url: string | null;
  role: string;
  created_at: string;
  bio: string | null;
  website: string | null;
  show_in_directory: 0 | 1 | null;
}

export function readProfile(db: Db, userId: number): MemberProfile {
  const row = db
    .prepare(
      `SELECT u.name, u.email, u.avatar_url, u.role, u.created_at, p.bio, p.website, p.show_in_directory
       FROM users u LEFT JOIN member_profiles p ON p.user_id = u.id
       WHERE u.id = ? AND u.deleted_at IS NULL`,
    )
    .get(userId) as ProfileRow | undefined;
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return {
    name: row.name,
    email: row.email,
    avatarUrl: row.avatar_url,
    bio: row.bio ?? '',
    website: row.website,
    showInDirectory: row.show_in_directory === 1,
    role: row.role,
    level: levelFromRole(row.role),
    memberSince: row.created_at,
  };
}

/** Changes only the fields given; `name` lives on users, the rest on member_profiles. */
export function updateProfile(
  db: Db,
  userId: number,
  input: z.output<typeof profileUpdateSchema>,
  now: string,
): MemberProfile {
  return inTransaction(db, () => {
    const current = readProfile(db, userId);
    if (input.name !== undefined) {
      db.prepare('UPDATE users SET name = ?, updated_at = ? WHERE id = ?').run(
        input.name,
        now,
        userId,
      );
    }
    const next = {
      bio: input.bio === undefined ? current.bio : (input.bio ?? ''),
      website: input.website === undefined ? current.website : input.website,
      show: (input.showInDirectory ?? current.showInDirectory) ? 1 : 0,
    };
    db.prepare(
      `INSERT INTO member_profiles (user_id, bio, website, show_in_directory, updated_at)
       VALUES (@userId, @bio, @website, @show, @now)
       ON CONFLICT (user_id) DO UPDATE SET bio = excluded.bio, website = excluded.website,
         show_in_directory = excluded.show_in_directory, updated_at = excluded.updated_at`,
    ).run({ userId, ...next, now });
    return readProfile(db, userId);
  });
}

export function dashboard(db: Db, userId: number, now: string): Omit<DashboardResponse, 'success'> {
  const posts = db
    .prepare(
      `SELECT c.id, c.slug, c.title, ${POST_EXCERPT} AS excerpt, c.published_at AS date
       FROM content_items c WHERE ${VISIBLE_POST} ORDER BY c.published_at DESC, c.id DESC LIMIT 3`,
    )
    .all({ now }) as Array<{
    id: number;
    slug: string;
    title: string;
    excerpt: string;
    date: string;
  }>;
  const since = new Date(Date.parse(now) - 90 * 86_400_000).toISOString();
  const warnings = db
    .prepare(
      `SELECT reason, created_at AS createdAt FROM member_warnings
       WHERE user_id = ? AND created_at >= ? ORDER BY created_at DESC LIMIT 5`,
    )
    .all(userId, since) as Array<{ reason: string; createdAt: string }>;
  const profile = readProfile(db, userId);
  return {
    announcement: readSettings(db).announcement,
    bookmarks: listBookmarks(db, userId, now, 3),
    posts: posts.map((post) => ({ ...post, id: String(post.id) })),
    events: upcomingEvents(db, userId, now, 3),
    warnings,
    profileComplete: profile.name !== null && profile.bio !== '',
  };
}

/** Everything the site holds about a member, for "download my data". */
export function exportMemberData(deps: CommunityDeps, userId: number, now: string) {
  const { db } = deps;
  const user = db
    .prepare(
      `SELECT id, email, email_verified, name, role, role_assigned_at, avatar_url, banned_at,
         banned_until, ban_reason, created_at, updated_at, last_sign_in_at
       FROM users WHERE id = ? AND deleted_at IS NULL`,
    )
    .get(userId) as Record<string, unknown> | undefined;
  if (!user) throw new AppError(404, 'NOT_FOUND');
  const all = (sql: string) => db.prepare(sql).all(userId);
  const email = user.email_verified === 1 ? (user.email as string | null) : null;
  const subscriptionRow = email ? findByEmail(db, email) : undefined;
  return {
    exportedAt: now,
    user: {
      id: user.id,
      email: user.email,
      emailVerified: user.email_verified === 1,
      name: user.name,
      role: user.role,
      roleAssignedAt: user.role_assigned_at,
      avatarUrl: user.avatar_url,
      createdAt: user.created_at,
      updatedAt: user.updated_at,
      lastSignInAt: user.last_sign_in_at,
      ban: user.banned_at
        ? { since: user.banned_at, until: user.banned_until, reason: user.ban_reason }
        : null,
    },
    profile: readProfile(db, userId),
    linkedAccounts: all(
      `SELECT provider, provider_account_id AS providerAccountId, email, email_verified = 1 AS emailVerified,
         display_name AS displayName, avatar_url AS avatarUrl, is_primary = 1 AS isPrimary,
         created_at AS createdAt, last_used_at AS lastUsedAt
       FROM accounts WHERE user_id = ? ORDER BY id`,
    ).map((row) => {
      const account = row as Record<string, unknown>;
      return {
        ...account,
        emailVerified: account.emailVerified === 1,
        isPrimary: account.isPrimary === 1,
      };
    }),
    sessions: all(
      `SELECT method, created_at AS createdAt, last_seen_at AS lastSeenAt, user_agent AS userAgent
       FROM sessions WHERE user_id = ? ORDER BY created_at`,
    ),
    // The newsletter subscription of the proven address, with its consent records.
    newsletter: subscriptionRow ? exportSubscription(deps, subscriptionRow) : null,
    bookmarks: all(
      `SELECT c.slug, c.title, b.created_at AS bookmarkedAt FROM bookmarks b
       JOIN content_items c ON c.id = b.content_id WHERE b.user_id = ? ORDER BY b.created_at`,
    ),
    threadsStarted: all(
      `SELECT id, title, created_at AS createdAt FROM discussion_threads
       WHERE author_id = ? AND kind = 'general' ORDER BY created_at`,
    ),
    comments: all(
      `SELECT k.id, k.thread_id AS threadId, k.parent_id AS parentId, k.body, k.status,
         k.created_at AS createdAt, k.edited_at AS editedAt
       FROM comments k WHERE k.author_id = ? ORDER BY k.created_at`,
    ),
    reportsMade: all(
      `SELECT comment_id AS commentId, reason, status, created_at AS createdAt
       FROM comment_reports WHERE reporter_id = ? ORDER BY created_at`,
    ),
    eventRsvps: all(
      `SELECT e.title, e.starts_at AS startsAt, r.created_at AS rsvpAt FROM event_rsvps r
       JOIN events e ON e.id = r.event_id WHERE r.user_id = ? ORDER BY r.created_at`,
    ),
    warningsReceived: all(
      `SELECT reason, created_at AS createdAt FROM member_warnings WHERE user_id = ? ORDER BY created_at`,
    ),
    moderationRecord: all(
      `SELECT action, summary, reason, created_at AS createdAt FROM moderation_log
       WHERE target_user_id = ? ORDER BY created_at`,
    ),
  };
}

/**
 * Erases an account: the member's own rows go (profile, bookmarks, RSVPs, warnings), their
 * comments become deleted placeholders, their reports lose their name, the newsletter
 * subscription of their proven address is deleted, and the user is tombstoned with every
 * session, method and link (auth's deleteUserAccount). Logged; one transaction.
 */
export function eraseAccount(
  deps: CommunityDeps,
  userId: number,
  by: { actorId: number; now: string },
): void {
  const { db } = deps;
  inTransaction(db, () => {
    const user = db
      .prepare('SELECT email, email_verified, role FROM users WHERE id = ? AND deleted_at IS NULL')
      .get(userId) as { email: string | null; email_verified: 0 | 1; role: string } | undefined;
    if (!user) throw new AppError(404, 'NOT_FOUND');
    for (const sql of [
      'DELETE FROM member_profiles WHERE user_id = ?',
      'DELETE FROM bookmarks WHERE user_id = ?',
      'DELETE FROM event_rsvps WHERE user_id = ?',
      'DELETE FROM member_warnings WHERE user_id = ?',
      'UPDATE comment_reports SET reporter_id = NULL WHERE reporter_id = ?',
      `UPDATE comments SET status = 'deleted', body = '' WHERE author_id = ?`,
      'UPDATE discussion_threads SET author_id = NULL WHERE author_id = ?',
    ]) {
      db.prepare(sql).run(userId);
    }
    if (user.email && user.email_verified === 1) {
      const subscription = findByEmail(db, user.email);
      if (subscription) deleteSubscription(deps, subscription.id);
    }
    deleteUserAccount(deps, userId);
    writeLog(db, {
      actorId: by.actorId,
      action: 'user.delete',
      targetUserId: userId,
      summary:
        by.actorId === userId
          ? 'Deleted their own account'
          : `Deleted a ${levelFromRole(user.role)} account`,
      at: by.now,
    });
  });
}
