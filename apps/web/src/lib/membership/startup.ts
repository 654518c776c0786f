/**
 * Membership startup (spec section 4): check the session; if signed in, fetch the user; else a
 * stored subscription makes a subscriber. Returns the reducer events instead of dispatching, so
 * it is a plain async function to test.
 */
import type { MembershipEvent, StoredSubscription } from '@quillpost/domain';
import type { ApiClient } from '../api-client';
import type { SafeStorage } from '../storage';
import { readMeResponse, readSessionResponse } from './auth-responses';
import {
  readStoredSubscription,
  writeStoredSubscription,
  writeWasAuthenticated,
} from './stored-state';

export async function loadMembership(
  api: ApiClient,
  storage: SafeStorage,
): Promise<MembershipEvent[]> {
  const stored = readStoredSubscription(storage);
  const sessionResult = await api.call('session');
  if (!sessionResult.ok) {
    // Offline or API down: keep what this browser knows and say initialization failed.
    return [
      { type: 'startup-anonymous', subscription: stored },
      { type: 'failed', error: 'MEMBERSHIP_INIT_FAILED' },
    ];
  }
  if (!readSessionResponse(sessionResult.data).authenticated) {
    return [{ type: 'startup-anonymous', subscription: stored }];
  }

  const meResult = await api.call('me');
  const me = meResult.ok ? readMeResponse(meResult.data) : null;
  if (!me) {
    return [
      { type: 'startup-anonymous', subscription: stored },
      ...(meResult.ok || meResult.status !== 401
        ? [{ type: 'failed', error: 'MEMBERSHIP_INIT_FAILED' } as const]
        : []),
    ];
  }

  writeWasAuthenticated(storage, true);
  // The signed-in person's own subscription is the server's; keep it for after sign-out.
  const subscription: StoredSubscription | null = me.subscription;
  if (subscription) writeStoredSubscription(storage, subscription);
  return [
    {
      type: 'startup-authenticated',
      user: me.user,
      session: me.session,
      subscription,
    },
  ];
}
