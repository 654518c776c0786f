/**
 * Who the visitor is (anonymous, subscriber, signed in) and the actions that change it. Built on
 * the domain's membership reducer and progression rules; storage and the API client are passed
 * in, so tests give it fakes.
 */
import type {
  HeaderButtons,
  MembershipState,
  ProgressionState,
  StoredSubscription,
} from '@quillpost/domain';
import { createContext, use, useEffect, useMemo, type ReactNode } from 'react';
import { useStorage } from '../storage-context';
import { keepKnownReaderCookie } from './known-reader';
import { progressionOf } from './progression';
import { clearProgressionData } from './stored-state';
import { usePageNotice, type Notice } from './use-page-notice';
import { useResendSent } from './use-resend-sent';
import { useSession } from './use-session';
import { useSubscription, type SubscriptionPayload } from './use-subscription';

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
  const storage = useStorage();
  const { state, dispatch, wasPreviouslyAuthenticated, refresh, logout } = useSession(now);
  const [notice, showNotice] = usePageNotice();
  const [resendSentRecently, markResendSent] = useResendSent();
  const {
    completeSubscription,
    markVerified,
    verifyToken,
    refreshVerificationStatus,
    forgetSubscription,
  } = useSubscription({ state, dispatch, now, refresh, showNotice });
  // Whoever the reader turns out to be, the next page the server sends knows it (decision 0042).
  useEffect(() => keepKnownReaderCookie(storage), [storage, state, wasPreviouslyAuthenticated]);

  const value = useMemo<MembershipContextValue>(
    () => ({
      state,
      initializing: state.loading.initializing,
      ...progressionOf(state, { wasPreviouslyAuthenticated, resendSentRecently }),
      wasPreviouslyAuthenticated,
      notice,
      showNotice,
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
    }),
    [
      state,
      dispatch,
      wasPreviouslyAuthenticated,
      resendSentRecently,
      notice,
      showNotice,
      refresh,
      completeSubscription,
      verifyToken,
      markVerified,
      refreshVerificationStatus,
      logout,
      forgetSubscription,
      markResendSent,
      storage,
    ],
  );

  return <MembershipContext value={value}>{children}</MembershipContext>;
}

export function useMembership(): MembershipContextValue {
  const value = use(MembershipContext);
  if (!value) throw new Error('useMembership must be used inside <MembershipProvider>');
  return value;
}
