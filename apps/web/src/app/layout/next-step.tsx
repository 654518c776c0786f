/** The suggested next step under the header, and any one-off notice (e.g. after verifying). */

import { useMembership } from '../../features/membership/membership-context';
import { useResendConfirmation } from '../../features/subscribe/use-resend-confirmation';

export function NextStep() {
  const membership = useMembership();
  const { resend, sending } = useResendConfirmation();
  const { nextStep, notice, progression, verified, initializing } = membership;

  if (initializing) return null;

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
                  Resend the email
                </button>
              </>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}
