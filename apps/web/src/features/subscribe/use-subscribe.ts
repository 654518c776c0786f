/**
 * The subscribe flow's state and its one call: email -> details -> loading -> success | error
 * (spec sections 2, 4, 5). The form's steps render it; the membership context stays the one
 * writer of stored state (`completeSubscription` keeps the subscription, unverified, with its
 * status token).
 */
import { emailSchema, type SubscribeFormStep } from '@quillpost/domain';
import { useState } from 'react';
import { useApiClient } from '../../lib/api-context';
import { useMembership } from '../../lib/membership/membership-context';
import { postSubscribe } from './subscribe-api';

export interface SubscribeSuccess {
  email: string;
  name: string | null;
  subscribedAt: string;
  wantsAccount: boolean;
}

export interface SubscribeDetails {
  /** Already checked with nameSchema; blank means none. */
  name: string;
  wantsAccount: boolean;
  /** Absent after the security check timed out: the plain variant. */
  turnstileToken?: string | undefined;
}

/** The first issue's text of a failed parse, or null when it passed. */
export function firstMessage(result: {
  success: boolean;
  error?: { issues: { message: string }[] };
}): string | null {
  return result.success ? null : (result.error?.issues[0]?.message ?? null);
}

export function useSubscribe() {
  const api = useApiClient();
  const membership = useMembership();
  const [step, setStep] = useState<SubscribeFormStep>('email');
  /** The canonical address once the email step passed: what the server keeps. */
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const [success, setSuccess] = useState<SubscribeSuccess | null>(null);

  /** Moves on to the details with the canonical address; the spec's text when it is refused. */
  function chooseEmail(typed: string): { ok: true; email: string } | { ok: false; error: string } {
    const parsed = emailSchema.safeParse(typed);
    if (!parsed.success) return { ok: false, error: firstMessage(parsed) ?? '' };
    setEmail(parsed.data);
    setStep('details');
    return { ok: true, email: parsed.data };
  }

  async function subscribe({ name, wantsAccount, turnstileToken }: SubscribeDetails) {
    setStep('loading');
    const trimmedName = name.trim() || undefined;
    const outcome = await postSubscribe(api, {
      email,
      name: trimmedName,
      wantsAccount,
      turnstileToken,
    });
    setMessage(outcome.message);
    if (!outcome.ok) {
      setStep('error');
      return;
    }
    const stored = membership.completeSubscription({
      email,
      name: trimmedName ?? null,
      wantsAccount,
      statusToken: outcome.statusToken,
    });
    setSuccess({
      email,
      name: stored.name ?? null,
      subscribedAt: stored.subscribedAt,
      wantsAccount,
    });
    setStep('success');
  }

  return {
    step,
    email,
    message,
    success,
    chooseEmail,
    subscribe,
    backToEmail: () => setStep('email'),
  };
}
