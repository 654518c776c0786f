import {
  canModerate,
  computeProgressionState,
  headerButtons,
  nextStepMessage,
  type MembershipState,
} from '@quillpost/domain';

/**
 * Where the visitor stands on the way from reader to subscriber to member, what the header offers
 * them and the next step it suggests, by the domain's progression rules.
 */
export function progressionOf(
  state: MembershipState,
  seen: { wasPreviouslyAuthenticated: boolean; resendSentRecently: boolean },
) {
  const subscription = state.subscription;
  const authenticated = state.user !== null;
  const subscribed = subscription !== null && subscription.status !== 'unsubscribed';
  // Staff (moderators and the owner) run the site: no reader's Subscribe or next step for them.
  const staff = authenticated && canModerate(state.level);
  const progression = computeProgressionState({ authenticated, subscribed, staff });
  const verified = subscription?.verified === true;
  return {
    progression,
    buttons: headerButtons(progression, seen),
    nextStep: nextStepMessage(progression, { verified }),
    verified,
  };
}
