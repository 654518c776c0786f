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

/** `value` parsed as an https URL on an SNS host's default port, with no credentials; else null. */
function snsUrl(value: string): URL | null {
  if (!URL.canParse(value)) return null;
  // URL lower-cases the host, resolves dot segments and drops an explicit :443.
  const url = new URL(value);
  const onSns = url.protocol === 'https:' && SNS_HOST.test(url.hostname) && url.port === '';
  return onSns && !url.username && !url.password ? url : null;
}

/** Whether a URL is SNS's API, for the subscription confirmation link. */
export function isSnsUrl(value: string): boolean {
  return snsUrl(value) !== null;
}

/**
 * The one spelling of a signing certificate's URL, or null when it is not one: SNS's own .pem on
 * an SNS host, its query and fragment dropped (empty or not, they name the same file), so every
 * spelling of one certificate is one fetch and one cache entry.
 */
export function certificateUrl(value: string): string | null {
  const url = snsUrl(value);
  if (!url || !/^\/SimpleNotificationService-[A-Za-z0-9]+\.pem$/.test(url.pathname)) return null;
  if (url.search !== '' || url.hash !== '') return null;
  return `https://${url.hostname}${url.pathname}`;
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
  const certificateAt = certificateUrl(message.SigningCertURL);
  if (!certificateAt) return false;
  let certificate: string;
  try {
    certificate = await sns.certificate(certificateAt);
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

/** How long a certificate that could not be fetched is not asked for again. */
export const CERTIFICATE_FAILURE_TTL_MS = 60_000;

/**
 * The real SNS client: HTTPS with a timeout; certificates (by certificateUrl's spelling) are kept
 * once fetched, and a failed fetch is remembered for a minute, so a flood of messages naming a
 * certificate that does not answer costs one connection a minute, not one each.
 */
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
        pending.catch(() => {
          const forget = () => certificates.get(url) === pending && certificates.delete(url);
          setTimeout(forget, CERTIFICATE_FAILURE_TTL_MS).unref();
        });
        certificates.set(url, pending);
      }
      return pending;
    },
    async confirm(url) {
      await get(url);
    },
  };
}
