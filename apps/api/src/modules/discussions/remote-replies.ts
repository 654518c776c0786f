/**
 * Replies written on other servers (issue 38 item 4, decision 0033): a fediverse note or a
 * webmention answering one of the site's items, or a reply under one. They come in held; the
 * moderators (the owner among them, decision 0036) approve or reject them; approved ones are part
 * of the item's conversation, beside the member comments, for every visitor. Only their own
 * author changes or removes them.
 */
import {
  COMMENT_MAX_LENGTH,
  isReadableKind,
  itemPath,
  normalizePlainText,
  remoteAvatarPath,
  type Comment,
  type RemoteReply,
  type RemoteReplySource,
  type RemoteReplyStatus,
} from '@quillpost/domain';
import sanitizeHtml from 'sanitize-html';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import { DomainError } from '../../domain-error.js';
import { peopleByIds } from '../auth/index.js';
import { contentTitlesByIds, visibleWritingByIds } from '../content/index.js';
import {
  answeredAuthors,
  answerToFediverseReply,
  answersToFediverseReplies,
  commentById,
  deleteRemoteReplies,
  insertRemoteReply,
  keepRemoteAuthor,
  markConversationChanged,
  openPostThread,
  remoteAuthorsWithReplies,
  remoteRepliesBy,
  remoteRepliesInReview,
  remoteReplyById,
  remoteReplyByObjectId,
  setRemoteReplyStatus,
  threadById,
  updateRemoteReplyBody,
  type AnswerRow,
  type RemoteReplyRow,
} from './store.js';

/** A remote author's name longer than this is cut: it is a label, not a text. */
const REMOTE_NAME_MAX_LENGTH = 100;
const REVIEW_LIST_MAX = 200;

/** What a remote reply answers: one of our items, another remote reply, or a member comment. */
export type RemoteReplyTarget = { itemId: number } | { objectId: string } | { commentId: number };

export interface IncomingRemoteReply {
  source: RemoteReplySource;
  /** The remote object's id (a note's, a webmention's source): receiving it again updates it. */
  objectId: string;
  /** The original, to link to. */
  url: string;
  inReplyTo: RemoteReplyTarget;
  author: {
    /** The address that names them: an actor's id, a webmention author's page. */
    id: string;
    name: string;
    /** `@user@host`, or null. */
    handle: string | null;
    url: string;
    /** Their avatar on their server; never shown to readers from there. */
    avatarSource: string | null;
  };
  /** As received: sanitized here, down to the text the conversation shows. */
  html: string;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

function cut(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/**
 * Incoming HTML as the plain text the conversation shows: the sanitizer keeps no tag (scripts and
 * styles go with their content), paragraphs and line breaks stay as line breaks, and the
 * entities it writes back are read as the characters they are (the web escapes text itself).
 */
export function remoteText(html: string, max = COMMENT_MAX_LENGTH): string {
  const withBreaks = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|li|blockquote|h[1-6])\s*>/gi, '\n\n');
  const text = sanitizeHtml(withBreaks, { allowedTags: [], allowedAttributes: {} }).replace(
    /&(amp|lt|gt|quot|#39);/g,
    (entity) => ENTITIES[entity]!,
  );
  return cut(normalizePlainText(text), max);
}

/** The conversation changed: the item's page renders again, its count with it. */
function changed(db: Db, row: { content_id: number }): void {
  markConversationChanged(db, row.content_id, true);
}

function postOf(db: Db, contentId: number): RemoteReply['post'] {
  const item = contentTitlesByIds(db, [contentId]).get(contentId);
  return {
    title: item?.title ?? '',
    path: item && isReadableKind(item.kind) ? itemPath(item.kind, item.slug) : '',
  };
}

function authorOf(row: RemoteReplyRow): RemoteReply['author'] {
  return {
    name: row.author_name,
    handle: row.author_handle,
    url: row.author_url,
    // From our origin only: readers never ask their server.
    avatarUrl: row.author_avatar_source ? remoteAvatarPath(row.author_key) : null,
  };
}

export function toRemoteReply(db: Db, row: RemoteReplyRow): RemoteReply {
  return {
    id: row.id,
    source: row.source,
    status: row.status,
    post: postOf(db, row.content_id),
    author: authorOf(row),
    text: row.body,
    url: row.url,
    receivedAt: row.received_at,
  };
}

/** An approved remote reply as the conversation shows it, among the comments. */
export function remoteReplyAsComment(row: RemoteReplyRow): Comment {
  return {
    id: row.id,
    threadId: row.thread_id,
    parentId: row.parent_comment_id,
    author: null,
    body: row.body,
    status: 'visible',
    createdAt: row.received_at,
    editedAt: row.edited_at,
    mine: false,
    reportedByMe: false,
    remote: { source: row.source, author: authorOf(row), url: row.url },
  };
}

/** Where a reply to `target` goes: its thread and its place one level deep; undefined if none. */
function placeOf(
  db: Db,
  target: RemoteReplyTarget,
  now: string,
): { threadId: number; parentCommentId: number | null; parentReplyId: number | null } | undefined {
  if ('itemId' in target) {
    const item = visibleWritingByIds(db, [target.itemId], now).get(target.itemId);
    if (!item) return undefined;
    return { threadId: openPostThread(db, item, now), parentCommentId: null, parentReplyId: null };
  }
  if ('objectId' in target) {
    const answered = remoteReplyByObjectId(db, target.objectId);
    if (!answered) return undefined;
    const top = answered.parent_comment_id === null && answered.parent_reply_id === null;
    return {
      threadId: answered.thread_id,
      parentCommentId: answered.parent_comment_id,
      parentReplyId: top ? answered.id : answered.parent_reply_id,
    };
  }
  const comment = commentById(db, target.commentId, 0);
  const thread = comment && threadById(db, comment.thread_id);
  if (!comment || comment.status !== 'visible' || thread?.content_id == null) return undefined;
  if (comment.parent_id !== null) {
    return { threadId: thread.id, parentCommentId: comment.parent_id, parentReplyId: null };
  }
  // A top-level comment answering a remote reply is shown under that reply: so is a reply to it.
  const under =
    comment.answers_reply_id === null ? undefined : remoteReplyById(db, comment.answers_reply_id);
  if (under && under.parent_comment_id === null && under.parent_reply_id === null) {
    return { threadId: thread.id, parentCommentId: null, parentReplyId: under.id };
  }
  return { threadId: thread.id, parentCommentId: comment.id, parentReplyId: null };
}

/**
 * A reply from another server, held for the moderators. Receiving the same object again (a
 * webmention sent again, a note delivered twice) changes its text, never adds a second. Undefined
 * when what it answers is not one of ours, or when the object is someone else's.
 */
export function receiveRemoteReply(
  db: Db,
  incoming: IncomingRemoteReply,
  now: string,
): RemoteReply | undefined {
  return inTransaction(db, () => {
    const existing = remoteReplyByObjectId(db, incoming.objectId);
    if (existing) {
      if (existing.author_actor_id !== incoming.author.id) return undefined;
      keepAuthor(db, incoming.author, now);
      return editRemoteReply(
        db,
        {
          objectId: incoming.objectId,
          authorId: incoming.author.id,
          html: incoming.html,
          url: incoming.url,
        },
        now,
      );
    }
    const place = placeOf(db, incoming.inReplyTo, now);
    if (!place) return undefined;
    const id = insertRemoteReply(db, {
      ...place,
      authorId: keepAuthor(db, incoming.author, now),
      source: incoming.source,
      objectId: incoming.objectId,
      url: incoming.url,
      body: remoteText(incoming.html),
      now,
    });
    return toRemoteReply(db, remoteReplyById(db, id)!);
  });
}

function keepAuthor(db: Db, author: IncomingRemoteReply['author'], now: string): number {
  return keepRemoteAuthor(
    db,
    {
      actorId: author.id,
      name: cut(normalizePlainText(remoteText(author.name)), REMOTE_NAME_MAX_LENGTH) || author.url,
      handle: author.handle,
      url: author.url,
      avatarSource: author.avatarSource,
    },
    now,
  );
}

/** Its author's new text for a remote reply; undefined (nothing changed) for anyone else. */
export function editRemoteReply(
  db: Db,
  edit: { objectId: string; authorId: string; html: string; url?: string },
  now: string,
): RemoteReply | undefined {
  return inTransaction(db, () => {
    const row = remoteReplyByObjectId(db, edit.objectId);
    if (!row || row.author_actor_id !== edit.authorId) return undefined;
    const body = remoteText(edit.html);
    const url = edit.url ?? row.url;
    if (body !== row.body || url !== row.url) {
      updateRemoteReplyBody(db, row.id, { body, url, now });
      if (row.status === 'approved') markConversationChanged(db, row.content_id, false);
    }
    return toRemoteReply(db, remoteReplyById(db, row.id)!);
  });
}

/** Removes a remote reply at its author's word (and what hangs under it); false for anyone else. */
export function deleteRemoteReply(
  db: Db,
  removal: { objectId: string; authorId: string },
): boolean {
  return inTransaction(db, () => {
    const row = remoteReplyByObjectId(db, removal.objectId);
    if (!row || row.author_actor_id !== removal.authorId) return false;
    deleteRemoteReplies(db, [row.id]);
    changed(db, row);
    return true;
  });
}

/** An account that is gone (or blocked) takes all its replies with it; how many went. */
export function forgetRemoteAuthor(db: Db, authorId: string): number {
  return inTransaction(db, () => {
    const rows = remoteRepliesBy(db, authorId);
    deleteRemoteReplies(
      db,
      rows.map((row) => row.id),
    );
    for (const row of rows) changed(db, row);
    return rows.length;
  });
}

/** Every remote author a rule covers (a block: by their address or their handle) and their replies. */
export function forgetRemoteAuthorsWhere(
  db: Db,
  covered: (author: { id: string; handle: string | null }) => boolean,
): number {
  return inTransaction(db, () => {
    let removed = 0;
    for (const author of remoteAuthorsWithReplies(db).filter(covered)) {
      removed += forgetRemoteAuthor(db, author.id);
    }
    return removed;
  });
}

function review(db: Db, id: number, status: RemoteReplyStatus, by: number, now: string) {
  return inTransaction(db, () => {
    const row = remoteReplyById(db, id);
    if (!row) throw DomainError.notFound();
    if (row.status !== status) {
      setRemoteReplyStatus(db, id, { status, by, now });
      if (row.status === 'approved' || status === 'approved') changed(db, row);
    }
    return toRemoteReply(db, remoteReplyById(db, id)!);
  });
}

/** A remote reply as it stands, for a moderator about to review it. */
export function remoteReplyUnderReview(db: Db, id: number): RemoteReply {
  const row = remoteReplyById(db, id);
  if (!row) throw DomainError.notFound();
  return toRemoteReply(db, row);
}

/** A moderator lets a remote reply into the conversation. */
export function approveRemoteReply(db: Db, id: number, staffId: number, now: string): RemoteReply {
  return review(db, id, 'approved', staffId, now);
}

/** A moderator keeps a remote reply out of the conversation (it leaves it, if it was in). */
export function rejectRemoteReply(db: Db, id: number, staffId: number, now: string): RemoteReply {
  return review(db, id, 'rejected', staffId, now);
}

/** Remote replies for the moderators, newest first: those in one state, or all. */
export function remoteRepliesForReview(
  db: Db,
  status: RemoteReplyStatus | undefined,
): RemoteReply[] {
  return remoteRepliesInReview(db, status ?? null, REVIEW_LIST_MAX).map((row) =>
    toRemoteReply(db, row),
  );
}

/** An answer by the owner or a moderator to a fediverse reply, to send back to its author. */
export interface StaffAnswer {
  commentId: number;
  text: string;
  createdAt: string;
  /** The note it answers, and who wrote it. */
  reply: { objectId: string; authorId: string; authorHandle: string | null; authorUrl: string };
}

const ANSWERS_PER_PAGE = 100;

/**
 * The owner's and moderators' answers to fediverse replies made after comment `afterId`, oldest
 * first (a member's answer stays on the site: only staff speak for it elsewhere).
 */
export function staffAnswersAfter(db: Db, afterId: number): StaffAnswer[] {
  const answers: StaffAnswer[] = [];
  // Page by page: members' answers in between are read past, never waited on.
  for (let after = afterId; ;) {
    const rows = answersToFediverseReplies(db, after, ANSWERS_PER_PAGE);
    answers.push(...staffAnswersOf(db, rows));
    if (rows.length < ANSWERS_PER_PAGE) return answers;
    after = rows.at(-1)!.comment_id;
  }
}

/** One such answer, while it stands (visible, by staff). */
export function staffAnswer(db: Db, commentId: number): StaffAnswer | undefined {
  const row = answerToFediverseReply(db, commentId);
  return row ? staffAnswersOf(db, [row])[0] : undefined;
}

/**
 * Of the answers sent, those that no longer stand (hidden, removed, deleted by their author), with
 * the author of the reply each answered when that reply is still here (null when it is gone).
 */
export function withdrawnAnswers(
  db: Db,
  sentCommentIds: readonly number[],
): Array<{ commentId: number; replyAuthorId: string | null }> {
  // Whoever wrote it stays its writer: a role changed since withdraws nothing.
  const withdrawn = sentCommentIds.filter((id) => !answerToFediverseReply(db, id));
  const authors = new Map(
    answeredAuthors(db, withdrawn).map((row) => [row.comment_id, row.actor_id]),
  );
  return withdrawn.map((commentId) => ({
    commentId,
    replyAuthorId: authors.get(commentId) ?? null,
  }));
}

function staffAnswersOf(db: Db, rows: AnswerRow[]): StaffAnswer[] {
  const people = peopleByIds(
    db,
    rows.map((row) => row.author_id),
  );
  return rows.flatMap((row) => {
    const level = people.get(row.author_id)?.level;
    if (level !== 'admin' && level !== 'moderator') return [];
    return [
      {
        commentId: row.comment_id,
        text: row.body,
        createdAt: row.created_at,
        reply: {
          objectId: row.reply_object_id,
          authorId: row.reply_author_actor_id,
          authorHandle: row.reply_author_handle,
          authorUrl: row.reply_author_url,
        },
      },
    ];
  });
}
