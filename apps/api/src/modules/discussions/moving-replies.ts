/**
 * Replies from other servers in the site's archive (issue 38 item 8): each with the page of the
 * item it answers, the reply it answers (when it answers one), its author, text and review, so an
 * import on a new server puts them back under the same posts, held, approved or rejected as they
 * were. A reply that answered a member's comment comes back at the top: comments do not move.
 */
import {
  escapeHtml,
  isReadableKind,
  itemAtPath,
  itemPath,
  REMOTE_REPLY_SOURCES,
  REMOTE_REPLY_STATUSES,
} from '@quillpost/domain';
import { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import { contentTitlesByIds, visibleWritingBySlug } from '../content/index.js';
import { receiveRemoteReply } from './remote-replies.js';
import {
  markConversationChanged,
  remoteRepliesInReview,
  remoteReplyByObjectId,
  setRemoteReplyStatus,
} from './store.js';

const text = z.string().min(1).max(2_000);
const address = z.url({ protocol: /^https?$/ }).max(2_000);

/** `remote-replies.json`, oldest first: checked whole before anything of it is written. */
export const archivedRemoteRepliesSchema = z.array(
  z.object({
    /** The page of the item it answers: `/posts/small-tools`. */
    post: z.string().max(500),
    /** The reply it answers, by its object's id, or null at the top. */
    inReplyTo: text.nullable(),
    source: z.enum(REMOTE_REPLY_SOURCES),
    objectId: text,
    url: address,
    text: z.string().max(20_000),
    status: z.enum(REMOTE_REPLY_STATUSES),
    receivedAt: z.iso.datetime(),
    author: z.object({
      id: text,
      name: z.string().max(2_000),
      handle: z.string().max(600).nullable(),
      url: address,
      avatarSource: address.nullable(),
    }),
  }),
);
export type ArchivedRemoteReply = z.output<typeof archivedRemoteRepliesSchema>[number];

export function remoteRepliesForMoving(db: Db): ArchivedRemoteReply[] {
  const rows = remoteRepliesInReview(db, null, Number.MAX_SAFE_INTEGER).reverse();
  const items = contentTitlesByIds(
    db,
    rows.map((row) => row.content_id),
  );
  const objectOf = new Map(rows.map((row) => [row.id, row.object_id]));
  return rows.flatMap((row) => {
    const item = items.get(row.content_id);
    if (!item || !isReadableKind(item.kind)) return [];
    return [
      {
        post: itemPath(item.kind, item.slug),
        inReplyTo:
          row.parent_reply_id === null ? null : (objectOf.get(row.parent_reply_id) ?? null),
        source: row.source,
        objectId: row.object_id,
        url: row.url,
        text: row.body,
        status: row.status,
        receivedAt: row.received_at,
        author: {
          id: row.author_actor_id,
          name: row.author_name,
          handle: row.author_handle,
          url: row.author_url,
          avatarSource: row.author_avatar_source,
        },
      },
    ];
  });
}

/** Whether the site has the reply already (by its object), for the import's plan. */
export const hasRemoteReply = (db: Db, objectId: string): boolean =>
  remoteReplyByObjectId(db, objectId) !== undefined;

/**
 * Puts the replies back under their items, which must be on the site (the import's content,
 * synced): those already here are left as they are; those whose item is not here are answered
 * with why.
 */
export function restoreRemoteReplies(
  db: Db,
  replies: readonly ArchivedRemoteReply[],
  now: string,
): { restored: number; left: Array<{ where: string; message: string }> } {
  return inTransaction(db, () => {
    let restored = 0;
    const left: Array<{ where: string; message: string }> = [];
    for (const reply of replies) {
      if (hasRemoteReply(db, reply.objectId)) continue;
      const item = itemAtPath(reply.post);
      const post = item && visibleWritingBySlug(db, item.kind, item.slug, now);
      if (!post) {
        left.push({ where: reply.url, message: `${reply.post} is not published here: left out.` });
        continue;
      }
      const above = reply.inReplyTo && hasRemoteReply(db, reply.inReplyTo);
      const kept = receiveRemoteReply(
        db,
        {
          source: reply.source,
          objectId: reply.objectId,
          url: reply.url,
          inReplyTo: above ? { objectId: reply.inReplyTo! } : { itemId: post.id },
          author: reply.author,
          // Plain text already: written as HTML that reads back as the same text.
          html: escapeHtml(reply.text).replace(/\n/g, '<br>'),
        },
        reply.receivedAt,
      );
      if (!kept) {
        left.push({ where: reply.url, message: 'Could not be placed under its post: left out.' });
        continue;
      }
      if (reply.status !== 'held') {
        // Reviewed on the old server, by someone whose account may not be here.
        setRemoteReplyStatus(db, kept.id, {
          status: reply.status,
          by: null,
          now: reply.receivedAt,
        });
        if (reply.status === 'approved') markConversationChanged(db, post.id, true);
      }
      restored += 1;
    }
    return { restored, left };
  });
}
