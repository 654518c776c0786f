import { z } from 'zod';
import { constantTimeEqual } from '../../security/secrets.js';
import type { RelayEvent } from './service.js';

/** Postmark bounce types that mean the address will never accept mail. */
const PERMANENT_BOUNCES = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);

const postmarkWebhookSchema = z.object({
  RecordType: z.string(),
  ID: z.union([z.number(), z.string()]),
  Type: z.string().optional(),
  Email: z.string().max(320),
  Description: z.string().optional(),
  Details: z.string().optional(),
  BouncedAt: z.string().optional(),
});

/** Whether an Authorization header carries the configured HTTP Basic credentials. */
export function postmarkAuthorized(
  header: string | undefined,
  credentials: { user: string; password: string },
): boolean {
  const expected = `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}`;
  return header !== undefined && constantTimeEqual(header, expected);
}

/**
 * A Postmark Bounce or SpamComplaint webhook as a relay event: hard bounces only (soft ones are
 * retried by Postmark and need nothing here); null for anything else; undefined when malformed.
 */
export function readPostmarkWebhook(body: unknown, now: number): RelayEvent | null | undefined {
  const parsed = postmarkWebhookSchema.safeParse(body);
  if (!parsed.success) return undefined;
  const data = parsed.data;
  const kind =
    data.RecordType === 'SpamComplaint'
      ? 'complaint'
      : data.RecordType === 'Bounce' && PERMANENT_BOUNCES.has(data.Type ?? '')
        ? 'bounce'
        : null;
  if (!kind) return null;
  const occurred = data.BouncedAt ? Date.parse(data.BouncedAt) : Number.NaN;
  return {
    relay: 'postmark',
    eventId: String(data.ID),
    kind,
    recipient: data.Email,
    detail:
      kind === 'complaint'
        ? 'spam complaint'
        : [data.Type, data.Description].filter(Boolean).join(': ') || null,
    occurredAt: new Date(Number.isNaN(occurred) ? now : occurred).toISOString(),
  };
}
