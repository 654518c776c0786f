import { createVerify } from 'node:crypto';
import { z } from 'zod';
import type { SnsClient } from '../../deps.js';
import type { RelayEvent } from './service.js';

/**
 * Amazon SES reports bounces and complaints through an SNS topic. Every SNS message is signed
 * with the key of a certificate SNS publishes; the certificate must come from an SNS host, and
 * the message from the topic configured here (anyone can sign messages of their own topic).
 */

/** How old a signed SNS message may be; older ones are refused as replays. */
export const SNS_MAX_AGE_MS = 60 * 60_000;

// A region label is required: `sns.s3.amazonaws.com` is an S3 bucket anyone could own.
const SNS_HOST = /^sns\.[a-z]{2}(-gov)?-[a-z]+-\d+\.amazonaws\.com(\.cn)?$/;

/**
 * Whether a URL is an https URL on an SNS host: a certificate is SNS's own .pem, without query or
 * fragment (so no two URLs name one certificate); a link is SNS's API.
 */
export function isSnsUrl(value: string, kind: 'certificate' | 'link'): boolean {
  try {
    const url = new URL(value);
    if (url.protocol !== 'https:' || !SNS_HOST.test(url.hostname) || url.username) return false;
    return kind === 'link'
      ? true
      : /^\/SimpleNotificationService-[A-Za-z0-9]+\.pem$/.test(url.pathname) &&
          url.search === '' &&
          url.hash === '';
  } catch {
    return false;
  }
}

const snsMessageSchema = z.object({
  Type: z.enum(['Notification', 'SubscriptionConfirmation', 'UnsubscribeConfirmation']),
  MessageId: z.string().min(1).max(200),
  TopicArn: z.string().min(1).max(300),
  Message: z.string().max(256_000),
  Timestamp: z.string(),
  SignatureVersion: z.enum(['1', '2']),
  Signature: z.string().min(1),
  SigningCertURL: z.string(),
  Subject: z.string().optional(),
  Token: z.string().optional(),
  SubscribeURL: z.string().optional(),
});
export type SnsMessage = z.output<typeof snsMessageSchema>;

export function parseSnsMessage(body: unknown): SnsMessage | null {
  const parsed = snsMessageSchema.safeParse(body);
  return parsed.success ? parsed.data : null;
}

/** The text SNS signs: the message's fields, name and value on lines, in this order. */
export function snsStringToSign(message: SnsMessage): string {
  const fields =
    message.Type === 'Notification'
      ? (['Message', 'MessageId', 'Subject', 'Timestamp', 'TopicArn', 'Type'] as const)
      : ([
          'Message',
          'MessageId',
          'SubscribeURL',
          'Timestamp',
          'Token',
          'TopicArn',
          'Type',
        ] as const);
  return fields
    .filter((field) => message[field] !== undefined)
    .map((field) => `${field}\n${message[field]}\n`)
    .join('');
}

export async function verifySnsSignature(message: SnsMessage, sns: SnsClient): Promise<boolean> {
  if (!isSnsUrl(message.SigningCertURL, 'certificate')) return false;
  let certificate: string;
  try {
    certificate = await sns.certificate(message.SigningCertURL);
  } catch {
    // No certificate at that address: nothing to check the signature against.
    return false;
  }
  const verifier = createVerify(message.SignatureVersion === '1' ? 'RSA-SHA1' : 'RSA-SHA256');
  verifier.update(snsStringToSign(message), 'utf8');
  try {
    return verifier.verify(certificate, message.Signature, 'base64');
  } catch {
    return false;
  }
}

const sesNotificationSchema = z.object({
  // Feedback notifications say notificationType; configuration-set event publishing, eventType.
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  bounce: z
    .object({
      bounceType: z.string(),
      bounceSubType: z.string().optional(),
      bouncedRecipients: z.array(
        z.object({ emailAddress: z.string(), diagnosticCode: z.string().optional() }),
      ),
      timestamp: z.string().optional(),
    })
    .optional(),
  complaint: z
    .object({
      complainedRecipients: z.array(z.object({ emailAddress: z.string() })),
      complaintFeedbackType: z.string().optional(),
      timestamp: z.string().optional(),
    })
    .optional(),
});

/**
 * The bounces and complaints an SES notification reports, one event per recipient: permanent
 * bounces only (SES retries transient ones itself). Anything else (a delivery, a test message
 * published by hand) reports none.
 */
export function sesEvents(message: SnsMessage): RelayEvent[] {
  let json: unknown;
  try {
    json = JSON.parse(message.Message);
  } catch {
    return [];
  }
  const parsed = sesNotificationSchema.safeParse(json);
  if (!parsed.success) return [];
  const { bounce, complaint } = parsed.data;
  const notificationType = parsed.data.notificationType ?? parsed.data.eventType;
  const at = (timestamp: string | undefined) => timestamp ?? message.Timestamp;
  if (notificationType === 'Bounce' && bounce?.bounceType === 'Permanent') {
    return bounce.bouncedRecipients.map((recipient) => ({
      relay: 'ses',
      eventId: `${message.MessageId}:${recipient.emailAddress}`,
      kind: 'bounce',
      recipient: recipient.emailAddress,
      detail: recipient.diagnosticCode ?? `Permanent ${bounce.bounceSubType ?? 'bounce'}`.trim(),
      occurredAt: at(bounce.timestamp),
    }));
  }
  if (notificationType === 'Complaint' && complaint) {
    return complaint.complainedRecipients.map((recipient) => ({
      relay: 'ses',
      eventId: `${message.MessageId}:${recipient.emailAddress}`,
      kind: 'complaint',
      recipient: recipient.emailAddress,
      detail: complaint.complaintFeedbackType ?? 'spam complaint',
      occurredAt: at(complaint.timestamp),
    }));
  }
  return [];
}

/** The real SNS client: HTTPS with a timeout; certificates are kept once fetched. */
export function httpsSnsClient(timeoutMs = 10_000): SnsClient {
  // SNS signs with a handful of certificates; a few entries are plenty.
  const certificates = new Map<string, Promise<string>>();
  const CACHE_LIMIT = 20;
  const get = async (url: string) => {
    const response = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`SNS answered ${response.status} for ${url}`);
    return response.text();
  };
  return {
    certificate(url) {
      let pending = certificates.get(url);
      if (!pending) {
        if (certificates.size >= CACHE_LIMIT) certificates.clear();
        pending = get(url);
        pending.catch(() => certificates.delete(url));
        certificates.set(url, pending);
      }
      return pending;
    },
    async confirm(url) {
      await get(url);
    },
  };
}
