/** Membership state of spec sections 3 and 4 and its transitions, as a pure reducer. */
import type { MessageCode } from './messages.js';
import { levelFromRole, permissionsFor, type Permission, type RoleLevel } from './roles.js';
import { STORAGE_KEYS, type StoredSubscription } from './storage-keys.js';

export interface MembershipUser {
  email: string;
  name: string | null;
  role: string;
  avatar_url: string | null;
  subscription_status: string | null;
}

export interface MembershipSession {
  createdAt: string;
  expiresAt: string;
}

export interface MembershipState {
  level: RoleLevel;
  user: MembershipUser | null;
  session: MembershipSession | null;
  subscription: StoredSubscription | null;
  roleAssignedAt: string | null;
  roleAssignedBy: string | null;
  permissions: readonly Permission[];
  loading: { initializing: boolean };
  error: MessageCode | null;
}

export type MembershipEvent =
  | {
      type: 'startup-authenticated';
      user: MembershipUser;
      session: MembershipSession | null;
      subscription: StoredSubscription | null;
      roleAssignedAt?: string | null;
      roleAssignedBy?: string | null;
    }
  | { type: 'startup-anonymous'; subscription: StoredSubscription | null }
  | { type: 'startup-failed' }
  | {
      type: 'subscribed';
      subscription: Pick<StoredSubscription, 'email' | 'name' | 'subscribedAt' | 'wantsAccount'>;
    }
  | { type: 'logged-out' }
  | { type: 'verified'; email?: string }
  | { type: 'unsubscribed' }
  | { type: 'account-deleted' }
  | { type: 'failed'; error: MessageCode }
  | { type: 'error-cleared' };

export const initialMembershipState: MembershipState = {
  level: 'anonymous',
  user: null,
  session: null,
  subscription: null,
  roleAssignedAt: null,
  roleAssignedBy: null,
  permissions: permissionsFor('anonymous'),
  loading: { initializing: true },
  error: null,
};

/** What logout removes from local storage: the verified-emails lists and the progression data.
 * The stored subscription and was_previously_authenticated stay ('Sign In' rather than 'Sign Up'). */
export const LOGOUT_CLEARED_STORAGE_KEYS = [
  STORAGE_KEYS.verifiedEmails,
  STORAGE_KEYS.subscriptionVerifiedEmails,
  STORAGE_KEYS.userProgressionState,
  STORAGE_KEYS.lastStateSync,
] as const;

function withLevel(state: MembershipState, level: RoleLevel): MembershipState {
  return { ...state, level, permissions: permissionsFor(level) };
}

/** Clearing the subscription drops a visitor who was only a subscriber back to anonymous;
 * a signed-in user keeps their level. */
function withoutSubscription(state: MembershipState): MembershipState {
  const cleared = { ...state, subscription: null };
  return state.level === 'subscriber' && state.user === null
    ? withLevel(cleared, 'anonymous')
    : cleared;
}

export function membershipReducer(state: MembershipState, event: MembershipEvent): MembershipState {
  switch (event.type) {
    case 'startup-authenticated':
      return withLevel(
        {
          ...state,
          user: event.user,
          session: event.session,
          subscription: event.subscription,
          roleAssignedAt: event.roleAssignedAt ?? null,
          roleAssignedBy: event.roleAssignedBy ?? null,
          loading: { initializing: false },
          error: null,
        },
        levelFromRole(event.user.role),
      );
    case 'startup-anonymous':
      return withLevel(
        {
          ...state,
          user: null,
          session: null,
          subscription: event.subscription,
          roleAssignedAt: null,
          roleAssignedBy: null,
          loading: { initializing: false },
          error: null,
        },
        event.subscription ? 'subscriber' : 'anonymous',
      );
    case 'startup-failed':
      return { ...state, loading: { initializing: false }, error: 'MEMBERSHIP_INIT_FAILED' };
    case 'subscribed': {
      const next: MembershipState = {
        ...state,
        subscription: { ...event.subscription, verified: false, status: 'pending' },
        error: null,
      };
      return state.level === 'anonymous' ? withLevel(next, 'subscriber') : next;
    }
    case 'logged-out':
      return withLevel(
        { ...state, user: null, session: null, roleAssignedAt: null, roleAssignedBy: null },
        'subscriber',
      );
    case 'verified': {
      const subscription = state.subscription;
      if (!subscription || subscription.status !== 'pending') return state;
      if (event.email && event.email.toLowerCase() !== subscription.email.toLowerCase())
        return state;
      return { ...state, subscription: { ...subscription, status: 'active', verified: true } };
    }
    case 'unsubscribed':
    case 'account-deleted':
      return withoutSubscription(state);
    case 'failed':
      return { ...state, error: event.error };
    case 'error-cleared':
      return { ...state, error: null };
  }
}
