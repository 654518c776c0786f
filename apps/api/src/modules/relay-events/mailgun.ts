import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { constantTimeEqual } from '../../security/secrets.js';
import type { RelayEvent } from './service.js';

/** How far a signed timestamp may be from now: Mailgun signs each call as it makes it. */
export const MAILGUN_MAX_SKEW_MS = 5 * 60_000;

/** Mailgun's webhook body (https://documentation.mailgun.com, "Securing webhooks"). */
const mailgunWebhookSchema = z.object({
  signature: z.object({
    timestamp: z.string().regex(/^\d{1,12}$/),
    token: z.string().min(16).max(200),
    signature: z.string().regex(/^[0-9a-f]{64}$/),
  }),
  'event-data': z.object({
    event: z.string(),
    severity: z.string().optional(),
    recipient: z.string().max(320),
    timestamp: z.number().finite().min(0).max(1e11).optional(),
    reason: z.string().optional(),
    'delivery-status': z
      .object({
        code: z.union([z.number(), z.string()]).optional(),
        message: z.string().optional(),
        description: z.string().optional(),
      })
      .optional(),
  }),
});

export type MailgunVerdict =
  | { ok: true; token: string; event: RelayEvent | null }
  | { ok: false; why: 'malformed' | 'signature' | 'stale' };

/**
 * Checks a Mailgun webhook: HMAC-SHA256 of timestamp + token under the signing key, a timestamp
 * within five minutes. Gives the bounce or complaint it reports, or null for any other event
 * (deliveries, opens, temporary failures), which need nothing done.
 */
export function readMailgunWebhook(body: unknown, signingKey: string, now: number): MailgunVerdict {
  const parsed = mailgunWebhookSchema.safeParse(body);
  if (!parsed.success) return { ok: false, why: 'malformed' };
  const { signature, 'event-data': data } = parsed.data;
  const expected = createHmac('sha256', signingKey)
    .update(signature.timestamp + signature.token)
    .digest('hex');
  if (!constantTimeEqual(expected, signature.signature)) return { ok: false, why: 'signature' };
  if (Math.abs(now - Number(signature.timestamp) * 1000) > MAILGUN_MAX_SKEW_MS) {
    return { ok: false, why: 'stale' };
  }
  const kind =
    data.event === 'complained'
      ? 'complaint'
      : data.event === 'failed' && data.severity === 'permanent'
        ? 'bounce'
        : null;
  if (!kind) return { ok: true, token: signature.token, event: null };
  const status = data['delivery-status'];
  const detail =
    kind === 'complaint'
      ? 'spam complaint'
      : [status?.code, status?.description || status?.message || data.reason]
          .filter((part) => part !== undefined && part !== '')
          .join(' ') || null;
  return {
    ok: true,
    token: signature.token,
    event: {
      relay: 'mailgun',
      // Mailgun never reuses a token: a second call with one is a replay.
      eventId: signature.token,
      kind,
      recipient: data.recipient,
      detail,
      occurredAt: new Date((data.timestamp ?? Number(signature.timestamp)) * 1000).toISOString(),
    },
  };
}
