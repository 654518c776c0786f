import { PAGE_PATHS, safeReturnPath, tokenLinkPath } from '@quillpost/domain';
import type { Env } from '../../env.js';
import { constantTimeEqual, idOfToken, signIdToken } from '../../security/secrets.js';

/**
 * Signed per-subscriber links. A token is `<id base36>.<HMAC-SHA256>` over the purpose, the id and
 * the subscriber's `link_key`, keyed with SESSION_SECRET. They never expire (mail is read months
 * later); rotating `link_key` or deleting the subscriber revokes every link sent so far. Purposes
 * are separate so the one-click unsubscribe link in a header cannot read or change the profile.
 */
export type LinkPurpose = 'manage' | 'unsubscribe';

export interface LinkSubject {
  id: number;
  linkKey: string;
}

export function signSubscriberToken(
  secret: string,
  purpose: LinkPurpose,
  subject: LinkSubject,
): string {
  return signIdToken(
    secret,
    subject.id,
    `subscriber-link:v1:${purpose}:${subject.id}:${subject.linkKey}`,
  );
}

/** The subscriber id a token claims, before its signature is checked; null when malformed. */
export const tokenSubscriberId = idOfToken;

/** Checks a token against the subscriber it names (looked up by the caller) in constant time. */
export function verifySubscriberToken(
  secret: string,
  purpose: LinkPurpose,
  token: string,
  subject: LinkSubject,
): boolean {
  return constantTimeEqual(signSubscriberToken(secret, purpose, subject), token);
}

type LinkEnv = Pick<Env, 'SESSION_SECRET' | 'WEB_ORIGIN' | 'PUBLIC_URL'>;

/** The web app's manage page for one subscriber; the page passes `manage` to the API. */
export function manageUrl(env: LinkEnv, subscriber: LinkSubject & { email: string }): string {
  const url = new URL(PAGE_PATHS.manage, env.WEB_ORIGIN);
  url.searchParams.set('email', subscriber.email);
  url.searchParams.set('manage', signSubscriberToken(env.SESSION_SECRET, 'manage', subscriber));
  return url.toString();
}

/**
 * What stands for a subscriber in the unsubscribe link of a preview or a test to someone not on
 * the list: the link answers like a real one (200 to a one-click POST) and changes nothing.
 */
export const PREVIEW_UNSUBSCRIBE_TOKEN = 'preview';

/** The RFC 8058 one-click unsubscribe URL (GET shows a confirm page, POST unsubscribes). */
export function unsubscribeUrl(env: LinkEnv, subscriber: LinkSubject | 'preview'): string {
  const token =
    subscriber === 'preview'
      ? PREVIEW_UNSUBSCRIBE_TOKEN
      : signSubscriberToken(env.SESSION_SECRET, 'unsubscribe', subscriber);
  return new URL(tokenLinkPath('newsletterUnsubscribe', token), env.PUBLIC_URL).toString();
}

/**
 * Headers that let mail clients show their own unsubscribe button (RFC 2369 and RFC 8058). With
 * `mailto`, an address is offered after the one-click link for clients that only send mail.
 */
export function listUnsubscribeHeaders(
  env: LinkEnv,
  subscriber: LinkSubject | 'preview',
  options: { mailto?: string | undefined } = {},
): Record<string, string> {
  const targets = [`<${unsubscribeUrl(env, subscriber)}>`];
  if (options.mailto) targets.push(`<mailto:${encodeURI(options.mailto)}?subject=unsubscribe>`);
  return {
    'List-Unsubscribe': targets.join(', '),
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/**
 * The link in the confirmation email: the page of the web app the subscription started on (a
 * post, say), which calls GET /verify and drops the token; the home page when that is unknown.
 */
export function verificationUrl(env: LinkEnv, token: string, startPath: string | null): string {
  const url = new URL(siteReturnPath(startPath), env.WEB_ORIGIN);
  url.searchParams.set('verify', token);
  return url.toString();
}

/** A page of the site to send a reader back to: a stored start path when it is one, else home. */
export function siteReturnPath(startPath: string | null | undefined): string {
  return safeReturnPath(startPath ?? '/');
}

/**
 * Where a reader who unsubscribed from the link's page lands: a page of the site, which says
 * so (and forgets this browser's subscription), instead of the link's /api/ address.
 */
export function unsubscribedLandingUrl(env: LinkEnv, email: string): string {
  const url = new URL('/', env.WEB_ORIGIN);
  url.searchParams.set('unsubscribed', 'true');
  url.searchParams.set('email', email);
  return url.toString();
}
