import { describe, expect, it } from 'vitest';
import {
  PROGRESSION_STATES,
  canUpgrade,
  computeProgressionState,
  headerButtons,
  isVerificationPending,
  nextStepMessage,
  recommendedAction,
} from './progression.js';

describe('computeProgressionState', () => {
  it.each([
    [true, true, 'FULL_MEMBER'],
    [true, false, 'AUTH_ONLY'],
    [false, true, 'SUBSCRIBER_ONLY'],
    [false, false, 'ANONYMOUS'],
  ] as const)('authenticated %s, subscribed %s -> %s', (authenticated, subscribed, state) => {
    expect(computeProgressionState({ authenticated, subscribed })).toBe(state);
  });

  it('has the four states', () => {
    expect(PROGRESSION_STATES).toEqual([
      'ANONYMOUS',
      'SUBSCRIBER_ONLY',
      'AUTH_ONLY',
      'FULL_MEMBER',
    ]);
  });
});

const subscribe = { label: 'Subscribe', action: { type: 'open-subscribe-popup' } };
const signIn = { label: 'Sign In', action: { type: 'open-sign-in' } };
const signUp = { label: 'Sign Up', action: { type: 'open-sign-in' } };
const subscribed = { label: '✓ Subscribed', action: { type: 'navigate', to: '/manage' } };

describe('staff', () => {
  it('are asked nothing a reader is: no Subscribe, no next step, whether subscribed or not', () => {
    const state = computeProgressionState({ authenticated: true, subscribed: false, staff: true });
    expect(state).toBe('FULL_MEMBER');
    expect(nextStepMessage(state, { verified: false })).toBeNull();
    expect(
      headerButtons(state, { wasPreviouslyAuthenticated: true, resendSentRecently: false }),
    ).toMatchObject({ primary: null, secondary: null, accountMenu: true });
  });
});

describe('headerButtons', () => {
  it.each([
    [
      'ANONYMOUS',
      false,
      false,
      { primary: subscribe, secondary: signIn, accountMenu: false, status: null },
    ],
    [
      'ANONYMOUS',
      true,
      true,
      { primary: subscribe, secondary: signIn, accountMenu: false, status: null },
    ],
    [
      'SUBSCRIBER_ONLY',
      true,
      false,
      { primary: subscribed, secondary: signIn, accountMenu: false, status: null },
    ],
    [
      'SUBSCRIBER_ONLY',
      false,
      false,
      { primary: subscribed, secondary: signUp, accountMenu: false, status: null },
    ],
    [
      'SUBSCRIBER_ONLY',
      false,
      true,
      { primary: subscribed, secondary: signUp, accountMenu: false, status: 'Sent!' },
    ],
    [
      'SUBSCRIBER_ONLY',
      true,
      true,
      { primary: subscribed, secondary: signIn, accountMenu: false, status: 'Sent!' },
    ],
    [
      'AUTH_ONLY',
      false,
      false,
      { primary: subscribe, secondary: null, accountMenu: true, status: null },
    ],
    [
      'AUTH_ONLY',
      true,
      true,
      { primary: subscribe, secondary: null, accountMenu: true, status: null },
    ],
    [
      'FULL_MEMBER',
      true,
      false,
      { primary: null, secondary: null, accountMenu: true, status: null },
    ],
    [
      'FULL_MEMBER',
      false,
      true,
      { primary: null, secondary: null, accountMenu: true, status: null },
    ],
  ] as const)(
    '%s (previously authenticated %s, resent %s)',
    (state, wasPreviouslyAuthenticated, resendSentRecently, expected) => {
      expect(headerButtons(state, { wasPreviouslyAuthenticated, resendSentRecently })).toEqual(
        expected,
      );
    },
  );
});

describe('nextStepMessage', () => {
  it.each([
    ['ANONYMOUS', false, 'Subscribe for updates or sign in to access your account'],
    ['SUBSCRIBER_ONLY', false, 'Please check your email and verify your subscription'],
    ['SUBSCRIBER_ONLY', true, 'Create an account to unlock commenting, bookmarks, and more'],
    ['AUTH_ONLY', false, 'Subscribe to our newsletter for exclusive content and updates'],
    ['FULL_MEMBER', true, null],
  ] as const)('%s (verified %s) -> %j', (state, verified, message) => {
    expect(nextStepMessage(state, { verified })).toBe(message);
  });
});

describe('recommendedAction and canUpgrade', () => {
  it.each([
    ['ANONYMOUS', 'subscribe', true],
    ['SUBSCRIBER_ONLY', 'authenticate', true],
    ['AUTH_ONLY', 'subscribe', true],
    ['FULL_MEMBER', 'none', false],
  ] as const)('%s -> %s, upgrade %s', (state, action, upgrade) => {
    expect(recommendedAction(state)).toBe(action);
    expect(canUpgrade(state)).toBe(upgrade);
  });
});

describe('isVerificationPending', () => {
  it.each([
    ['reader@example.com', false, true],
    ['reader@example.com', true, false],
    ['', false, false],
    [null, false, false],
    [undefined, false, false],
  ])('email %j, verified %s -> %s', (email, verified, pending) => {
    expect(isVerificationPending(email, verified)).toBe(pending);
  });
});
