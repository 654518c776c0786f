/**
 * Verification of a newsletter subscription: the verify link's token, the verified=true signal
 * and the periodic status refresh. Loaded on demand: most visits never need it.
 */
import {
  MESSAGES,
  type MembershipEvent,
  type MessageCode,
  type StoredSubscription,
} from '@quillpost/domain';
import type { ApiClient } from '../api-client';
import type { SafeStorage } from '../storage';
import {
  readStoredSubscription,
  rememberVerifiedEmail,
  writeProgressionState,
  writeStoredSubscription,
} from './stored-state';

export interface VerificationDeps {
  api: ApiClient;
  storage: SafeStorage;
  now: () => number;
  dispatch: (event: MembershipEvent) => void;
}

/** Marks the stored subscription of `email` verified (creating it on a browser that had none). */
export function markVerified({ storage, now, dispatch }: VerificationDeps, email: string): void {
  const stored = readStoredSubscription(storage);
  const sameEmail = stored?.email.toLowerCase() === email.toLowerCase();
  const base: StoredSubscription =
    stored && sameEmail
      ? stored
      : {
          email,
          name: null,
          subscribedAt: new Date(now()).toISOString(),
          verified: false,
          status: 'pending',
          wantsAccount: false,
        };
  const verified: StoredSubscription = { ...base, verified: true, status: 'active' };
  writeStoredSubscription(storage, verified);
  rememberVerifiedEmail(storage, email);
  writeProgressionState(storage, {
    email,
    subscriptionStatus: 'verified',
    lastVerificationCheck: now(),
    wantsAccount: verified.wantsAccount,
    syncedAt: now(),
  });
  if (!stored || !sameEmail) dispatch({ type: 'subscribed', subscription: base });
  dispatch({ type: 'verified', email });
}

/** GET /verify?token=: on success the subscription is marked verified. */
export async function verifyToken(
  deps: VerificationDeps,
  token: string,
): Promise<{ ok: boolean; message: string; signedIn?: boolean }> {
  const result = await deps.api.call('verify', { query: { token } });
  const email = result.ok ? result.data.data?.email : undefined;
  if (!result.ok || typeof email !== 'string') {
    const code: MessageCode = 'VERIFICATION_FAILED';
    deps.dispatch({ type: 'failed', error: code });
    return {
      ok: false,
      message: result.ok || result.code === 'NETWORK_ERROR' ? MESSAGES[code] : result.message,
    };
  }
  markVerified(deps, email);
  const again = result.data.data?.alreadyConfirmed === true;
  // "Also create a member account": this browser holds the link, so it takes the account (a
  // POST: a mail scanner that only opens the link signs nobody in).
  if (result.data.data?.wantsAccount === true) {
    const account = await deps.api.call('subscriptionAccount', { body: { token } });
    if (account.ok) return { ok: true, message: MESSAGES.SUBSCRIBED_AND_SIGNED_IN, signedIn: true };
  }
  return { ok: true, message: again ? MESSAGES.ALREADY_CONFIRMED : MESSAGES.VERIFIED };
}

/** Asks the API whether a pending subscription was confirmed meanwhile; false on failure. */
export async function refreshVerificationStatus(
  deps: VerificationDeps,
  subscription: StoredSubscription,
): Promise<boolean> {
  // The status token from subscribing is this browser's right to ask; a signed-in session or
  // nothing else works too (the answer is then null, read as "not verified yet").
  const result = await deps.api.call('subscriptionStatus', {
    query: { email: subscription.email },
    ...(subscription.statusToken
      ? { headers: { 'X-Status-Token': subscription.statusToken } }
      : {}),
  });
  if (!result.ok) {
    console.warn(MESSAGES.SUBSCRIPTION_STATUS_CHECK_FAILED, result.message);
    return false;
  }
  const verified = result.data.data?.subscription?.verified === true;
  writeProgressionState(deps.storage, {
    email: subscription.email,
    subscriptionStatus: verified ? 'verified' : 'pending',
    lastVerificationCheck: deps.now(),
    wantsAccount: subscription.wantsAccount,
    syncedAt: deps.now(),
  });
  if (verified && !subscription.verified) markVerified(deps, subscription.email);
  return verified;
}
