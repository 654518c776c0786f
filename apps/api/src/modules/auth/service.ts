import { inTransaction } from '../../db/statements.js';
import {
  levelFromRole,
  type MessageCode,
  type OAuthProvider,
  type SignOutNotice,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import type { Clock } from '../../clock.js';
import {
  deleteUserSessions,
  fillUserProfile,
  findAccount,
  findUserByVerifiedEmail,
  findUserById,
  findUsersByEmail,
  insertAccount,
  insertUser,
  listAccounts,
  setBan,
  updateAccountFacts,
  updateUserRole,
  type AccountFacts,
  type UserRow,
} from './store.js';
import { iso } from '../../clock.js';
import { findByEmail } from '../subscriptions/index.js';
import { isBanned } from './session.js';

export interface IdentityDeps {
  db: Db;
  clock: Clock;
  env: Pick<Env, 'ADMIN_EMAILS'>;
}

/** What a provider told us about the person, normalised across the four profile shapes. */
export interface ProviderProfile {
  provider: OAuthProvider;
  /** The provider's stable account id (never the email). */
  id: string;
  /** Canonical (packages/domain email-address), or null when the provider gave no plain one. */
  email: string | null;
  /** Only true when the provider itself says it verified the address. */
  emailVerified: boolean;
  name: string | null;
  avatarUrl: string | null;
}

export type IdentityOutcome = { ok: true; user: UserRow } | { ok: false; code: MessageCode };

const refuse = (code: MessageCode): IdentityOutcome => ({ ok: false, code });

function factsOf(profile: ProviderProfile): AccountFacts {
  return {
    provider: profile.provider,
    providerAccountId: profile.id,
    email: profile.email,
    emailVerified: profile.emailVerified,
    displayName: profile.name,
    avatarUrl: profile.avatarUrl,
  };
}

/** ADMIN_EMAILS grants admin, but only to a proven address: a claimed one could be anyone's. */
function applyAdminEmails(deps: IdentityDeps, user: UserRow): UserRow {
  if (!user.email || user.email_verified !== 1 || user.role === 'admin') return user;
  if (!deps.env.ADMIN_EMAILS.includes(user.email)) return user;
  setUserRole(deps, user.id, 'admin', null);
  return findUserById(deps.db, user.id) ?? user;
}

/** Why this user may not sign in (deleted, banned), or null. */
function refusalFor(deps: IdentityDeps, user: UserRow): IdentityOutcome | null {
  if (user.deleted_at !== null) return refuse('TOKEN_INVALID');
  if (isBanned(user, deps.clock.now())) return refuse('ACCOUNT_BANNED');
  return null;
}

/**
 * The name a reader gave when subscribing, for a user who has none yet: only from a confirmed
 * subscription of the user's proven address (anyone can type a name next to any address).
 * Once the user names themselves, their profile name wins.
 */
function withSubscriptionName(deps: IdentityDeps, user: UserRow): UserRow {
  if (user.name !== null || user.email === null || user.email_verified !== 1) return user;
  const subscription = findByEmail(deps.db, user.email);
  if (!subscription?.verified || !subscription.name) return user;
  fillUserProfile(
    deps.db,
    user.id,
    { name: subscription.name, avatarUrl: null },
    iso(deps.clock.now()),
  );
  return { ...user, name: subscription.name };
}

/** A user signing in: refused, or let in with ADMIN_EMAILS and their subscription's name. */
function usable(deps: IdentityDeps, user: UserRow): IdentityOutcome {
  return (
    refusalFor(deps, user) ?? {
      ok: true,
      user: withSubscriptionName(deps, applyAdminEmails(deps, user)),
    }
  );
}

function createUser(
  deps: IdentityDeps,
  person: {
    email: string | null;
    emailVerified: boolean;
    name: string | null;
    avatarUrl: string | null;
  },
  startPath: string | null,
): UserRow {
  const role =
    person.email && person.emailVerified && deps.env.ADMIN_EMAILS.includes(person.email)
      ? 'admin'
      : 'member';
  return withSubscriptionName(
    deps,
    insertUser(deps.db, { ...person, role, startPath, now: iso(deps.clock.now()) }),
  );
}

/**
 * Who a magic-link sign-in for this (proven) address is: the user already holding the 'email'
 * method for it, else the live user whose verified address it is (both sides are proven, so
 * linking is safe), else a new member. An unproven claim of the same address by someone else is
 * never merged. Call inside a transaction.
 */
export function userForEmail(
  deps: IdentityDeps,
  email: string,
  startPath: string | null = null,
): IdentityOutcome {
  const { db } = deps;
  const now = iso(deps.clock.now());
  const facts: AccountFacts = {
    provider: 'email',
    providerAccountId: email,
    email,
    emailVerified: true,
    displayName: null,
    avatarUrl: null,
  };
  const account = findAccount(db, 'email', email);
  if (account) {
    const user = findUserById(db, account.user_id);
    if (user) {
      updateAccountFacts(db, account.id, facts, now);
      return usable(deps, user);
    }
  }
  const owner = findUserByVerifiedEmail(db, email);
  if (owner) {
    const outcome = usable(deps, owner);
    if (outcome.ok) insertAccount(db, owner.id, facts, now);
    return outcome;
  }
  const user = createUser(
    deps,
    { email, emailVerified: true, name: null, avatarUrl: null },
    startPath,
  );
  insertAccount(db, user.id, facts, now);
  return { ok: true, user };
}

/**
 * Who a social sign-in is. Users are found by (provider, account id). A new provider account is
 * attached to an existing user by email only when the provider verified the address AND the
 * existing user's address is verified; any other match on the address is refused, because an
 * unverified address is only a claim (the classic pre-account takeover). Call inside a transaction.
 */
export function userForProvider(
  deps: IdentityDeps,
  profile: ProviderProfile,
  startPath: string | null = null,
): IdentityOutcome {
  const { db } = deps;
  const now = iso(deps.clock.now());
  const account = findAccount(db, profile.provider, profile.id);
  if (account) {
    const user = findUserById(db, account.user_id);
    if (user) {
      updateAccountFacts(db, account.id, factsOf(profile), now);
      const outcome = usable(deps, user);
      if (outcome.ok)
        fillUserProfile(db, user.id, { name: profile.name, avatarUrl: profile.avatarUrl }, now);
      return outcome.ok ? { ok: true, user: findUserById(db, user.id) ?? outcome.user } : outcome;
    }
  }
  if (profile.email) {
    const sameAddress = findUsersByEmail(db, profile.email);
    if (sameAddress.length > 0) {
      const owner = sameAddress.find((user) => user.email_verified === 1);
      if (!profile.emailVerified || !owner) return refuse('OAUTH_EMAIL_UNVERIFIED');
      const outcome = usable(deps, owner);
      if (!outcome.ok) return outcome;
      insertAccount(db, owner.id, factsOf(profile), now);
      fillUserProfile(db, owner.id, { name: profile.name, avatarUrl: profile.avatarUrl }, now);
      return { ok: true, user: findUserById(db, owner.id) ?? owner };
    }
  }
  const user = createUser(
    deps,
    {
      email: profile.email,
      emailVerified: profile.email !== null && profile.emailVerified,
      name: profile.name,
      avatarUrl: profile.avatarUrl,
    },
    startPath,
  );
  insertAccount(db, user.id, factsOf(profile), now);
  return { ok: true, user };
}

/**
 * Links a provider account to the signed-in user. No email rule applies: the user proved both
 * identities in this browser just now. A provider account already owned by someone else stays
 * theirs. Call inside a transaction.
 */
export function linkProviderToUser(
  deps: IdentityDeps,
  userId: number,
  profile: ProviderProfile,
): IdentityOutcome {
  const { db } = deps;
  const now = iso(deps.clock.now());
  const user = findUserById(db, userId);
  if (!user) return refuse('UNAUTHORIZED');
  // Not `usable`: ADMIN_EMAILS waits for the next sign-in, since its role change would end the
  // very session doing the linking.
  const refused = refusalFor(deps, user);
  if (refused) return refused;
  const account = findAccount(db, profile.provider, profile.id);
  if (account && account.user_id !== userId) return refuse('OAUTH_ACCOUNT_IN_USE');
  // One account per provider: the account list and its calls name methods by provider.
  if (!account && listAccounts(db, userId).some((linked) => linked.provider === profile.provider)) {
    return refuse('PROVIDER_ALREADY_LINKED');
  }
  if (account) updateAccountFacts(db, account.id, factsOf(profile), now);
  else insertAccount(db, userId, factsOf(profile), now);
  fillUserProfile(db, userId, { name: profile.name, avatarUrl: profile.avatarUrl }, now);
  return { ok: true, user: findUserById(db, userId) ?? user };
}

// For other modules (account deletion, moderation). Sessions re-read the user on every request,
// so these take effect at the next request even without the session cleanup below.

/** Bans a user until a time (or for good with `until: null`) and ends their sessions. */
export function banUser(
  deps: Pick<IdentityDeps, 'db' | 'clock'>,
  userId: number,
  ban: { until: Date | null; reason: string | null },
): void {
  const { db, clock } = deps;
  const now = iso(clock.now());
  inTransaction(db, () => {
    setBan(
      db,
      userId,
      { until: ban.until ? ban.until.toISOString() : null, reason: ban.reason },
      now,
    );
    deleteUserSessions(db, userId);
  });
}

/**
 * Changes a user's role and ends every session they have: a session was granted under the old
 * role (its limits, what it was shown), so they sign in again under the new one, and that next
 * session's Account page says why. Call inside a transaction.
 */
export function setUserRole(
  deps: Pick<IdentityDeps, 'db' | 'clock'>,
  userId: number,
  role: 'subscriber' | 'member' | 'moderator' | 'admin',
  assignedBy: number | null,
): void {
  const { db } = deps;
  const user = findUserById(db, userId);
  if (!user || user.role === role) return;
  const now = iso(deps.clock.now());
  const notice: SignOutNotice = {
    reason: 'role-changed',
    from: levelFromRole(user.role),
    to: levelFromRole(role),
    at: now,
  };
  updateUserRole(db, { userId, role, assignedBy, notice: JSON.stringify(notice), now });
  deleteUserSessions(db, userId);
}
