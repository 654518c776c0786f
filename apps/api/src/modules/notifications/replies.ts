/**
 * Reply emails: when someone replies to a member's comment, the member hears of it by mail, at
 * most once per thread an hour (the rest of the conversation is on the page), unless they turned
 * these emails off on the Account page or with the one-click link every one of them carries.
 */
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Env } from '../../env.js';
import { enqueueMail } from '../../mail/outbox.js';
import { renderEmail } from '../../mail/templates.js';
import { truncate } from '../content/index.js';
import { constantTimeEqual, idOfToken, signIdToken } from '../../security/secrets.js';

export const REPLY_NOTICE_INTERVAL_MS = 60 * 60_000;
const QUOTE_MAX_CHARS = 400;

export type NotificationDeps = { db: Db; clock: Clock; env: Env };

/** The token of a member's "no more reply emails" link, never expiring (turning off is harmless). */
export function replyEmailsOffToken(secret: string, userId: number): string {
  return signIdToken(secret, userId, `reply-emails-off:v1:${userId}`);
}

/** The member a "no more reply emails" token names, or null when it is not one of ours. */
export function userOfReplyEmailsOffToken(secret: string, token: string): number | null {
  const id = idOfToken(token);
  return id !== null && constantTimeEqual(replyEmailsOffToken(secret, id), token) ? id : null;
}

export function replyEmailsOffUrl(env: Pick<Env, 'SESSION_SECRET' | 'PUBLIC_URL'>, userId: number) {
  const token = replyEmailsOffToken(env.SESSION_SECRET, userId);
  return new URL(`/api/notifications/replies/off/${token}`, env.PUBLIC_URL).toString();
}

interface ReplyRow {
  thread_id: number;
  body: string;
  thread_title: string;
  thread_kind: 'post' | 'general';
  content_id: number | null;
  replier_id: number;
  replier_name: string | null;
  recipient_id: number;
  recipient_email: string | null;
  recipient_name: string | null;
  email_verified: number;
  reply_emails: number;
  deleted_at: string | null;
  banned: number;
}

/**
 * Queues the email about reply `replyId` to the author of the comment it answers (`answeredId`,
 * the one the replier chose), when they want one, may still take part, and had none for this
 * thread within the hour. Call it inside the transaction that stores the reply, so both commit
 * or neither does.
 */
export function noticeOfReply(deps: NotificationDeps, replyId: number, answeredId: number): void {
  const { db, clock, env } = deps;
  const now = clock.now();
  const reply = db
    .prepare(
      `SELECT r.thread_id, r.body, t.title AS thread_title, t.kind AS thread_kind, t.content_id,
              r.author_id AS replier_id, ru.name AS replier_name,
              p.author_id AS recipient_id, u.email AS recipient_email, u.name AS recipient_name,
              u.email_verified, u.reply_emails, u.deleted_at,
              (u.banned_at IS NOT NULL AND (u.banned_until IS NULL OR u.banned_until > @now))
                AS banned
         FROM comments r
         JOIN comments p ON p.id = @answered AND p.thread_id = r.thread_id
         JOIN users u ON u.id = p.author_id
         JOIN users ru ON ru.id = r.author_id
         JOIN discussion_threads t ON t.id = r.thread_id
        WHERE r.id = @reply`,
    )
    .get({ reply: replyId, answered: answeredId, now: iso(now) }) as ReplyRow | undefined;
  if (
    !reply ||
    reply.recipient_id === reply.replier_id ||
    !reply.reply_emails ||
    !reply.recipient_email ||
    !reply.email_verified ||
    reply.deleted_at ||
    reply.banned
  ) {
    return;
  }
  const claimed = db
    .prepare(
      `INSERT INTO reply_notices (user_id, thread_id, sent_at) VALUES (@user, @thread, @now)
       ON CONFLICT (user_id, thread_id) DO UPDATE SET sent_at = excluded.sent_at
        WHERE reply_notices.sent_at <= @cutoff`,
    )
    .run({
      user: reply.recipient_id,
      thread: reply.thread_id,
      now: iso(now),
      cutoff: iso(now - REPLY_NOTICE_INTERVAL_MS),
    }).changes;
  if (!claimed) return;

  const site = env.SITE_NAME;
  const replier = reply.replier_name ?? 'A member';
  const path =
    reply.thread_kind === 'post' && reply.content_id !== null
      ? `/members/discussions/posts/${reply.content_id}`
      : `/members/discussions/threads/${reply.thread_id}`;
  const quote = truncate(reply.body, QUOTE_MAX_CHARS);
  const offUrl = replyEmailsOffUrl(env, reply.recipient_id);
  const content = renderEmail({
    siteName: site,
    heading: `${replier} replied to your comment`,
    paragraphs: [`On “${reply.thread_title}”:`, quote],
    button: { label: 'Read the conversation', url: new URL(path, env.WEB_ORIGIN).toString() },
    notes: ['You get at most one of these emails per conversation an hour.'],
    reason: `You are receiving this because you commented on ${site}. Reply emails can be turned off on your Account page or with the link below.`,
    unsubscribeUrl: offUrl,
  });
  enqueueMail(deps, {
    kind: 'reply-notice',
    to: reply.recipient_email,
    subject: `${replier} replied to your comment on ${site}`,
    ...content,
    headers: {
      'List-Unsubscribe': `<${offUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  });
}

export function replyEmailsWanted(db: Db, userId: number): boolean {
  return db.prepare('SELECT reply_emails FROM users WHERE id = ?').pluck().get(userId) === 1;
}

export function setReplyEmails(db: Db, userId: number, wanted: boolean, at: string): void {
  db.prepare('UPDATE users SET reply_emails = ?, updated_at = ? WHERE id = ?').run(
    wanted ? 1 : 0,
    at,
    userId,
  );
}
