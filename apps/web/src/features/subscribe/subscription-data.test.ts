import { subscriptionDataResponseSchema } from '@quillpost/domain';
import { describe, expect, it } from 'vitest';
import { readSubscriptionPreferences } from './subscription-data';

const subscription = {
  email: 'reader@example.com',
  name: 'Ada',
  status: 'active',
  verified: true,
  subscribedAt: '2025-01-01T00:00:00.000Z',
  wantsAccount: false,
  preferences: { build: true, learn: false, write: true, journal: false, poetry: true },
};

const SAMPLES: ReadonlyArray<[string, unknown]> = [
  ['a full answer', { success: true, subscription }],
  [
    'missing sections (default to true)',
    { success: true, subscription: { ...subscription, preferences: { learn: false } } },
  ],
  ['a failure', { success: false, code: 'UNAUTHORIZED' }],
  ['no subscription', { success: true, subscription: null }],
  ['no preferences', { success: true, subscription: { ...subscription, preferences: null } }],
  [
    'a non-boolean section',
    { success: true, subscription: { ...subscription, preferences: { build: 'yes' } } },
  ],
  ['not an object', 'ok'],
];

describe('readSubscriptionPreferences', () => {
  it.each(SAMPLES)('agrees with subscriptionDataResponseSchema on %s', (_, sample) => {
    const parsed = subscriptionDataResponseSchema.safeParse(sample);
    expect(readSubscriptionPreferences(sample)).toEqual(
      parsed.success ? parsed.data.subscription.preferences : null,
    );
  });
});
