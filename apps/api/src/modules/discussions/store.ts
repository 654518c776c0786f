/**
 * The discussions' tables: threads (one per commented post, journal entry or poem, or general), their comments, and
 * readers' reports on comments. People and posts are ids here; their names and titles come from
 * auth's and content's faces.
 */
import type { CommentStatus } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';
import { idList, statement } from '../../db/statements.js';

export const OWNED_TABLES = {
  discussion_threads: 'person',
  comments: 'person',
  comment_reports: 'person',
  conversation_changes: 'site',
  // About people on other servers, not members: the site's export carries them (decision 0033).
  remote_authors: 'site',
  remote_replies: 'site',
} as const satisfies OwnedTables;

// Threads

export interface ThreadRow {
  id: number;
  kind: 'post' | 'general';
  content_id: number | null;
  /** A post thread keeps the post's title of the day it opened. */
  title: string;
  author_id: number | null;
  created_at: string;
  last_activity_at: string;
  /** Its visible comments and approved remote replies: what every visitor reads in it. */
  comment_count: number;
}

const THREAD_SELECT = `SELECT t.id, t.kind, t.content_id, t.title, t.author_id, t.created_at,
    t.last_activity_at,
    (SELECT COUNT(*) FROM comments k WHERE k.thread_id = t.id AND k.status = 'visible')
      + (SELECT COUNT(*) FROM remote_replies r WHERE r.thread_id = t.id AND r.status = 'approved')
      AS comment_count
  FROM discussion_threads t`;

/**
 * Threads with a visible comment, latest activity first: general ones, and those of the posts
 * given (the ones readers may see now).
 */
export function activeThreads(
  db: Db,
  visiblePostIds: readonly number[],
  limit: number,
): ThreadRow[] {
  return statement(
    db,
    `${THREAD_SELECT}
     WHERE EXISTS (SELECT 1 FROM comments k WHERE k.thread_id = t.id AND k.status = 'visible')
       AND (t.kind = 'general' OR t.content_id IN (SELECT value FROM json_each(@visiblePostIds)))
     ORDER BY t.last_activity_at DESC, t.id DESC LIMIT @limit`,
  ).all({ visiblePostIds: idList(visiblePostIds), limit }) as ThreadRow[];
}

export function threadById(db: Db, threadId: number): ThreadRow | undefined {
  return statement(db, `${THREAD_SELECT} WHERE t.id = ?`).get(threadId) as ThreadRow | undefined;
}

export function threadOfPost(db: Db, postId: number): ThreadRow | undefined {
  return statement(db, `${THREAD_SELECT} WHERE t.content_id = ?`).get(postId) as
    ThreadRow | undefined;
}

export function insertGeneralThread(
  db: Db,
  thread: { title: string; authorId: number; now: string },
): number {
  return Number(
    statement(
      db,
      `INSERT INTO discussion_threads (kind, title, author_id, created_at, last_activity_at)
       VALUES ('general', @title, @authorId, @now, @now)`,
    ).run(thread).lastInsertRowid,
  );
}

/** The post's thread, opened now unless it already is. */
export function openPostThread(db: Db, post: { id: number; title: string }, now: string): number {
  statement(
    db,
    `INSERT INTO discussion_threads (kind, content_id, title, created_at, last_activity_at)
     VALUES ('post', @id, @title, @now, @now) ON CONFLICT (content_id) DO NOTHING`,
  ).run({ ...post, now });
  return statement(db, 'SELECT id FROM discussion_threads WHERE content_id = ?')
    .pluck()
    .get(post.id) as number;
}

// Comments

export interface CommentRow {
  id: number;
  thread_id: number;
  /** Always a top-level comment of the same thread: replies go one level deep. */
  parent_id: number | null;
  author_id: number;
  body: string;
  status: CommentStatus;
  created_at: string;
  edited_at: string | null;
  /** The remote reply it answers (decision 0033). */
  answers_reply_id: number | null;
  reported_by_me: 0 | 1;
}

const COMMENT_COLUMNS = `k.id, k.thread_id, k.parent_id, k.author_id, k.body, k.status,
  k.created_at, k.edited_at, k.answers_reply_id`;

const COMMENT_SELECT = `SELECT ${COMMENT_COLUMNS},
    EXISTS (SELECT 1 FROM comment_reports r WHERE r.comment_id = k.id AND r.reporter_id = @viewerId)
      AS reported_by_me
  FROM comments k`;

/** A thread's comments, oldest first, with whether the viewer reported each. */
export function commentsOfThread(db: Db, threadId: number, viewerId: number): CommentRow[] {
  return statement(
    db,
    `${COMMENT_SELECT} WHERE k.thread_id = @threadId ORDER BY k.created_at, k.id`,
  ).all({ threadId, viewerId }) as CommentRow[];
}

export function commentById(db: Db, commentId: number, viewerId: number): CommentRow | undefined {
  return statement(db, `${COMMENT_SELECT} WHERE k.id = @commentId`).get({ commentId, viewerId }) as
    CommentRow | undefined;
}

/** Adds a comment and makes it the thread's latest activity. */
export function insertComment(
  db: Db,
  comment: {
    threadId: number;
    parentId: number | null;
    authorId: number;
    body: string;
    now: string;
    answersReplyId?: number | null;
  },
): number {
  const { lastInsertRowid } = statement(
    db,
    `INSERT INTO comments (thread_id, parent_id, author_id, body, created_at, answers_reply_id)
     VALUES (@threadId, @parentId, @authorId, @body, @now, @answersReplyId)`,
  ).run({ answersReplyId: null, ...comment });
  statement(db, 'UPDATE discussion_threads SET last_activity_at = ? WHERE id = ?').run(
    comment.now,
    comment.threadId,
  );
  return Number(lastInsertRowid);
}

export function updateCommentBody(db: Db, commentId: number, body: string, now: string): void {
  statement(db, 'UPDATE comments SET body = ?, edited_at = ? WHERE id = ?').run(
    body,
    now,
    commentId,
  );
}

/** The author's own deletion: the text goes, a placeholder keeps replies in place. */
export function deleteOwnCommentText(db: Db, commentId: number, now: string): void {
  statement(
    db,
    `UPDATE comments SET status = 'deleted', body = '', edited_at = ? WHERE id = ?`,
  ).run(now, commentId);
}

/** A moderator's decision on a comment; deleting it clears its text. */
export function setCommentStatus(
  db: Db,
  commentId: number,
  status: CommentStatus,
  moderatorId: number,
  now: string,
): void {
  statement(
    db,
    `UPDATE comments SET status = @status, moderated_at = @now, moderated_by = @moderatorId,
       body = CASE WHEN @status = 'deleted' THEN '' ELSE body END
     WHERE id = @commentId`,
  ).run({ commentId, status, moderatorId, now });
}

/** What moderation names when it acts on a comment: its author, state and thread. */
export interface CommentPlace {
  id: number;
  author_id: number;
  status: CommentStatus;
  thread_title: string;
  content_id: number | null;
}

export function commentPlace(db: Db, commentId: number): CommentPlace | undefined {
  return statement(
    db,
    `SELECT k.id, k.author_id, k.status, t.title AS thread_title, t.content_id
     FROM comments k JOIN discussion_threads t ON t.id = k.thread_id WHERE k.id = ?`,
  ).get(commentId) as CommentPlace | undefined;
}

/** Visible comments and approved remote replies (replies included) per item that has any. */
export function visibleCommentCounts(db: Db): Array<{ contentId: number; count: number }> {
  return statement(
    db,
    `SELECT t.content_id AS contentId, COUNT(*) AS count
     FROM (SELECT thread_id FROM comments WHERE status = 'visible'
           UNION ALL SELECT thread_id FROM remote_replies WHERE status = 'approved') c
     JOIN discussion_threads t ON t.id = c.thread_id
     WHERE t.kind = 'post'
     GROUP BY t.content_id`,
  ).all() as Array<{ contentId: number; count: number }>;
}

export function liveCommentCount(db: Db, authorId: number): number {
  return statement(db, `SELECT COUNT(*) FROM comments WHERE author_id = ? AND status <> 'deleted'`)
    .pluck()
    .get(authorId) as number;
}

// Changes to the conversations under items: the page cache drops only the pages that show them

/** Marks the conversation under an item changed, after every change before it on any item. */
export function markConversationChanged(db: Db, contentId: number, countMoved: boolean): void {
  statement(
    db,
    `INSERT INTO conversation_changes (content_id, changed, count_changed)
     SELECT @contentId, next, CASE WHEN @countMoved THEN next ELSE 0 END
     FROM (SELECT coalesce(max(changed), 0) + 1 AS next FROM conversation_changes) WHERE true
     ON CONFLICT (content_id) DO UPDATE SET changed = excluded.changed,
       count_changed = CASE WHEN @countMoved THEN excluded.changed ELSE count_changed END`,
  ).run({ contentId, countMoved: countMoved ? 1 : 0 });
}

/** The number of the latest change to any item's conversation; 0 before the first. */
export function latestConversationChange(db: Db): number {
  return statement(db, 'SELECT coalesce(max(changed), 0) FROM conversation_changes')
    .pluck()
    .get() as number;
}

export interface ConversationChangeRow {
  contentId: number;
  changed: number;
  /** Whether a change after the one asked about moved the item's count. */
  countMoved: 0 | 1;
}

/** The items whose conversation changed after change number `after`. */
export function conversationChangesAfter(db: Db, after: number): ConversationChangeRow[] {
  return statement(
    db,
    `SELECT content_id AS contentId, changed, count_changed > @after AS countMoved
     FROM conversation_changes WHERE changed > @after`,
  ).all({ after }) as ConversationChangeRow[];
}

/** The items under which a member has commented. */
export function itemsDiscussedBy(db: Db, userId: number): number[] {
  return statement(
    db,
    `SELECT DISTINCT t.content_id FROM comments k JOIN discussion_threads t ON t.id = k.thread_id
     WHERE k.author_id = ? AND t.content_id IS NOT NULL`,
  )
    .pluck()
    .all(userId) as number[];
}

// Remote replies (decision 0033)

export interface RemoteAuthorFields {
  actorId: string;
  name: string;
  handle: string | null;
  url: string;
  avatarSource: string | null;
}

/** The author by the address that names them, their name and avatar as they last sent them. */
export function keepRemoteAuthor(db: Db, author: RemoteAuthorFields, now: string): number {
  return statement(
    db,
    `INSERT INTO remote_authors (actor_id, name, handle, url, avatar_source, updated_at)
     VALUES (@actorId, @name, @handle, @url, @avatarSource, @now)
     ON CONFLICT (actor_id) DO UPDATE SET name = excluded.name, handle = excluded.handle,
       url = excluded.url, avatar_source = excluded.avatar_source, updated_at = excluded.updated_at
     RETURNING id`,
  )
    .pluck()
    .get({ ...author, now }) as number;
}

export type RemoteReplyStatus = 'held' | 'approved' | 'rejected';

export interface RemoteReplyRow {
  id: number;
  thread_id: number;
  parent_comment_id: number | null;
  parent_reply_id: number | null;
  source: 'fediverse' | 'webmention';
  object_id: string;
  url: string;
  body: string;
  status: RemoteReplyStatus;
  received_at: string;
  edited_at: string | null;
  author_actor_id: string;
  author_name: string;
  author_handle: string | null;
  author_url: string;
  author_avatar_source: string | null;
  /** remote_authors' id: what their avatar is served by. */
  author_key: number;
  /** The item the thread is under (remote replies are only ever under one). */
  content_id: number;
  thread_title: string;
}

const REMOTE_REPLY_SELECT = `SELECT r.id, r.thread_id, r.parent_comment_id, r.parent_reply_id,
    r.source, r.object_id, r.url, r.body, r.status, r.received_at, r.edited_at,
    a.actor_id AS author_actor_id, a.name AS author_name, a.handle AS author_handle,
    a.url AS author_url, a.avatar_source AS author_avatar_source, a.id AS author_key,
    t.content_id, t.title AS thread_title
  FROM remote_replies r
  JOIN remote_authors a ON a.id = r.author_id
  JOIN discussion_threads t ON t.id = r.thread_id`;

export function remoteReplyById(db: Db, id: number): RemoteReplyRow | undefined {
  return statement(db, `${REMOTE_REPLY_SELECT} WHERE r.id = ?`).get(id) as
    RemoteReplyRow | undefined;
}

export function remoteReplyByObjectId(db: Db, objectId: string): RemoteReplyRow | undefined {
  return statement(db, `${REMOTE_REPLY_SELECT} WHERE r.object_id = ?`).get(objectId) as
    RemoteReplyRow | undefined;
}

/** A thread's remote replies in the given states, oldest first. */
export function remoteRepliesOfThread(
  db: Db,
  threadId: number,
  statuses: readonly RemoteReplyStatus[],
): RemoteReplyRow[] {
  return statement(
    db,
    `${REMOTE_REPLY_SELECT}
     WHERE r.thread_id = @threadId AND r.status IN (SELECT value FROM json_each(@statuses))
     ORDER BY r.received_at, r.id`,
  ).all({ threadId, statuses: JSON.stringify(statuses) }) as RemoteReplyRow[];
}

/** Remote replies for the owner to review, newest first; all states when none is given. */
export function remoteRepliesInReview(
  db: Db,
  status: RemoteReplyStatus | null,
  limit: number,
): RemoteReplyRow[] {
  return statement(
    db,
    `${REMOTE_REPLY_SELECT} WHERE @status IS NULL OR r.status = @status
     ORDER BY r.received_at DESC, r.id DESC LIMIT @limit`,
  ).all({ status, limit }) as RemoteReplyRow[];
}

/** A remote author's actor address and their avatar's address on their server. */
export function remoteAvatarSource(
  db: Db,
  authorKey: number,
): { actorId: string; source: string } | undefined {
  return statement(
    db,
    `SELECT actor_id AS actorId, avatar_source AS source FROM remote_authors
     WHERE id = ? AND avatar_source IS NOT NULL`,
  ).get(authorKey) as { actorId: string; source: string } | undefined;
}

/** Everyone who has a remote reply here: the address that names them, and their handle. */
export function remoteAuthorsWithReplies(db: Db): Array<{ id: string; handle: string | null }> {
  return statement(
    db,
    `SELECT actor_id AS id, handle FROM remote_authors a
     WHERE EXISTS (SELECT 1 FROM remote_replies r WHERE r.author_id = a.id)`,
  ).all() as Array<{ id: string; handle: string | null }>;
}

/** The remote replies an author sent, by the address that names them. */
export function remoteRepliesBy(db: Db, actorId: string): RemoteReplyRow[] {
  return statement(db, `${REMOTE_REPLY_SELECT} WHERE a.actor_id = ?`).all(
    actorId,
  ) as RemoteReplyRow[];
}

export function insertRemoteReply(
  db: Db,
  reply: {
    threadId: number;
    parentCommentId: number | null;
    parentReplyId: number | null;
    authorId: number;
    source: 'fediverse' | 'webmention';
    objectId: string;
    url: string;
    body: string;
    now: string;
  },
): number {
  return Number(
    statement(
      db,
      `INSERT INTO remote_replies (thread_id, parent_comment_id, parent_reply_id, author_id,
         source, object_id, url, body, received_at)
       VALUES (@threadId, @parentCommentId, @parentReplyId, @authorId, @source, @objectId, @url,
         @body, @now)`,
    ).run(reply).lastInsertRowid,
  );
}

export function updateRemoteReplyBody(
  db: Db,
  id: number,
  change: { body: string; url: string; now: string },
): void {
  statement(
    db,
    'UPDATE remote_replies SET body = @body, url = @url, edited_at = @now WHERE id = @id',
  ).run({ id, ...change });
}

/** The owner's decision; an approved reply becomes the thread's latest activity. */
export function setRemoteReplyStatus(
  db: Db,
  id: number,
  review: { status: RemoteReplyStatus; by: number | null; now: string },
): void {
  statement(
    db,
    `UPDATE remote_replies SET status = @status, reviewed_at = @now, reviewed_by = @by
     WHERE id = @id`,
  ).run({ id, ...review });
  if (review.status === 'approved') {
    statement(
      db,
      `UPDATE discussion_threads SET last_activity_at = max(last_activity_at, @now)
       WHERE id = (SELECT thread_id FROM remote_replies WHERE id = @id)`,
    ).run({ id, now: review.now });
  }
}

export interface AnswerRow {
  comment_id: number;
  author_id: number;
  body: string;
  created_at: string;
  reply_object_id: string;
  reply_author_actor_id: string;
  reply_author_handle: string | null;
  reply_author_url: string;
}

const ANSWER_SELECT = `SELECT k.id AS comment_id, k.author_id, k.body, k.created_at,
    r.object_id AS reply_object_id, a.actor_id AS reply_author_actor_id,
    a.handle AS reply_author_handle, a.url AS reply_author_url
  FROM comments k
  JOIN remote_replies r ON r.id = k.answers_reply_id
  JOIN remote_authors a ON a.id = r.author_id
  WHERE k.status = 'visible' AND r.source = 'fediverse'`;

/** Visible comments after `afterId` that answer a fediverse reply, oldest first. */
export function answersToFediverseReplies(db: Db, afterId: number, limit: number): AnswerRow[] {
  return statement(db, `${ANSWER_SELECT} AND k.id > @afterId ORDER BY k.id LIMIT @limit`).all({
    afterId,
    limit,
  }) as AnswerRow[];
}

/** The author of the fediverse reply each comment answers, by their actor's address. */
export function answeredAuthors(
  db: Db,
  commentIds: readonly number[],
): Array<{ comment_id: number; actor_id: string }> {
  return statement(
    db,
    `SELECT k.id AS comment_id, a.actor_id FROM comments k
     JOIN remote_replies r ON r.id = k.answers_reply_id
     JOIN remote_authors a ON a.id = r.author_id
     WHERE k.id IN (SELECT value FROM json_each(?))`,
  ).all(idList(commentIds)) as Array<{ comment_id: number; actor_id: string }>;
}

export function answerToFediverseReply(db: Db, commentId: number): AnswerRow | undefined {
  return statement(db, `${ANSWER_SELECT} AND k.id = ?`).get(commentId) as AnswerRow | undefined;
}

/** Deletes remote replies, and the ones under them. */
export function deleteRemoteReplies(db: Db, ids: readonly number[]): void {
  statement(db, 'DELETE FROM remote_replies WHERE id IN (SELECT value FROM json_each(?))').run(
    idList(ids),
  );
}

// Reports

/** Reporting a comment again changes nothing. */
export function insertReport(
  db: Db,
  report: { commentId: number; reporterId: number; reason: string | null; now: string },
): void {
  statement(
    db,
    `INSERT INTO comment_reports (comment_id, reporter_id, reason, created_at)
     VALUES (@commentId, @reporterId, @reason, @now) ON CONFLICT (comment_id, reporter_id) DO NOTHING`,
  ).run(report);
}

/** A comment with open reports, as the moderation queue lists it. */
export interface ReportedCommentRow extends CommentRow {
  thread_title: string;
  thread_kind: 'post' | 'general';
  content_id: number | null;
}

/** Comments with open reports, oldest report first; deleted ones have left the queue. */
export function reportedComments(db: Db, limit: number): ReportedCommentRow[] {
  return statement(
    db,
    `SELECT ${COMMENT_COLUMNS}, 0 AS reported_by_me, t.title AS thread_title,
       t.kind AS thread_kind, t.content_id, MIN(r.created_at) AS first_report
     FROM comment_reports r
     JOIN comments k ON k.id = r.comment_id
     JOIN discussion_threads t ON t.id = k.thread_id
     WHERE r.status = 'open' AND k.status <> 'deleted'
     GROUP BY k.id ORDER BY first_report, k.id LIMIT ?`,
  ).all(limit) as ReportedCommentRow[];
}

export interface OpenReportRow {
  id: number;
  reason: string | null;
  /** null once the reporter's account is erased. */
  reporter_id: number | null;
  created_at: string;
}

export function openReportsOf(db: Db, commentId: number): OpenReportRow[] {
  return statement(
    db,
    `SELECT id, reason, reporter_id, created_at FROM comment_reports
     WHERE comment_id = ? AND status = 'open' ORDER BY created_at, id`,
  ).all(commentId) as OpenReportRow[];
}

/** Closes a comment's open reports; returns how many there were. */
export function resolveReports(
  db: Db,
  commentId: number,
  resolution: { status: 'actioned' | 'dismissed'; by: number; now: string },
): number {
  return statement(
    db,
    `UPDATE comment_reports SET status = @status, resolved_at = @now, resolved_by = @by
     WHERE comment_id = @commentId AND status = 'open'`,
  ).run({ commentId, ...resolution }).changes;
}

// What came in between two instants: the owner's digest

export interface NewCommentRow {
  author_id: number;
  thread_title: string;
  body: string;
}

/** Comments made in the window that are still visible, oldest first. */
export function commentsMadeBetween(db: Db, window: { from: string; to: string }): NewCommentRow[] {
  return statement(
    db,
    `SELECT k.author_id, t.title AS thread_title, k.body
     FROM comments k JOIN discussion_threads t ON t.id = k.thread_id
     WHERE k.created_at > @from AND k.created_at <= @to AND k.status = 'visible'
     ORDER BY k.created_at`,
  ).all(window) as NewCommentRow[];
}

export interface NewReportRow {
  reason: string | null;
  /** The reported comment's author and text. */
  author_id: number;
  body: string;
}

/** Reports made in the window that are still open, oldest first. */
export function reportsMadeBetween(db: Db, window: { from: string; to: string }): NewReportRow[] {
  return statement(
    db,
    `SELECT r.reason, k.author_id, k.body
     FROM comment_reports r JOIN comments k ON k.id = r.comment_id
     WHERE r.created_at > @from AND r.created_at <= @to AND r.status = 'open'
     ORDER BY r.created_at`,
  ).all(window) as NewReportRow[];
}

// A member's own: the data export and erasure

export interface ThreadStarted {
  id: number;
  title: string;
  createdAt: string;
}

export function threadsStartedBy(db: Db, userId: number): ThreadStarted[] {
  return statement(
    db,
    `SELECT id, title, created_at AS createdAt FROM discussion_threads
     WHERE author_id = ? AND kind = 'general' ORDER BY created_at`,
  ).all(userId) as ThreadStarted[];
}

export interface CommentWritten {
  id: number;
  threadId: number;
  parentId: number | null;
  body: string;
  status: CommentStatus;
  createdAt: string;
  editedAt: string | null;
}

export function commentsWrittenBy(db: Db, userId: number): CommentWritten[] {
  return statement(
    db,
    `SELECT id, thread_id AS threadId, parent_id AS parentId, body, status,
       created_at AS createdAt, edited_at AS editedAt
     FROM comments WHERE author_id = ? ORDER BY created_at`,
  ).all(userId) as CommentWritten[];
}

export interface ReportMade {
  commentId: number;
  reason: string | null;
  status: 'open' | 'actioned' | 'dismissed';
  createdAt: string;
}

export function reportsMadeBy(db: Db, userId: number): ReportMade[] {
  return statement(
    db,
    `SELECT comment_id AS commentId, reason, status, created_at AS createdAt
     FROM comment_reports WHERE reporter_id = ? ORDER BY created_at`,
  ).all(userId) as ReportMade[];
}

/**
 * Takes the member out of the discussions while keeping the conversations whole: their comments
 * become deleted placeholders (replies stay in place), their threads and reports lose their name.
 */
export function forgetParticipant(db: Db, userId: number): void {
  statement(db, `UPDATE comments SET status = 'deleted', body = '' WHERE author_id = ?`).run(
    userId,
  );
  statement(db, 'UPDATE discussion_threads SET author_id = NULL WHERE author_id = ?').run(userId);
  statement(db, 'UPDATE comment_reports SET reporter_id = NULL WHERE reporter_id = ?').run(userId);
}

/** Every thread, comment and report, for the site's export (issue 27). */
export function discussionsForExport(db: Db): {
  threads: unknown[];
  comments: unknown[];
  reports: unknown[];
  remoteAuthors: unknown[];
  remoteReplies: unknown[];
} {
  return {
    threads: statement(db, 'SELECT * FROM discussion_threads ORDER BY id').all(),
    comments: statement(db, 'SELECT * FROM comments ORDER BY id').all(),
    reports: statement(db, 'SELECT * FROM comment_reports ORDER BY id').all(),
    remoteAuthors: statement(db, 'SELECT * FROM remote_authors ORDER BY id').all(),
    remoteReplies: statement(db, 'SELECT * FROM remote_replies ORDER BY id').all(),
  };
}
