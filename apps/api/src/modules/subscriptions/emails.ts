import type { Env } from '../../env.js';
import type { Db } from '../../db/connection.js';
import { siteIdentity } from '../site/index.js';
import type { OutboxMessage } from '../../mail/outbox.js';
import { renderEmail } from '../../mail/templates.js';
import {
  listUnsubscribeHeaders,
  manageUrl,
  unsubscribeUrl,
  verificationUrl,
  type LinkSubject,
} from './links.js';

type MailDeps = { env: Pick<Env, 'SESSION_SECRET' | 'WEB_ORIGIN' | 'PUBLIC_URL'>; db: Db };
type Subscriber = LinkSubject & { email: string; name: string | null };

const greeting = (name: string | null) => (name ? `Hi ${name},` : 'Hi,');

export function confirmationEmail(
  { env, db }: MailDeps,
  subscriber: Subscriber,
  token: string,
  /** The page the subscription started on, where confirming returns the reader. */
  startPath: string | null,
): OutboxMessage {
  const site = siteIdentity(db);
  const content = renderEmail({
    site,
    heading: 'Confirm your subscription',
    paragraphs: [
      greeting(subscriber.name),
      `Please confirm that you want to receive the ${site.title} newsletter at this address.`,
    ],
    button: { label: 'Confirm subscription', url: verificationUrl(env, token, startPath) },
    notes: [
      'This link works for 24 hours and only once.',
      'If you did not ask to subscribe, ignore this email: you will not hear from us again.',
    ],
    manageUrl: manageUrl(env, subscriber),
    reason: `You are receiving this because this address was entered in the subscribe form of ${site.title}.`,
  });
  return {
    kind: 'subscription-confirmation',
    to: subscriber.email,
    subject: `Confirm your subscription to ${site.title}`,
    ...content,
  };
}

export function welcomeEmail({ env, db }: MailDeps, subscriber: Subscriber): OutboxMessage {
  const site = siteIdentity(db);
  const content = renderEmail({
    site,
    heading: `Welcome to ${site.title}`,
    paragraphs: [
      greeting(subscriber.name),
      'Your subscription is confirmed. New writing will arrive in this inbox; you can choose which sections you get at any time.',
    ],
    button: { label: 'Visit the site', url: new URL('/', env.WEB_ORIGIN).toString() },
    manageUrl: manageUrl(env, subscriber),
    unsubscribeUrl: unsubscribeUrl(env, subscriber),
    reason: `You are receiving this because you confirmed your subscription to ${site.title}.`,
  });
  return {
    kind: 'subscription-welcome',
    to: subscriber.email,
    subject: `Welcome to ${site.title}`,
    headers: listUnsubscribeHeaders(env, subscriber),
    ...content,
  };
}

/** Sent when someone asks to unsubscribe an address without proving it is theirs. */
export function unsubscribeConfirmationEmail(
  { env, db }: MailDeps,
  subscriber: Subscriber,
): OutboxMessage {
  const site = siteIdentity(db);
  const content = renderEmail({
    site,
    heading: 'Confirm that you want to unsubscribe',
    paragraphs: [
      greeting(subscriber.name),
      `Someone asked to unsubscribe this address from the ${site.title} newsletter. Use the button to confirm.`,
    ],
    button: { label: 'Unsubscribe', url: unsubscribeUrl(env, subscriber) },
    notes: ['If this was not you, ignore this email and nothing changes.'],
    manageUrl: manageUrl(env, subscriber),
    reason: `You are receiving this because an unsubscribe was requested for this address on ${site.title}.`,
  });
  return {
    kind: 'unsubscribe-confirmation',
    to: subscriber.email,
    subject: `Unsubscribe from ${site.title}?`,
    ...content,
  };
}
