/** What auth holds about a person: the account, its sign-in methods, sessions and sign-in links. */
import type { PersonalDataHolder } from '../../personal-data.js';
import {
  deleteMagicLinksForEmail,
  findUserById,
  listAccounts,
  listSessions,
  tombstoneUser,
} from './store.js';

export const authPersonalData: PersonalDataHolder = {
  tables: ['users', 'accounts', 'sessions', 'magic_links'],
  export: (db, { userId }) => {
    const user = findUserById(db, userId);
    if (!user) return {};
    return {
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
      linkedAccounts: listAccounts(db, userId).map((account) => ({
        provider: account.provider,
        providerAccountId: account.provider_account_id,
        email: account.email,
        emailVerified: account.email_verified === 1,
        displayName: account.display_name,
        avatarUrl: account.avatar_url,
        isPrimary: account.is_primary === 1,
        createdAt: account.created_at,
        lastUsedAt: account.last_used_at,
      })),
      sessions: listSessions(db, userId).map((session) => ({
        method: session.method,
        createdAt: session.created_at,
        lastSeenAt: session.last_seen_at,
        userAgent: session.user_agent,
      })),
    };
  },
  // Last in the registry: the tombstone keeps the user's id, which other tables still point at.
  erase: (db, { userId, provenEmail }, now) => {
    const user = findUserById(db, userId);
    for (const email of new Set([user?.email, provenEmail])) {
      if (email) deleteMagicLinksForEmail(db, email);
    }
    tombstoneUser(db, userId, now);
  },
};
