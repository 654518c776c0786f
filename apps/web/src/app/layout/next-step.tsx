/** The suggested next step under the header, and any one-off notice (e.g. after verifying). */

import { SHELL_MESSAGES } from '@quillpost/domain';
import { useMembership } from '../../lib/membership/membership-context';
import { useResendConfirmation } from '../../features/subscribe';
import { Island } from '../../islands/island';

export function NextStepBody() {
  const membership = useMembership();
  const { resend, sending } = useResendConfirmation();
  const { nextStep, notice, progression, verified, initializing } = membership;

  // Until the session is known, a visitor's message: most readers are visitors. A browser that
  // knows its reader (html[data-member], decision 0042) keeps it invisible meanwhile, holding
  // the bar's place.
  if (initializing) {
    return (
      <div className="next-step next-step--presumed">
        <div className="next-step__inner">
          <p className="next-step__text">{SHELL_MESSAGES.NEXT_STEP_ANONYMOUS}</p>
        </div>
      </div>
    );
  }

  async function resendAndTell() {
    const outcome = await resend();
    membership.showNotice({ tone: outcome.ok ? 'success' : 'error', text: outcome.message });
  }

  const canResend = progression === 'SUBSCRIBER_ONLY' && !verified;
  if (!nextStep && !notice) return null;
  return (
    <div className="next-step">
      <div className="next-step__inner">
        {notice ? (
          <p className={`next-step__notice next-step__notice--${notice.tone}`} role="status">
            {notice.text}
            <button
              type="button"
              className="next-step__dismiss"
              aria-label="Dismiss"
              onClick={() => membership.showNotice(null)}
            >
              ×
            </button>
          </p>
        ) : null}
        {nextStep ? (
          <p className="next-step__text">
            {nextStep}
            {canResend ? (
              <>
                {' '}
                <button
                  type="button"
                  className="next-step__action"
                  onClick={() => void resendAndTell()}
                  disabled={sending}
                >
                  Resend the Email
                </button>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}

export function NextStep() {
  return <Island name="next-step" when="member" component={NextStepBody} props={{}} />;
}
