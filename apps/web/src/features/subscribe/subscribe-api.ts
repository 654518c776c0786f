/** The newsletter calls of spec section 7, as typed results for the forms. */
import { canResendConfirmation, MESSAGES, subscribeResponseSchema } from '@quillpost/domain';
import type { ApiClient, ApiFailure } from '../../lib/api-client';

export interface SubscribeInput {
  email: string;
  name?: string | undefined;
  wantsAccount: boolean;
  /** Absent after the security check timed out: the plain variant. */
  turnstileToken?: string | undefined;
}

export type Outcome = { ok: true; message: string } | { ok: false; code: string; message: string };

/** A subscribe that went through carries the status token to keep with the subscription. */
export type SubscribeOutcome =
  (Outcome & { ok: false }) | { ok: true; message: string; statusToken: string };

/** Subscribe failure text: the server's message, else the spec's generic texts. */
function subscribeFailure(result: ApiFailure): SubscribeOutcome & { ok: false } {
  if (result.code === 'NETWORK_ERROR') {
    return { ok: false, code: result.code, message: MESSAGES.INTERNAL_ERROR };
  }
  if (result.code === 'REQUEST_FAILED' || result.code === 'INVALID_RESPONSE') {
    return { ok: false, code: result.code, message: MESSAGES.SUBSCRIPTION_FAILED };
  }
  return { ok: false, code: result.code, message: result.message };
}

export async function postSubscribe(
  api: ApiClient,
  input: SubscribeInput,
): Promise<SubscribeOutcome> {
  const body = input.turnstileToken
    ? {
        email: input.email,
        name: input.name,
        turnstileToken: input.turnstileToken,
        wantsAccount: input.wantsAccount,
      }
    : { email: input.email, name: input.name, wantsAccount: input.wantsAccount };
  const result = await api.call('subscribe', { body, schema: subscribeResponseSchema });
  if (!result.ok) return subscribeFailure(result);
  return { ok: true, message: result.data.message, statusToken: result.data.statusToken };
}

/** Resend the confirmation email to the stored subscription's address. */
export async function resendConfirmation(
  api: ApiClient,
  storedEmail: string | null | undefined,
): Promise<Outcome> {
  const precondition = canResendConfirmation(storedEmail);
  if (!precondition.ok) {
    return { ok: false, code: precondition.code, message: precondition.message };
  }
  const result = await api.call('resendVerification', { body: { email: precondition.email } });
  if (result.ok) return { ok: true, message: MESSAGES.CONFIRMATION_SENT };
  if (result.code === 'NETWORK_ERROR') {
    return { ok: false, code: result.code, message: MESSAGES.CONFIRMATION_RESEND_FAILED };
  }
  return {
    ok: false,
    code: result.code,
    message: result.code === 'REQUEST_FAILED' ? MESSAGES.CONFIRMATION_SEND_FAILED : result.message,
  };
}
