import { describe, expect, it } from 'vitest';
import {
  STORAGE_KEYS,
  isOAuthInProgressMarker,
  isStoredLastStateSync,
  isStoredProgressionState,
  isStoredSubscription,
  isStoredVerifiedEmails,
  storedLastStateSyncSchema,
  isOAuthMarkerStale,
  oauthInProgressMarkerSchema,
  parseStoredJson,
  readWasPreviouslyAuthenticated,
  storedProgressionStateSchema,
  storedSubscriptionSchema,
  storedVerifiedEmailsSchema,
} from './storage-keys.js';

describe('STORAGE_KEYS', () => {
  it('holds exactly the keys of section 3', () => {
    expect(Object.values(STORAGE_KEYS)).toEqual([
      'subscription',
      'verified_emails',
      'subscription_verified_emails',
      'user_progression_state',
      'last_state_sync',
      'oauth_in_progress',
      'was_previously_authenticated',
    ]);
  });
});

const subscription = {
  email: 'reader@example.com',
  name: 'Ada',
  subscribedAt: '2025-01-01T00:00:00.000Z',
  verified: false,
  status: 'pending',
  wantsAccount: true,
};

describe('parseStoredJson', () => {
  it.each([
    ['a stored subscription', JSON.stringify(subscription), subscription],
    ['null', null, null],
    ['malformed JSON', '{"email":', null],
    ['a wrong status', JSON.stringify({ ...subscription, status: 'verified' }), null],
    ['a string verified flag', JSON.stringify({ ...subscription, verified: 'true' }), null],
    ['a missing email', JSON.stringify({ ...subscription, email: undefined }), null],
  ])('%s', (_label, raw, expected) => {
    expect(parseStoredJson(storedSubscriptionSchema, raw)).toEqual(expected);
  });

  it.each([
    [
      {
        email: 'a@b.co',
        subscriptionStatus: 'verified',
        lastVerificationCheck: 1,
        wantsAccount: false,
        syncedAt: 2,
      },
      true,
    ],
    [
      {
        email: 'a@b.co',
        subscriptionStatus: 'active',
        lastVerificationCheck: 1,
        wantsAccount: false,
        syncedAt: 2,
      },
      false,
    ],
    [
      {
        email: 'a@b.co',
        subscriptionStatus: 'pending',
        lastVerificationCheck: null,
        wantsAccount: true,
        syncedAt: 2,
      },
      true,
    ],
  ])('progression state %j parses: %s', (value, ok) => {
    expect(parseStoredJson(storedProgressionStateSchema, JSON.stringify(value)) !== null).toBe(ok);
  });

  it.each([
    ['["a@b.co","c@d.co"]', ['a@b.co', 'c@d.co']],
    ['"a@b.co"', null],
  ])('verified emails %s', (raw, expected) => {
    expect(parseStoredJson(storedVerifiedEmailsSchema, raw)).toEqual(expected);
  });
});

describe('oauth_in_progress marker', () => {
  const now = 1_700_000_000_000;
  it.each([
    [now, false],
    [now - 299_999, false],
    [now - 300_000, false],
    [now - 300_001, true],
    [now + 60_000, true],
  ])('started at %d is stale: %s', (timestamp, stale) => {
    const marker = oauthInProgressMarkerSchema.parse({ timestamp });
    expect(isOAuthMarkerStale(marker, now)).toBe(stale);
  });
});

describe('was_previously_authenticated', () => {
  it.each([
    ['true', true],
    ['false', false],
    [null, false],
    ['TRUE', false],
    ['1', false],
  ])('%j reads as %s', (raw, expected) => {
    expect(readWasPreviouslyAuthenticated(raw)).toBe(expected);
  });
});

describe('zod-free guards agree with the schemas', () => {
  const validSubscription = {
    email: 'reader@example.com',
    name: null,
    subscribedAt: '2025-01-01T00:00:00.000Z',
    verified: false,
    status: 'pending',
    wantsAccount: false,
  };
  const validProgression = {
    email: 'reader@example.com',
    subscriptionStatus: 'verified',
    lastVerificationCheck: null,
    wantsAccount: true,
    syncedAt: 1,
  };
  const cases: Array<
    [
      string,
      (value: unknown) => boolean,
      { safeParse(v: unknown): { success: boolean } },
      unknown[],
    ]
  > = [
    [
      'subscription',
      isStoredSubscription,
      storedSubscriptionSchema,
      [
        validSubscription,
        { ...validSubscription, name: 'Ada' },
        { ...validSubscription, name: undefined },
        { ...validSubscription, status: 'active', verified: true },
        { ...validSubscription, status: 'gone' },
        { ...validSubscription, verified: 'yes' },
        { ...validSubscription, email: 1 },
        { ...validSubscription, wantsAccount: undefined },
        null,
        [],
        'subscription',
      ],
    ],
    [
      'progression',
      isStoredProgressionState,
      storedProgressionStateSchema,
      [
        validProgression,
        { ...validProgression, lastVerificationCheck: 5 },
        { ...validProgression, subscriptionStatus: 'active' },
        { ...validProgression, syncedAt: '1' },
        { ...validProgression, syncedAt: Number.POSITIVE_INFINITY },
        {},
      ],
    ],
    [
      'verified emails',
      isStoredVerifiedEmails,
      storedVerifiedEmailsSchema,
      [[], ['a@b.co'], [1], {}, 'a'],
    ],
    ['last sync', isStoredLastStateSync, storedLastStateSyncSchema, [1, 0, '1', Number.NaN, null]],
    [
      'oauth marker',
      isOAuthInProgressMarker,
      oauthInProgressMarkerSchema,
      [
        { timestamp: 1 },
        { timestamp: 1, provider: 'github' },
        { timestamp: '1' },
        { provider: 'x' },
        5,
      ],
    ],
  ];
  it.each(cases)('%s', (_name, guard, schema, values) => {
    for (const value of values) {
      expect(guard(value), JSON.stringify(value)).toBe(schema.safeParse(value).success);
    }
  });
});
