import { describe, expect, it } from 'vitest';
import {
  LOGOUT_CLEARED_STORAGE_KEYS,
  initialMembershipState,
  membershipReducer,
  type MembershipEvent,
  type MembershipState,
  type MembershipUser,
} from './membership.js';
import type { StoredSubscription } from './storage-keys.js';

const pending: StoredSubscription = {
  email: 'reader@example.com',
  name: 'Ada',
  subscribedAt: '2025-01-01T00:00:00.000Z',
  verified: false,
  status: 'pending',
  wantsAccount: false,
};
const active: StoredSubscription = { ...pending, verified: true, status: 'active' };

function user(role: string): MembershipUser {
  return {
    email: 'reader@example.com',
    name: 'Ada',
    role,
    avatar_url: null,
    subscription_status: 'active',
  };
}
const session = { createdAt: '2025-01-01T00:00:00.000Z', expiresAt: '2025-01-31T00:00:00.000Z' };

function state(overrides: Partial<MembershipState>): MembershipState {
  return { ...initialMembershipState, loading: { initializing: false }, ...overrides };
}

describe('initial state', () => {
  it('is anonymous, initializing, with only view_content', () => {
    expect(initialMembershipState).toMatchObject({
      level: 'anonymous',
      user: null,
      session: null,
      subscription: null,
      loading: { initializing: true },
      error: null,
      permissions: ['view_content'],
    });
  });
});

describe('startup', () => {
  it.each([
    ['admin', 'admin'],
    ['moderator', 'moderator'],
    ['subscriber', 'subscriber'],
    ['member', 'member'],
    ['user', 'member'],
  ])('an authenticated user with role %s is at level %s', (role, level) => {
    const next = membershipReducer(initialMembershipState, {
      type: 'startup-authenticated',
      user: user(role),
      session,
      subscription: null,
    });
    expect(next.level).toBe(level);
    expect(next.user?.role).toBe(role);
    expect(next.session).toEqual(session);
    expect(next.loading.initializing).toBe(false);
  });

  it('gives an authenticated admin every permission', () => {
    const next = membershipReducer(initialMembershipState, {
      type: 'startup-authenticated',
      user: user('admin'),
      session,
      subscription: null,
    });
    expect(next.permissions).toContain('permanent_ban');
  });

  it.each([
    [pending, 'subscriber'],
    [null, 'anonymous'],
  ] as const)('anonymous startup with stored subscription %j gives %s', (subscription, level) => {
    const next = membershipReducer(initialMembershipState, {
      type: 'startup-anonymous',
      subscription,
    });
    expect(next.level).toBe(level);
    expect(next.subscription).toEqual(subscription);
    expect(next.loading.initializing).toBe(false);
  });

  it('records a failed startup', () => {
    const next = membershipReducer(initialMembershipState, { type: 'startup-failed' });
    expect(next).toMatchObject({
      error: 'MEMBERSHIP_INIT_FAILED',
      loading: { initializing: false },
    });
  });
});

const subscribedEvent: MembershipEvent = {
  type: 'subscribed',
  subscription: {
    email: 'reader@example.com',
    name: 'Ada',
    subscribedAt: '2025-01-01T00:00:00.000Z',
    wantsAccount: false,
  },
};

describe('transitions', () => {
  // [description, before, event, expected fields after]
  it.each<[string, MembershipState, MembershipEvent, Partial<MembershipState>]>([
    [
      'subscribe raises anonymous to subscriber with a pending subscription',
      state({}),
      subscribedEvent,
      { level: 'subscriber', subscription: pending },
    ],
    [
      'subscribe keeps a member a member',
      state({ level: 'member', user: user('member') }),
      subscribedEvent,
      { level: 'member', subscription: pending },
    ],
    [
      'logout returns a member to subscriber and clears the session',
      state({ level: 'member', user: user('member'), session, subscription: active }),
      { type: 'logged-out' },
      { level: 'subscriber', user: null, session: null, subscription: active },
    ],
    [
      'logout returns an admin to subscriber',
      state({ level: 'admin', user: user('admin'), session }),
      { type: 'logged-out' },
      { level: 'subscriber', user: null, session: null },
    ],
    [
      'verification moves pending to active and verified',
      state({ level: 'subscriber', subscription: pending }),
      { type: 'verified' },
      { subscription: active },
    ],
    [
      'verification of the same email in another case',
      state({ level: 'subscriber', subscription: pending }),
      { type: 'verified', email: 'READER@example.com' },
      { subscription: active },
    ],
    [
      'verification of another email changes nothing',
      state({ level: 'subscriber', subscription: pending }),
      { type: 'verified', email: 'other@example.com' },
      { subscription: pending },
    ],
    [
      'verification without a subscription changes nothing',
      state({}),
      { type: 'verified' },
      { subscription: null },
    ],
    [
      'unsubscribe clears the subscription and drops a subscriber to anonymous',
      state({ level: 'subscriber', subscription: active }),
      { type: 'unsubscribed' },
      { level: 'anonymous', subscription: null },
    ],
    [
      'unsubscribe keeps a member a member',
      state({ level: 'member', user: user('member'), session, subscription: active }),
      { type: 'unsubscribed' },
      { level: 'member', subscription: null },
    ],
    [
      'delete account clears the subscription',
      state({ level: 'subscriber', subscription: pending }),
      { type: 'account-deleted' },
      { level: 'anonymous', subscription: null },
    ],
    [
      'an error is recorded',
      state({}),
      { type: 'failed', error: 'LOGOUT_FAILED' },
      { error: 'LOGOUT_FAILED' },
    ],
    [
      'an error is cleared',
      state({ error: 'VERIFICATION_FAILED' }),
      { type: 'error-cleared' },
      { error: null },
    ],
  ])('%s', (_label, before, event, expected) => {
    const after = membershipReducer(before, event);
    expect(after).toMatchObject(expected);
    expect(after.permissions.length).toBeGreaterThan(0);
  });

  it('updates permissions with the level', () => {
    const member = state({
      level: 'member',
      user: user('member'),
      permissions: ['comment'] as never,
    });
    expect(membershipReducer(member, { type: 'logged-out' }).permissions).toEqual([
      'view_content',
      'receive_newsletter',
    ]);
  });

  it('does not mutate the previous state', () => {
    const before = state({ level: 'subscriber', subscription: pending });
    membershipReducer(before, { type: 'verified' });
    expect(before.subscription).toEqual(pending);
  });
});

describe('LOGOUT_CLEARED_STORAGE_KEYS', () => {
  it('clears the verified-emails and progression storage only', () => {
    expect([...LOGOUT_CLEARED_STORAGE_KEYS].sort()).toEqual([
      'last_state_sync',
      'subscription_verified_emails',
      'user_progression_state',
      'verified_emails',
    ]);
  });
});
