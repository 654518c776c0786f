/**
 * Discussions: one thread per commented post plus general threads, comments with replies one
 * level deep, members editing and deleting their own comments, and reports for moderators.
 *
 * What a viewer sees of a comment: visible ones in full; hidden ones in full only for moderators
 * and the author, and as a placeholder for everyone else; deleted ones as a placeholder. A
 * placeholder appears only where replies hang under it; otherwise the comment is left out.
 */
import {
  hasPermission,
  type Comment,
  type CommentStatus,
  type CommentWithReplies,
  type ThreadSummary,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/errors.js';
import { levelFrom, personColumns, personFrom, type SessionUser } from '../auth/index.js';
import { requireVisiblePost } from '../bookmarks/index.js';
import { inTransaction } from '../../db/statements.js';
import { VISIBLE_POST } from '../content/index.js';

export interface Viewer {
  id: number;
  /** Moderators and admins see hidden comments in full. */
  seesHidden: boolean;
}

export function viewerFor(user: SessionUser): Viewer {
  return { id: user.id, seesHidden: hasPermission(user.level, 'hide_content') };
}

interface ThreadRow {
  id: number;
  kind: 'post' | 'general';
  content_id: number | null;
  title: string;
  created_at: string;
  last_activity_at: string;
  comment_count: number;
  post_slug: string | null;
  post_title: string | null;
  [key: string]: unknown;
}

const THREAD_SELECT = `SELECT t.id, t.kind, t.content_id, t.title, t.created_at, t.last_activity_at,
    (SELECT COUNT(*) FROM comments k WHERE k.thread_id = t.id AND k.status = 'visible') AS comment_count,
    c.slug AS post_slug, c.title AS post_title, ${personColumns('u', 'a')}
  FROM discussion_threads t
  LEFT JOIN content_items c ON c.id = t.content_id
  LEFT JOIN users u ON u.id = t.author_id`;

function toSummary(row: ThreadRow): ThreadSummary {
  return {
    id: row.id,
    kind: row.kind,
    title: row.kind === 'post' ? (row.post_title ?? row.title) : row.title,
    post:
      row.kind === 'post' && row.content_id !== null
        ? {
            id: String(row.content_id),
            slug: row.post_slug ?? '',
            title: row.post_title ?? row.title,
          }
        : null,
    author: row.kind === 'general' ? personFrom(row, 'a') : null,
    createdAt: row.created_at,
    lastActivityAt: row.last_activity_at,
    commentCount: row.comment_count,
  };
}

/** Threads with something visible in them, latest activity first. A post thread is listed only
 * while its post is visible. */
export function listThreads(db: Db, now: string): ThreadSummary[] {
  const rows = db
    .prepare(
      `${THREAD_SELECT}
       WHERE EXISTS (SELECT 1 FROM comments k WHERE k.thread_id = t.id AND k.status = 'visible')
         AND (t.kind = 'general' OR (${VISIBLE_POST}))
       ORDER BY t.last_activity_at DESC, t.id DESC LIMIT 100`,
    )
    .all({ now }) as ThreadRow[];
  return rows.map(toSummary);
}

function findThread(db: Db, threadId: number, now: string): ThreadRow | undefined {
  return db
    .prepare(
      `${THREAD_SELECT} WHERE t.id = @threadId AND (t.kind = 'general' OR (${VISIBLE_POST}))`,
    )
    .get({ threadId, now }) as ThreadRow | undefined;
}

function requireThread(db: Db, threadId: number, now: string): ThreadRow {
  const thread = findThread(db, threadId, now);
  if (!thread) throw new AppError(404, 'NOT_FOUND');
  return thread;
}

interface CommentRow {
  id: number;
  thread_id: number;
  parent_id: number | null;
  author_id: number;
  body: string;
  status: CommentStatus;
  created_at: string;
  edited_at: string | null;
  reported_by_me: 0 | 1;
  [key: string]: unknown;
}

const COMMENT_SELECT = `SELECT k.id, k.thread_id, k.parent_id, k.author_id, k.body, k.status,
    k.created_at, k.edited_at,
    EXISTS (SELECT 1 FROM comment_reports r WHERE r.comment_id = k.id AND r.reporter_id = @viewerId)
      AS reported_by_me,
    ${personColumns('u', 'a')}
  FROM comments k JOIN users u ON u.id = k.author_id`;

export function toComment(row: CommentRow, viewer: Viewer): Comment {
  const mine = row.author_id === viewer.id;
  const shown =
    row.status === 'visible' || (row.status === 'hidden' && (viewer.seesHidden || mine));
  const person = personFrom(row, 'a');
  return {
    id: row.id,
    threadId: row.thread_id,
    parentId: row.parent_id,
    author: shown && person ? { ...person, level: levelFrom(row, 'a') } : null,
    body: shown ? row.body : null,
    status: row.status,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    mine,
    reportedByMe: row.reported_by_me === 1,
  };
}

/** A thread's comments as a tree one level deep, oldest first. */
function commentTree(db: Db, threadId: number, viewer: Viewer): CommentWithReplies[] {
  const rows = db
    .prepare(`${COMMENT_SELECT} WHERE k.thread_id = @threadId ORDER BY k.created_at, k.id`)
    .all({ threadId, viewerId: viewer.id }) as CommentRow[];
  const comments = rows.map((row) => toComment(row, viewer));
  const shown = (comment: Comment) => comment.body !== null;
  const repliesOf = new Map<number, Comment[]>();
  for (const comment of comments) {
    if (comment.parentId === null || !shown(comment)) continue;
    const list = repliesOf.get(comment.parentId) ?? [];
    list.push(comment);
    repliesOf.set(comment.parentId, list);
  }
  return comments
    .filter((comment) => comment.parentId === null)
    .map((comment) => ({ ...comment, replies: repliesOf.get(comment.id) ?? [] }))
    .filter((comment) => shown(comment) || comment.replies.length > 0);
}

export function threadView(db: Db, threadId: number, viewer: Viewer, now: string) {
  const thread = requireThread(db, threadId, now);
  return { thread: toSummary(thread), comments: commentTree(db, threadId, viewer) };
}

/** A post's discussion; before the first comment there is no thread yet (id null). */
export function postThreadView(db: Db, postId: number, viewer: Viewer, now: string) {
  const post = requireVisiblePost(db, postId, now);
  const row = db.prepare(`${THREAD_SELECT} WHERE t.content_id = @postId`).get({ postId }) as
    ThreadRow | undefined;
  if (row) return { thread: toSummary(row), comments: commentTree(db, row.id, viewer) };
  const thread: ThreadSummary = {
    id: null,
    kind: 'post',
    title: post.title,
    post: { id: String(post.id), slug: post.slug, title: post.title },
    author: null,
    createdAt: null,
    lastActivityAt: null,
    commentCount: 0,
  };
  return { thread, comments: [] };
}

function commentById(db: Db, commentId: number, viewerId: number): CommentRow | undefined {
  return db.prepare(`${COMMENT_SELECT} WHERE k.id = @commentId`).get({ commentId, viewerId }) as
    CommentRow | undefined;
}

function insertComment(
  db: Db,
  input: { threadId: number; parentId: number | null; authorId: number; body: string; now: string },
): number {
  const { lastInsertRowid } = db
    .prepare(
      `INSERT INTO comments (thread_id, parent_id, author_id, body, created_at)
       VALUES (@threadId, @parentId, @authorId, @body, @now)`,
    )
    .run(input);
  db.prepare('UPDATE discussion_threads SET last_activity_at = ? WHERE id = ?').run(
    input.now,
    input.threadId,
  );
  return Number(lastInsertRowid);
}

/** The top-level comment a reply hangs under: replying to a reply answers its parent, so the
 * tree never goes deeper than one level. The parent must be visible and in the same thread. */
function replyParent(db: Db, threadId: number, parentId: number): number {
  const parent = db
    .prepare('SELECT id, thread_id, parent_id, status FROM comments WHERE id = ?')
    .get(parentId) as
    { id: number; thread_id: number; parent_id: number | null; status: CommentStatus } | undefined;
  if (!parent || parent.thread_id !== threadId || parent.status !== 'visible') {
    throw new AppError(404, 'NOT_FOUND');
  }
  return parent.parent_id ?? parent.id;
}

export function startThread(
  db: Db,
  viewer: Viewer,
  input: { title: string; body: string },
  now: string,
): { thread: ThreadSummary; comment: Comment } {
  return inTransaction(db, () => {
    const { lastInsertRowid } = db
      .prepare(
        `INSERT INTO discussion_threads (kind, title, author_id, created_at, last_activity_at)
         VALUES ('general', ?, ?, ?, ?)`,
      )
      .run(input.title, viewer.id, now, now);
    const threadId = Number(lastInsertRowid);
    const commentId = insertComment(db, {
      threadId,
      parentId: null,
      authorId: viewer.id,
      body: input.body,
      now,
    });
    return {
      thread: toSummary(requireThread(db, threadId, now)),
      comment: toComment(commentById(db, commentId, viewer.id)!, viewer),
    };
  });
}

/**
 * Called inside the transaction that stores a reply (reply emails), with the reply's id and the
 * comment it answers: the one replied to, which may itself be a reply (the stored parent is
 * always the thread's top-level comment).
 */
export type OnReply = (replyId: number, answeredId: number) => void;

export function commentOnThread(
  db: Db,
  viewer: Viewer,
  threadId: number,
  input: { body: string; parentId?: number | null | undefined },
  now: string,
  onReply?: OnReply,
): Comment {
  return inTransaction(db, () => {
    requireThread(db, threadId, now);
    const parentId = input.parentId ? replyParent(db, threadId, input.parentId) : null;
    const id = insertComment(db, {
      threadId,
      parentId,
      authorId: viewer.id,
      body: input.body,
      now,
    });
    if (parentId !== null && input.parentId) onReply?.(id, input.parentId);
    return toComment(commentById(db, id, viewer.id)!, viewer);
  });
}

export function commentOnPost(
  db: Db,
  viewer: Viewer,
  postId: number,
  input: { body: string; parentId?: number | null | undefined },
  now: string,
  onReply?: OnReply,
): Comment {
  return inTransaction(db, () => {
    const post = requireVisiblePost(db, postId, now);
    db.prepare(
      `INSERT INTO discussion_threads (kind, content_id, title, created_at, last_activity_at)
       VALUES ('post', ?, ?, ?, ?) ON CONFLICT (content_id) DO NOTHING`,
    ).run(post.id, post.title, now, now);
    const threadId = db
      .prepare('SELECT id FROM discussion_threads WHERE content_id = ?')
      .pluck()
      .get(post.id) as number;
    return commentOnThread(db, viewer, threadId, input, now, onReply);
  });
}

/** The viewer's own comment, still visible, or the reason it cannot be changed. */
function ownVisibleComment(db: Db, viewer: Viewer, commentId: number): CommentRow {
  const row = commentById(db, commentId, viewer.id);
  if (!row || row.status === 'deleted') throw new AppError(404, 'NOT_FOUND');
  if (row.author_id !== viewer.id) throw new AppError(403, 'FORBIDDEN');
  if (row.status !== 'visible') throw new AppError(409, 'COMMENT_NOT_EDITABLE');
  return row;
}

export function editComment(
  db: Db,
  viewer: Viewer,
  commentId: number,
  body: string,
  now: string,
): Comment {
  return inTransaction(db, () => {
    ownVisibleComment(db, viewer, commentId);
    db.prepare('UPDATE comments SET body = ?, edited_at = ? WHERE id = ?').run(
      body,
      now,
      commentId,
    );
    return toComment(commentById(db, commentId, viewer.id)!, viewer);
  });
}

/** Deletes the viewer's own comment: the text goes, a placeholder keeps replies in place. */
export function deleteOwnComment(db: Db, viewer: Viewer, commentId: number, now: string): void {
  inTransaction(db, () => {
    ownVisibleComment(db, viewer, commentId);
    db.prepare(`UPDATE comments SET status = 'deleted', body = '', edited_at = ? WHERE id = ?`).run(
      now,
      commentId,
    );
  });
}

/** Reports someone else's visible comment; reporting it again changes nothing. */
export function reportComment(
  db: Db,
  viewer: Viewer,
  commentId: number,
  reason: string | null,
  now: string,
): void {
  inTransaction(db, () => {
    const row = commentById(db, commentId, viewer.id);
    if (!row || row.status !== 'visible') throw new AppError(404, 'NOT_FOUND');
    if (row.author_id === viewer.id) throw new AppError(400, 'CANNOT_REPORT_OWN_COMMENT');
    db.prepare(
      `INSERT INTO comment_reports (comment_id, reporter_id, reason, created_at)
       VALUES (?, ?, ?, ?) ON CONFLICT (comment_id, reporter_id) DO NOTHING`,
    ).run(commentId, viewer.id, reason, now);
  });
}
