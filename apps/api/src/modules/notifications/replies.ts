/**
 * Reply emails: when someone replies to a member's comment, the member hears of it by mail, at
 * most once per thread an hour (the rest of the conversation is on the page), unless they turned
 * these emails off on the Account page or with the one-click link every one of them carries.
 */
import { pagePath, tokenLinkPath } from '@quillpost/domain';
import { siteIdentity } from '../site/index.js';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import { enqueueMail } from '../../mail/outbox.js';
import { renderEmail } from '../../mail/templates.js';
import type { PersonalDataHolder } from '../../personal-data.js';
import { liveAccountsByIds, peopleByIds, replyEmailsWanted, userLinkKey } from '../auth/index.js';
import { truncate } from '../content/index.js';
import { constantTimeEqual, idOfToken, signIdToken } from '../../security/secrets.js';
import { claimReplyNotice, deleteReplyNoticesOf, replyNoticesOf } from './store.js';

export const REPLY_NOTICE_INTERVAL_MS = 60 * 60_000;
const QUOTE_MAX_CHARS = 400;

export type NotificationDeps = { db: Db; clock: Clock; env: Env };

/**
 * The token of a member's "no more reply emails" link: `<id base36>.<HMAC-SHA256>` over the
 * purpose, the id and the member's `link_key`, keyed with SESSION_SECRET, as subscriber links are.
 * It never expires (mail is read months later); a new `link_key`, which erasing the account sets,
 * revokes every link sent so far.
 */
function replyEmailsOffToken(secret: string, userId: number, linkKey: string): string {
  return signIdToken(secret, userId, `reply-emails-off:v2:${userId}:${linkKey}`);
}

/** The member a "no more reply emails" token names, or null when it is not a live one of ours. */
export function userOfReplyEmailsOffToken(db: Db, secret: string, token: string): number | null {
  const id = idOfToken(token);
  const linkKey = id === null ? undefined : userLinkKey(db, id);
  if (id === null || linkKey === undefined) return null;
  return constantTimeEqual(replyEmailsOffToken(secret, id, linkKey), token) ? id : null;
}

/** The member's "no more reply emails" link, as every reply email carries it. */
export function replyEmailsOffUrl(
  db: Db,
  env: Pick<Env, 'SESSION_SECRET' | 'PUBLIC_URL'>,
  userId: number,
): string {
  const token = replyEmailsOffToken(env.SESSION_SECRET, userId, userLinkKey(db, userId) ?? '');
  return new URL(tokenLinkPath('replyEmailsOff', token), env.PUBLIC_URL).toString();
}

/** A reply just stored, as discussions tells of it. */
export interface NewReply {
  /** `postId` is the post a post thread is about, null for a general thread. */
  thread: { id: number; title: string; postId: number | null };
  body: string;
  replierId: number;
  /** The author of the comment answered: the one the replier chose, which may itself be a reply. */
  answeredAuthorId: number;
}

/**
 * Queues the email about a reply to the author of the comment it answers, when they want one,
 * may still take part, and had none for this thread within the hour. Call it inside the
 * transaction that stores the reply, so both commit or neither does.
 */
export function queueReplyNotice(deps: NotificationDeps, reply: NewReply): void {
  const { db, clock, env } = deps;
  const now = clock.now();
  const recipientId = reply.answeredAuthorId;
  if (recipientId === reply.replierId) return;
  const recipient = liveAccountsByIds(db, [recipientId], iso(now)).get(recipientId);
  if (!recipient?.email || !recipient.emailVerified || recipient.banned) return;
  if (!replyEmailsWanted(db, recipientId)) return;
  const claimed = claimReplyNotice(db, {
    userId: recipientId,
    threadId: reply.thread.id,
    now: iso(now),
    cutoff: iso(now - REPLY_NOTICE_INTERVAL_MS),
  });
  if (!claimed) return;

  const site = siteIdentity(db);
  const replier =
    peopleByIds(db, [reply.replierId]).get(reply.replierId)?.person.name ?? 'A member';
  const path =
    reply.thread.postId !== null
      ? pagePath('membersPostDiscussion', { postId: reply.thread.postId })
      : pagePath('membersThread', { threadId: reply.thread.id });
  const quote = truncate(reply.body, QUOTE_MAX_CHARS);
  const offUrl = replyEmailsOffUrl(db, env, recipientId);
  const content = renderEmail({
    site,
    heading: `${replier} replied to your comment`,
    paragraphs: [`On “${reply.thread.title}”:`, quote],
    button: { label: 'Read the conversation', url: new URL(path, env.WEB_ORIGIN).toString() },
    notes: ['You get at most one of these emails per conversation an hour.'],
    reason: `You are receiving this because you commented on ${site.title}. Reply emails can be turned off on your Account page or with the link below.`,
    unsubscribeUrl: offUrl,
  });
  enqueueMail(deps, {
    kind: 'reply-notice',
    to: recipient.email,
    subject: `${replier} replied to your comment on ${site.title}`,
    ...content,
    headers: {
      'List-Unsubscribe': `<${offUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

/**
 * The reply emails a member had, per thread; erased with the account, since they say which
 * conversations the member took part in.
 */
export const notificationsPersonalData: PersonalDataHolder = {
  tables: ['reply_notices'],
  export: (db, { userId }) => ({ replyEmails: replyNoticesOf(db, userId) }),
  erase: (db, { userId }) => deleteReplyNoticesOf(db, userId),
};
