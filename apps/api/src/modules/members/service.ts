/**
 * A member's own things: profile, dashboard, the directory, the data export, and erasing an
 * account (their own, or another's by an admin). Everything reads and writes only the signed-in
 * user's rows; what other modules hold comes through their faces and the personal-data registry.
 */
import { levelFromRole, type DashboardResponse, type DirectoryEntry } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { forgetOlderCopies, inTransaction } from '../../db/statements.js';
import type { DataSubject } from '../../personal-data.js';
import { liveAccountsByIds } from '../auth/index.js';
import { listBookmarks } from '../bookmarks/index.js';
import { latestVisiblePosts } from '../content/index.js';
import { upcomingEvents } from '../events/index.js';
import { recentWarnings, writeLog } from '../moderation/index.js';
import { readSettings } from '../settings/index.js';
import { PERSONAL_DATA } from './personal-data.js';
import { liveAccount, readProfile } from './profile.js';
import { listedProfiles } from './store.js';

export { readProfile, updateProfile } from './profile.js';

export function dashboard(db: Db, userId: number, now: string): Omit<DashboardResponse, 'success'> {
  const since = new Date(Date.parse(now) - 90 * 86_400_000).toISOString();
  const profile = readProfile(db, userId, now);
  return {
    announcement: readSettings(db).announcement,
    bookmarks: listBookmarks(db, userId, now, 3),
    posts: latestVisiblePosts(db, now, 3).map((post) => ({
      id: String(post.id),
      slug: post.slug,
      title: post.title,
      excerpt: post.excerpt,
      date: post.publishedAt,
    })),
    events: upcomingEvents(db, userId, now, 3),
    warnings: recentWarnings(db, userId, since, 5),
    profileComplete: profile.name !== null && profile.bio !== '',
  };
}

/** Members who chose to appear (off by default), live and not banned, by name. */
export function directoryEntries(db: Db, q: string, now: string): DirectoryEntry[] {
  const profiles = listedProfiles(db);
  const accounts = liveAccountsByIds(
    db,
    profiles.map((profile) => profile.user_id),
    now,
  );
  const needle = q.toLowerCase();
  const matches = (text: string | null) => !!text && text.toLowerCase().includes(needle);
  return profiles
    .flatMap(({ user_id, bio }) => {
      const account = accounts.get(user_id);
      if (!account || account.banned) return [];
      if (needle && !matches(account.name) && !matches(bio)) return [];
      return [
        {
          id: account.id,
          name: account.name,
          avatarUrl: account.avatarUrl,
          bio,
          memberSince: account.createdAt,
        },
      ];
    })
    .sort(byName)
    .slice(0, 500);
}

/** Named members first, by name ignoring case, then by id. */
function byName(a: DirectoryEntry, b: DirectoryEntry): number {
  if ((a.name === null) !== (b.name === null)) return a.name === null ? 1 : -1;
  const nameA = a.name?.toLowerCase() ?? '';
  const nameB = b.name?.toLowerCase() ?? '';
  return nameA < nameB ? -1 : nameA > nameB ? 1 : a.id - b.id;
}

function subjectOf(db: Db, userId: number, now: string): DataSubject {
  const account = liveAccount(db, userId, now);
  return { userId, provenEmail: account.emailVerified ? account.email : null };
}

/** Everything the site holds about a member, for "download my data": every holder's sections. */
export function exportMemberData(db: Db, userId: number, now: string) {
  const subject = subjectOf(db, userId, now);
  const sections = PERSONAL_DATA.map((holder) => holder.export(db, subject, now));
  return Object.assign({ exportedAt: now }, ...sections) as Record<string, unknown>;
}

/**
 * Erases an account: every holder in the registry deletes its rows about the member or keeps
 * them without anything that names them, the account last (auth's tombstone). Logged; one
 * transaction, which `authorize` (an admin still outranking the member) is checked in first.
 * Then the WAL is checkpointed and truncated: secure_delete zeroes the database file's pages, but
 * the WAL keeps older copies of them (the address, the name) until new frames overwrite them. A
 * checkpoint cannot run inside a transaction, so no caller wraps this in one.
 */
export function eraseAccount(
  db: Db,
  userId: number,
  by: { actorId: number; now: string; authorize?: () => void },
): void {
  inTransaction(db, () => {
    by.authorize?.();
    const account = liveAccount(db, userId, by.now);
    const subject = subjectOf(db, userId, by.now);
    for (const holder of PERSONAL_DATA) holder.erase(db, subject, by.now);
    writeLog(db, {
      actorId: by.actorId,
      action: 'user.delete',
      targetUserId: userId,
      summary:
        by.actorId === userId
          ? 'Deleted their own account'
          : `Deleted a ${levelFromRole(account.role)} account`,
      at: by.now,
    });
  });
  forgetOlderCopies(db);
}
