import { createHmac } from 'node:crypto';

/** The signing key tests give MAILGUN_WEBHOOK_SIGNING_KEY. */
export const MAILGUN_SIGNING_KEY = 'key-mailgun-webhook-signing-key-for-tests';

let tokens = 0;

/** A Mailgun webhook body signed as Mailgun signs it: HMAC-SHA256(timestamp + token). */
export function mailgunWebhookBody(
  eventData: Record<string, unknown>,
  { now, key = MAILGUN_SIGNING_KEY, token }: { now: number; key?: string; token?: string },
) {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = token ?? `token-${(tokens += 1)}-${'x'.repeat(40)}`;
  const signature = createHmac('sha256', key)
    .update(timestamp + nonce)
    .digest('hex');
  return { signature: { timestamp, token: nonce, signature }, 'event-data': eventData };
}

/** A permanent failure as Mailgun reports a bounce. */
export const mailgunPermanentFailure = (recipient: string) => ({
  event: 'failed',
  severity: 'permanent',
  recipient,
  reason: 'bounce',
  'delivery-status': { code: 550, description: 'No such mailbox' },
});
