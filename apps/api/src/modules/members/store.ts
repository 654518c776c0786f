import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';
import { statement } from '../../db/statements.js';

export const OWNED_TABLES = { member_profiles: 'person' } as const satisfies OwnedTables;

/** What a member adds about themselves; the name and picture live on their account (auth). */
export interface ProfileRow {
  user_id: number;
  bio: string;
  website: string | null;
  show_in_directory: 0 | 1;
  updated_at: string;
}

export function findProfile(db: Db, userId: number): ProfileRow | undefined {
  return statement(db, 'SELECT * FROM member_profiles WHERE user_id = ?').get(userId) as
    ProfileRow | undefined;
}

export function saveProfile(
  db: Db,
  profile: { userId: number; bio: string; website: string | null; show: boolean; now: string },
): void {
  statement(
    db,
    `INSERT INTO member_profiles (user_id, bio, website, show_in_directory, updated_at)
     VALUES (@userId, @bio, @website, @show, @now)
     ON CONFLICT (user_id) DO UPDATE SET bio = excluded.bio, website = excluded.website,
       show_in_directory = excluded.show_in_directory, updated_at = excluded.updated_at`,
  ).run({ ...profile, show: profile.show ? 1 : 0 });
}

/** The profiles of members who chose to appear in the directory. */
export function listedProfiles(db: Db): Array<Pick<ProfileRow, 'user_id' | 'bio'>> {
  return statement(
    db,
    'SELECT user_id, bio FROM member_profiles WHERE show_in_directory = 1',
  ).all() as Array<Pick<ProfileRow, 'user_id' | 'bio'>>;
}

export function deleteProfile(db: Db, userId: number): void {
  statement(db, 'DELETE FROM member_profiles WHERE user_id = ?').run(userId);
}
