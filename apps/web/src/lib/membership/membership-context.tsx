/**
 * Who the visitor is (anonymous, subscriber, signed in) and the actions that change it. Built on
 * the domain's membership reducer and progression rules; storage and the API client are passed
 * in, so tests give it fakes.
 */
import {
  canModerate,
  computeProgressionState,
  headerButtons,
  initialMembershipState,
  membershipReducer,
  nextStepMessage,
  RESEND_SENT_STATUS_MS,
  type HeaderButtons,
  type MembershipEvent,
  type MembershipState,
  type ProgressionState,
  type StoredSubscription,
} from '@quillpost/domain';
import {
  createContext,
  use,
  useCallback,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useLocation } from 'react-router-dom';
import { useApiClient } from '../api-context';
import { useStorage } from '../storage-context';
import { loadMembership } from './startup';
import {
  clearOnLogout,
  clearProgressionData,
  clearStaleOAuthMarker,
  readWasAuthenticated,
  writeProgressionState,
  writeStoredSubscription,
} from './stored-state';

export type NoticeTone = 'success' | 'error' | 'info';
export interface Notice {
  tone: NoticeTone;
  text: string;
}

export interface SubscriptionPayload {
  email: string;
  name?: string | null;
  wantsAccount: boolean;
  /** From the subscribe answer; sent when refreshing the verification status. */
  statusToken?: string | undefined;
}

export interface MembershipContextValue {
  state: MembershipState;
  initializing: boolean;
  progression: ProgressionState;
  buttons: HeaderButtons;
  nextStep: string | null;
  verified: boolean;
  wasPreviouslyAuthenticated: boolean;
  notice: Notice | null;
  showNotice(notice: Notice | null): void;
  /** Re-reads session and user, e.g. after a sign-in. */
  refresh(): Promise<void>;
  /** "Complete subscription": stores it, marked unverified. */
  completeSubscription(payload: SubscriptionPayload): StoredSubscription;
  verifyToken(token: string): Promise<boolean>;
  markVerified(email: string): Promise<void>;
  refreshVerificationStatus(): Promise<boolean>;
  logout(): Promise<boolean>;
  forgetSubscription(reason: 'unsubscribed' | 'account-deleted'): void;
  markResendSent(): void;
  clearProgressionData(): void;
  clearError(): void;
}

const MembershipContext = createContext<MembershipContextValue | null>(null);

export interface MembershipProviderProps {
  now?: () => number;
  children: ReactNode;
}

export function MembershipProvider({ now = Date.now, children }: MembershipProviderProps) {
  const api = useApiClient();
  const storage = useStorage();
  const [state, dispatch] = useReducer(membershipReducer, initialMembershipState);
  const [wasPreviouslyAuthenticated, setWasPreviouslyAuthenticated] = useState(() =>
    readWasAuthenticated(storage),
  );
  const [resendSentRecently, setResendSentRecently] = useState(false);
  // A notice belongs to the page it was raised on; navigating away retires it.
  const { pathname } = useLocation();
  const [noticeState, setNoticeState] = useState<{ notice: Notice; path: string } | null>(null);
  const notice = noticeState?.path === pathname ? noticeState.notice : null;
  const setNotice = useCallback(
    (next: Notice | null) => setNoticeState(next ? { notice: next, path: pathname } : null),
    [pathname],
  );
  const resendTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const apply = useCallback(
    (events: MembershipEvent[]) => {
      for (const event of events) dispatch(event);
      setWasPreviouslyAuthenticated(readWasAuthenticated(storage));
    },
    [storage],
  );

  const refresh = useCallback(
    () => loadMembership(api, storage).then(apply),
    [api, storage, apply],
  );

  useEffect(() => {
    clearStaleOAuthMarker(storage, now());
    let active = true;
    void loadMembership(api, storage).then((events) => {
      if (active) apply(events);
    });
    return () => {
      active = false;
    };
  }, [api, storage, now, apply]);

  useEffect(() => () => clearTimeout(resendTimer.current), []);

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
    [storage, now],
  );

  // Verification code is a lazy chunk: most visits never verify anything.
  const verificationDeps = useMemo(() => ({ api, storage, now, dispatch }), [api, storage, now]);

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
      setNotice({ tone: outcome.ok ? 'success' : 'error', text: outcome.message });
      return outcome.ok;
    },
    [verificationDeps, setNotice, refresh],
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

  const logout = useCallback(async () => {
    const result = await api.call('logout');
    if (!result.ok) {
      dispatch({ type: 'failed', error: 'LOGOUT_FAILED' });
      return false;
    }
    clearOnLogout(storage);
    dispatch({ type: 'logged-out' });
    return true;
  }, [api, storage]);

  const forgetSubscription = useCallback(
    (reason: 'unsubscribed' | 'account-deleted') => {
      writeStoredSubscription(storage, null);
      clearProgressionData(storage);
      dispatch({ type: reason });
    },
    [storage],
  );

  const markResendSent = useCallback(() => {
    setResendSentRecently(true);
    clearTimeout(resendTimer.current);
    resendTimer.current = setTimeout(() => setResendSentRecently(false), RESEND_SENT_STATUS_MS);
  }, []);

  const value = useMemo<MembershipContextValue>(() => {
    const subscription = state.subscription;
    const authenticated = state.user !== null;
    const subscribed = subscription !== null && subscription.status !== 'unsubscribed';
    // Staff (moderators and the owner) run the site: no reader's Subscribe or next step for them.
    const staff = authenticated && canModerate(state.level);
    const progression = computeProgressionState({ authenticated, subscribed, staff });
    const verified = subscription?.verified === true;
    return {
      state,
      initializing: state.loading.initializing,
      progression,
      buttons: headerButtons(progression, { wasPreviouslyAuthenticated, resendSentRecently }),
      nextStep: nextStepMessage(progression, { verified }),
      verified,
      wasPreviouslyAuthenticated,
      notice,
      showNotice: setNotice,
      refresh,
      completeSubscription,
      verifyToken,
      markVerified,
      refreshVerificationStatus,
      logout,
      forgetSubscription,
      markResendSent,
      clearProgressionData: () => clearProgressionData(storage),
      clearError: () => dispatch({ type: 'error-cleared' }),
    };
  }, [
    state,
    wasPreviouslyAuthenticated,
    resendSentRecently,
    notice,
    setNotice,
    refresh,
    completeSubscription,
    verifyToken,
    markVerified,
    refreshVerificationStatus,
    logout,
    forgetSubscription,
    markResendSent,
    storage,
  ]);

  return <MembershipContext value={value}>{children}</MembershipContext>;
}

export function useMembership(): MembershipContextValue {
  const value = use(MembershipContext);
  if (!value) throw new Error('useMembership must be used inside <MembershipProvider>');
  return value;
}
