import {
  initialMembershipState,
  MESSAGES,
  type MembershipState,
  type RoleLevel,
  type StoredSubscription,
} from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import { progressionOf } from './progression';

const subscription = (over: Partial<StoredSubscription> = {}): StoredSubscription => ({
  email: 'ada@example.com',
  name: null,
  subscribedAt: '2026-01-10T09:00:00.000Z',
  verified: false,
  status: 'pending',
  wantsAccount: false,
  ...over,
});

const visitor = (over: Partial<MembershipState> = {}): MembershipState => ({
  ...initialMembershipState,
  loading: { initializing: false },
  ...over,
});

const signedIn = (level: RoleLevel, over: Partial<MembershipState> = {}) =>
  visitor({
    level,
    user: {
      email: 'ada@example.com',
      name: 'Ada',
      role: level,
      avatar_url: null,
      subscription_status: null,
    },
    ...over,
  });

const seen = { wasPreviouslyAuthenticated: false, resendSentRecently: false };

describe('progressionOf', () => {
  it('asks a subscriber to verify, then to create an account, saying Sent! after a resend', () => {
    const pending = progressionOf(visitor({ subscription: subscription() }), {
      ...seen,
      resendSentRecently: true,
    });
    expect(pending.progression).toBe('SUBSCRIBER_ONLY');
    expect(pending.nextStep).toBe(MESSAGES.NEXT_STEP_VERIFY_SUBSCRIPTION);
    expect(pending.buttons.status).toBe(MESSAGES.SENT);
    expect(pending.verified).toBe(false);

    const verified = progressionOf(
      visitor({ subscription: subscription({ verified: true }) }),
      seen,
    );
    expect(verified.nextStep).toBe(MESSAGES.NEXT_STEP_CREATE_ACCOUNT);
    expect(verified.verified).toBe(true);
  });

  it('counts an unsubscribed address as no subscription', () => {
    const gone = progressionOf(
      visitor({ subscription: subscription({ status: 'unsubscribed' }) }),
      {
        ...seen,
        wasPreviouslyAuthenticated: true,
      },
    );
    expect(gone.progression).toBe('ANONYMOUS');
    expect(gone.buttons.secondary?.label).toBe(MESSAGES.SIGN_IN);
  });

  it('offers a member without a subscription the newsletter, and staff nothing to take up', () => {
    expect(progressionOf(signedIn('member'), seen)).toMatchObject({
      progression: 'AUTH_ONLY',
      nextStep: MESSAGES.NEXT_STEP_SUBSCRIBE,
    });
    expect(progressionOf(signedIn('moderator'), seen)).toMatchObject({
      progression: 'FULL_MEMBER',
      nextStep: null,
      buttons: { primary: null, accountMenu: true },
    });
  });
});
