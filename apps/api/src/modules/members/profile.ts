/** A member's profile: what they add about themselves, over the name and picture of their account. */
import {
  levelFromRole,
  type MemberProfile,
  type ProfileUpdate,
  type profileUpdateSchema,
} from '@quillpost/domain';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import { DomainError } from '../../domain-error.js';
import type { PersonalDataHolder } from '../../personal-data.js';
import { liveAccountsByIds, setUserName, type MemberAccount } from '../auth/index.js';
import { deleteProfile, findProfile, saveProfile } from './store.js';

export type { ProfileUpdate };

export function liveAccount(db: Db, userId: number, now: string): MemberAccount {
  const account = liveAccountsByIds(db, [userId], now).get(userId);
  if (!account) throw DomainError.notFound();
  return account;
}

export function readProfile(db: Db, userId: number, now: string): MemberProfile {
  const account = liveAccount(db, userId, now);
  const profile = findProfile(db, userId);
  return {
    name: account.name,
    email: account.email,
    avatarUrl: account.avatarUrl,
    bio: profile?.bio ?? '',
    website: profile?.website ?? null,
    showInDirectory: profile?.show_in_directory === 1,
    role: account.role,
    level: levelFromRole(account.role),
    memberSince: account.createdAt,
  };
}

/** Changes only the fields given; `name` lives on the account, the rest on the profile. */
export function updateProfile(
  db: Db,
  userId: number,
  input: z.output<typeof profileUpdateSchema>,
  now: string,
): MemberProfile {
  return inTransaction(db, () => {
    const current = readProfile(db, userId, now);
    if (input.name !== undefined) setUserName(db, userId, input.name, now);
    saveProfile(db, {
      userId,
      bio: input.bio === undefined ? current.bio : (input.bio ?? ''),
      website: input.website === undefined ? current.website : input.website,
      show: input.showInDirectory ?? current.showInDirectory,
      now,
    });
    return readProfile(db, userId, now);
  });
}

/** The profile is exported as the members area shows it, with the account's name and picture. */
export const profilePersonalData: PersonalDataHolder = {
  tables: ['member_profiles'],
  export: (db, { userId }, now) => ({ profile: readProfile(db, userId, now) }),
  erase: (db, { userId }) => deleteProfile(db, userId),
};
