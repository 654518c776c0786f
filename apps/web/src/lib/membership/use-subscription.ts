import type { MembershipEvent, MembershipState, StoredSubscription } from '@quillpost/domain';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useApiClient } from '../api-context';
import { useStorage } from '../storage-context';
import {
  clearProgressionData,
  writeProgressionState,
  writeStoredSubscription,
} from './stored-state';
import type { Notice } from './use-page-notice';

export interface SubscriptionPayload {
  email: string;
  name?: string | null;
  wantsAccount: boolean;
  /** From the subscribe answer; sent when refreshing the verification status. */
  statusToken?: string | undefined;
}

/**
 * This browser's newsletter subscription: stored when completed, verified by the mail's link (or
 * found verified when the subscriber comes back to the tab), and forgotten after an unsubscribe
 * or an account's deletion.
 */
export function useSubscription({
  state,
  dispatch,
  now,
  refresh,
  showNotice,
}: {
  state: MembershipState;
  dispatch(event: MembershipEvent): void;
  now(): number;
  refresh(): Promise<void>;
  showNotice(notice: Notice | null): void;
}) {
  const api = useApiClient();
  const storage = useStorage();

  const completeSubscription = useCallback(
    (payload: SubscriptionPayload): StoredSubscription => {
      const subscription: StoredSubscription = {
        email: payload.email,
        name: payload.name ?? null,
        subscribedAt: new Date(now()).toISOString(),
        verified: false,
        status: 'pending',
        wantsAccount: payload.wantsAccount,
        ...(payload.statusToken ? { statusToken: payload.statusToken } : {}),
      };
      writeStoredSubscription(storage, subscription);
      writeProgressionState(storage, {
        email: subscription.email,
        subscriptionStatus: 'pending',
        lastVerificationCheck: null,
        wantsAccount: subscription.wantsAccount,
        syncedAt: now(),
      });
      dispatch({ type: 'subscribed', subscription });
      return subscription;
    },
    [storage, now, dispatch],
  );

  // Verification code is a lazy chunk: most visits never verify anything.
  const verificationDeps = useMemo(
    () => ({ api, storage, now, dispatch }),
    [api, storage, now, dispatch],
  );

  const markVerified = useCallback(
    async (email: string) => {
      const verification = await import('./verification');
      verification.markVerified(verificationDeps, email);
    },
    [verificationDeps],
  );

  const verifyToken = useCallback(
    async (token: string) => {
      const verification = await import('./verification');
      const outcome = await verification.verifyToken(verificationDeps, token);
      // Signed in with the new account: the header moves to the member's state.
      if (outcome.signedIn) await refresh();
      showNotice({ tone: outcome.ok ? 'success' : 'error', text: outcome.message });
      return outcome.ok;
    },
    [verificationDeps, showNotice, refresh],
  );

  const subscriptionRef = useRef(state.subscription);
  useEffect(() => {
    subscriptionRef.current = state.subscription;
  }, [state.subscription]);

  const refreshVerificationStatus = useCallback(async () => {
    const subscription = subscriptionRef.current;
    if (!subscription) return false;
    const verification = await import('./verification');
    return verification.refreshVerificationStatus(verificationDeps, subscription);
  }, [verificationDeps]);

  // A subscriber who confirms in their mail app comes back to this tab: look again then.
  const pendingEmail =
    state.user === null && state.subscription?.status === 'pending'
      ? state.subscription.email
      : null;
  useEffect(() => {
    if (!pendingEmail) return;
    void refreshVerificationStatus();
    const onVisible = () => {
      if (document.visibilityState === 'visible') void refreshVerificationStatus();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [pendingEmail, refreshVerificationStatus]);

  const forgetSubscription = useCallback(
    (reason: 'unsubscribed' | 'account-deleted') => {
      writeStoredSubscription(storage, null);
      clearProgressionData(storage);
      dispatch({ type: reason });
    },
    [storage, dispatch],
  );

  return {
    completeSubscription,
    markVerified,
    verifyToken,
    refreshVerificationStatus,
    forgetSubscription,
  };
}
