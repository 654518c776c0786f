/**
 * "Resend confirmation" (spec sections 4 and 8) for any screen that offers it: sends to the
 * stored subscription's address, keeps the outcome's message for the screen to show, and on
 * success lets the header say 'Sent!' for 10 s. The call itself (and the domain's validation
 * with it) loads on first use: the header offers a resend on every page.
 */
import { useCallback, useState } from 'react';
import { useApiClient } from '../../lib/api-context';
import { useMembership } from '../../lib/membership/membership-context';
import type { Outcome } from './subscribe-api';

export interface ResendConfirmation {
  resend(): Promise<Outcome>;
  sending: boolean;
  /** The last outcome, until the next resend. */
  outcome: Outcome | null;
}

export function useResendConfirmation(): ResendConfirmation {
  const api = useApiClient();
  const { state, markResendSent } = useMembership();
  const storedEmail = state.subscription?.email;
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const resend = useCallback(async () => {
    setSending(true);
    const { resendConfirmation } = await import('./subscribe-api');
    const result = await resendConfirmation(api, storedEmail);
    setSending(false);
    setOutcome(result);
    if (result.ok) markResendSent();
    return result;
  }, [api, storedEmail, markResendSent]);

  return { resend, sending, outcome };
}
