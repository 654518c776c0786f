/**
 * Progression of a visitor towards full membership (spec section 4): what the header offers and
 * which next step is suggested. See docs/decisions/0002-auth-only-state.md for why AUTH_ONLY is
 * reachable here although the original made it unreachable.
 */
import { SHELL_MESSAGES as MESSAGES } from './shell-messages.js';

export const PROGRESSION_STATES = [
  'ANONYMOUS',
  'SUBSCRIBER_ONLY',
  'AUTH_ONLY',
  'FULL_MEMBER',
] as const;
export type ProgressionState = (typeof PROGRESSION_STATES)[number];

export interface ProgressionInput {
  /** A signed-in session exists. */
  authenticated: boolean;
  /** The person's email has a newsletter subscription (for a signed-in user: their own email). */
  subscribed: boolean;
  /**
   * A signed-in moderator or administrator: they run the site, so nothing a reader is asked
   * (Subscribe, a next step) is asked of them; they count as full members.
   */
  staff?: boolean;
}

export function computeProgressionState({
  authenticated,
  subscribed,
  staff = false,
}: ProgressionInput): ProgressionState {
  if (authenticated) return subscribed || staff ? 'FULL_MEMBER' : 'AUTH_ONLY';
  return subscribed ? 'SUBSCRIBER_ONLY' : 'ANONYMOUS';
}

export type HeaderAction =
  { type: 'open-subscribe-popup' } | { type: 'open-sign-in' } | { type: 'navigate'; to: '/manage' };

export interface HeaderButton {
  label: string;
  action: HeaderAction;
}

export interface HeaderButtons {
  primary: HeaderButton | null;
  secondary: HeaderButton | null;
  /** The signed-in account menu (avatar) is shown. */
  accountMenu: boolean;
  /** Short status beside the buttons, e.g. 'Sent!' after a resend; null for none. */
  status: string | null;
}

export interface HeaderContext {
  /** was_previously_authenticated is 'true' in this browser. */
  wasPreviouslyAuthenticated: boolean;
  /** A confirmation email was resent less than RESEND_SENT_STATUS_MS ago. */
  resendSentRecently: boolean;
}

const SUBSCRIBE_BUTTON: HeaderButton = {
  label: MESSAGES.SUBSCRIBE,
  action: { type: 'open-subscribe-popup' },
};

export function headerButtons(state: ProgressionState, context: HeaderContext): HeaderButtons {
  switch (state) {
    case 'ANONYMOUS':
      return {
        primary: SUBSCRIBE_BUTTON,
        secondary: { label: MESSAGES.SIGN_IN, action: { type: 'open-sign-in' } },
        accountMenu: false,
        status: null,
      };
    case 'SUBSCRIBER_ONLY':
      return {
        primary: { label: MESSAGES.SUBSCRIBED, action: { type: 'navigate', to: '/manage' } },
        secondary: {
          label: context.wasPreviouslyAuthenticated ? MESSAGES.SIGN_IN : MESSAGES.SIGN_UP,
          action: { type: 'open-sign-in' },
        },
        accountMenu: false,
        status: context.resendSentRecently ? MESSAGES.SENT : null,
      };
    case 'AUTH_ONLY':
      return { primary: SUBSCRIBE_BUTTON, secondary: null, accountMenu: true, status: null };
    case 'FULL_MEMBER':
      return { primary: null, secondary: null, accountMenu: true, status: null };
  }
}

/** The suggested next step; a full member has none (null). */
export function nextStepMessage(
  state: ProgressionState,
  { verified }: { verified: boolean },
): string | null {
  switch (state) {
    case 'ANONYMOUS':
      return MESSAGES.NEXT_STEP_ANONYMOUS;
    case 'SUBSCRIBER_ONLY':
      return verified ? MESSAGES.NEXT_STEP_CREATE_ACCOUNT : MESSAGES.NEXT_STEP_VERIFY_SUBSCRIPTION;
    case 'AUTH_ONLY':
      return MESSAGES.NEXT_STEP_SUBSCRIBE;
    case 'FULL_MEMBER':
      return null;
  }
}

export type RecommendedAction = 'subscribe' | 'authenticate' | 'none';

export function recommendedAction(state: ProgressionState): RecommendedAction {
  switch (state) {
    case 'ANONYMOUS':
    case 'AUTH_ONLY':
      return 'subscribe';
    case 'SUBSCRIBER_ONLY':
      return 'authenticate';
    case 'FULL_MEMBER':
      return 'none';
  }
}

/** An upgrade is possible unless the user is already a full member. */
export function canUpgrade(state: ProgressionState): boolean {
  return state !== 'FULL_MEMBER';
}

/** Pending when a subscription email is present and not yet verified. */
export function isVerificationPending(
  subscriptionEmail: string | null | undefined,
  verified: boolean,
): boolean {
  return Boolean(subscriptionEmail?.trim()) && !verified;
}
