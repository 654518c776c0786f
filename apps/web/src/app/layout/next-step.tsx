/** The suggested next step under the header, and any one-off notice (e.g. after verifying). */

import { useState } from 'react';
import { useMembership } from '../../features/membership/membership-context';
import { useApiClient } from '../../lib/api-context';

export function NextStep() {
  const membership = useMembership();
  const api = useApiClient();
  const [sending, setSending] = useState(false);
  const { nextStep, notice, progression, verified, initializing, state } = membership;

  if (initializing) return null;

  async function resend() {
    setSending(true);
    const { resendConfirmation } = await import('../../features/subscribe/subscribe-api');
    const outcome = await resendConfirmation(api, state.subscription?.email);
    setSending(false);
    membership.showNotice({ tone: outcome.ok ? 'success' : 'error', text: outcome.message });
    if (outcome.ok) membership.markResendSent();
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
                  onClick={() => void resend()}
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
