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
  isReadableKind,
  itemPath,
  type ReadableKind,
  type Comment,
  type CommentWithReplies,
  type PostConversation,
  type ThreadSummary,
  type CommentStatus,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { readSettings } from '../settings/index.js';
import { inTransaction } from '../../db/statements.js';
import { DomainError } from '../../domain-error.js';
import type { PersonalDataHolder } from '../../personal-data.js';
import { peopleByIds, type PersonOnRecord, type SessionUser } from '../auth/index.js';
import {
  contentTitlesByIds,
  visibleWritingByIds,
  visibleWritingBySlug,
  visibleWritingIds,
} from '../content/index.js';
import type { NewReply } from '../notifications/index.js';
import { remoteReplyAsComment } from './remote-replies.js';
import {
  activeThreads,
  commentById,
  commentPlace,
  conversationChangesAfter,
  commentsOfThread,
  commentsWrittenBy,
  deleteOwnCommentText,
  forgetParticipant,
  insertComment,
  setCommentStatus,
  visibleCommentCounts,
  insertGeneralThread,
  insertReport,
  itemsDiscussedBy,
  latestConversationChange,
  markConversationChanged,
  openPostThread,
  remoteRepliesOfThread,
  remoteReplyById,
  reportsMadeBy,
  threadById,
  threadOfPost,
  threadsStartedBy,
  updateCommentBody,
  type CommentRow,
  type ThreadRow,
} from './store.js';

export interface Viewer {
  id: number;
  /** Moderators and admins see hidden comments in full. */
  seesHidden: boolean;
}

export function viewerFor(user: SessionUser): Viewer {
  return { id: user.id, seesHidden: hasPermission(user.level, 'hide_content') };
}

const THREAD_LIST_MAX = 100;

/** Threads as listed, with their items' slugs and titles and general threads' authors. */
function toSummaries(db: Db, rows: ThreadRow[]): ThreadSummary[] {
  const items = contentTitlesByIds(
    db,
    rows.flatMap((row) => (row.content_id === null ? [] : [row.content_id])),
  );
  const authors = peopleByIds(
    db,
    rows.flatMap((row) =>
      row.kind === 'general' && row.author_id !== null ? [row.author_id] : [],
    ),
  );
  return rows.map((row) => {
    const item = row.content_id === null ? undefined : items.get(row.content_id);
    return {
      id: row.id,
      kind: row.kind,
      title: row.kind === 'post' ? (item?.title ?? row.title) : row.title,
      post:
        row.kind === 'post' && row.content_id !== null
          ? {
              id: String(row.content_id),
              kind: item && isReadableKind(item.kind) ? item.kind : 'post',
              slug: item?.slug ?? '',
              title: item?.title ?? row.title,
            }
          : null,
      author:
        row.kind === 'general' && row.author_id !== null
          ? (authors.get(row.author_id)?.person ?? null)
          : null,
      createdAt: row.created_at,
      lastActivityAt: row.last_activity_at,
      commentCount: row.comment_count,
    };
  });
}

const toSummary = (db: Db, row: ThreadRow): ThreadSummary => toSummaries(db, [row])[0]!;

/** Threads with something visible in them, latest activity first. A thread under an item is
 * listed only while its item is visible. */
export function listThreads(db: Db, now: string): ThreadSummary[] {
  return toSummaries(db, activeThreads(db, visibleWritingIds(db, now), THREAD_LIST_MAX));
}

/** A general thread, or an item's while readers may see the item. */
function requireThread(db: Db, threadId: number, now: string): ThreadRow {
  const thread = threadById(db, threadId);
  const visible =
    thread !== undefined &&
    (thread.content_id === null || visibleWritingByIds(db, [thread.content_id], now).size > 0);
  if (!visible) throw DomainError.notFound();
  return thread;
}

/** A post, journal entry or poem readers may see now. */
function requireVisibleItem(db: Db, itemId: number, now: string) {
  const post = visibleWritingByIds(db, [itemId], now).get(itemId);
  if (!post) throw DomainError.notFound();
  return post;
}

function toComment(row: CommentRow, author: PersonOnRecord | undefined, viewer: Viewer): Comment {
  const mine = row.author_id === viewer.id;
  const shown =
    row.status === 'visible' || (row.status === 'hidden' && (viewer.seesHidden || mine));
  return {
    id: row.id,
    threadId: row.thread_id,
    parentId: row.parent_id,
    author: shown && author ? { ...author.person, level: author.level } : null,
    body: shown ? row.body : null,
    status: row.status,
    createdAt: row.created_at,
    editedAt: row.edited_at,
    mine,
    reportedByMe: row.reported_by_me === 1,
  };
}

/** Comments as the viewer sees them, each author looked up once. */
export function toComments(db: Db, rows: CommentRow[], viewer: Viewer): Comment[] {
  const authors = peopleByIds(
    db,
    rows.map((row) => row.author_id),
  );
  return rows.map((row) => toComment(row, authors.get(row.author_id), viewer));
}

function commentAsSeen(db: Db, commentId: number, viewer: Viewer): Comment {
  return toComments(db, [commentById(db, commentId, viewer.id)!], viewer)[0]!;
}

/**
 * A thread's comments and approved remote replies as one tree one level deep, oldest first. A
 * reply hangs under its parent; a member's answer to a remote reply hangs where that reply's own
 * replies do (decision 0033).
 */
function commentTree(db: Db, threadId: number, viewer: Viewer): CommentWithReplies[] {
  const rows = commentsOfThread(db, threadId, viewer.id);
  const comments = toComments(db, rows, viewer);
  const remoteRows = remoteRepliesOfThread(db, threadId, ['approved']);
  const remoteById = new Map(remoteRows.map((row) => [row.id, row]));
  type Entry = { comment: Comment; key: string; under: string | null };
  const underRemote = (replyId: number): string | null => {
    const reply = remoteById.get(replyId);
    if (!reply || reply.parent_comment_id !== null) return null;
    return `remote:${reply.parent_reply_id ?? reply.id}`;
  };
  const entries: Entry[] = [
    ...comments.map((comment, index) => {
      const row = rows[index]!;
      const under =
        row.parent_id !== null
          ? `comment:${row.parent_id}`
          : row.answers_reply_id !== null
            ? underRemote(row.answers_reply_id)
            : null;
      return { comment, key: `comment:${comment.id}`, under };
    }),
    ...remoteRows.map((row) => ({
      comment: remoteReplyAsComment(row),
      key: `remote:${row.id}`,
      under:
        row.parent_comment_id !== null
          ? `comment:${row.parent_comment_id}`
          : row.parent_reply_id !== null
            ? `remote:${row.parent_reply_id}`
            : null,
    })),
  ];
  // Stable: comments keep their order among themselves, remote replies fall in by time.
  entries.sort((a, b) => a.comment.createdAt.localeCompare(b.comment.createdAt));
  const shown = (comment: Comment) => comment.body !== null;
  const repliesOf = new Map<string, Comment[]>();
  for (const entry of entries) {
    if (entry.under === null || !shown(entry.comment)) continue;
    const list = repliesOf.get(entry.under) ?? [];
    list.push(entry.comment);
    repliesOf.set(entry.under, list);
  }
  return entries
    .filter((entry) => entry.under === null)
    .map((entry) => ({ ...entry.comment, replies: repliesOf.get(entry.key) ?? [] }))
    .filter((comment) => shown(comment) || comment.replies.length > 0);
}

export function threadView(db: Db, threadId: number, viewer: Viewer, now: string) {
  const thread = requireThread(db, threadId, now);
  return { thread: toSummary(db, thread), comments: commentTree(db, threadId, viewer) };
}

/** An item's discussion; before the first comment there is no thread yet (id null). */
export function postThreadView(db: Db, postId: number, viewer: Viewer, now: string) {
  const post = requireVisibleItem(db, postId, now);
  const row = threadOfPost(db, postId);
  if (row) return { thread: toSummary(db, row), comments: commentTree(db, row.id, viewer) };
  const thread: ThreadSummary = {
    id: null,
    kind: 'post',
    title: post.title,
    post: { id: String(post.id), kind: post.kind, slug: post.slug, title: post.title },
    author: null,
    createdAt: null,
    lastActivityAt: null,
    commentCount: 0,
  };
  return { thread, comments: [] };
}

/**
 * An item's conversation is part of its page (issue 26), and its count part of the lists that
 * show counts (decision 0023): a change to a comment under an item marks that item's
 * conversation changed, so the page cache renders again only the pages that show it, and the
 * ones that show counts only when `countMoved`. A general thread is on no page.
 */
function conversationChanged(db: Db, contentId: number | null, countMoved: boolean): void {
  if (contentId !== null) markConversationChanged(db, contentId, countMoved);
}

/** A moderator's decision on a comment (moderation module), shown to readers at once. */
export function moderateComment(
  db: Db,
  commentId: number,
  status: CommentStatus,
  moderatorId: number,
  now: string,
): void {
  inTransaction(db, () => {
    const before = commentPlace(db, commentId);
    if (!before) throw DomainError.notFound();
    setCommentStatus(db, commentId, status, moderatorId, now);
    const counted = (shown: CommentStatus) => shown === 'visible';
    conversationChanged(db, before.content_id, counted(before.status) !== counted(status));
  });
}

/** What the page cache asks of the conversations (pages module, wired by the app). */
export function conversationChanges(db: Db) {
  return {
    latest: () => latestConversationChange(db),
    /** The paths of the items whose conversation changed after change `after`. */
    after(after: number): { latest: number; itemPaths: string[]; countsMoved: boolean } {
      const rows = conversationChangesAfter(db, after);
      const items = contentTitlesByIds(
        db,
        rows.map((row) => row.contentId),
      );
      return {
        latest: rows.reduce((latest, row) => Math.max(latest, row.changed), after),
        itemPaths: [...items.values()].flatMap((item) =>
          isReadableKind(item.kind) ? [itemPath(item.kind, item.slug)] : [],
        ),
        countsMoved: rows.some((row) => row.countMoved === 1),
      };
    },
  };
}

/** Nobody signed in: what every visitor sees. */
const VISITOR: Viewer = { id: 0, seesHidden: false };

/**
 * The conversation under a post, journal entry or poem as every visitor sees it (issue 26): its
 * visible comments and replies, the same for everyone, so the page that shows it can be cached.
 * Undefined when no visible item of this kind has this slug.
 */
export function conversationUnder(
  db: Db,
  kind: ReadableKind,
  slug: string,
  now: string,
): Omit<PostConversation, 'success'> | undefined {
  const post = visibleWritingBySlug(db, kind, slug, now);
  if (!post) return undefined;
  const thread = threadOfPost(db, post.id);
  const comments = thread ? commentTree(db, thread.id, VISITOR) : [];
  const visible = (comment: Comment) => comment.status === 'visible';
  const count = comments.reduce(
    (sum, comment) => sum + (visible(comment) ? 1 : 0) + comment.replies.filter(visible).length,
    0,
  );
  return { count, commentsOpen: readSettings(db).commentsOpen, comments };
}

/** Visible comments per page of the items readers may see now: what the lists show. */
export function commentCountsByPath(db: Db, now: string): Record<string, number> {
  const counts = visibleCommentCounts(db);
  const items = visibleWritingByIds(
    db,
    counts.map((row) => row.contentId),
    now,
  );
  const byPath: Record<string, number> = {};
  for (const { contentId, count } of counts) {
    const item = items.get(contentId);
    if (item) byPath[itemPath(item.kind, item.slug)] = count;
  }
  return byPath;
}

/** The comment a reply answers: visible and in the same thread. */
function answeredComment(db: Db, threadId: number, commentId: number, viewer: Viewer): CommentRow {
  const answered = commentById(db, commentId, viewer.id);
  if (!answered || answered.thread_id !== threadId || answered.status !== 'visible') {
    throw DomainError.notFound();
  }
  return answered;
}

export function startThread(
  db: Db,
  viewer: Viewer,
  input: { title: string; body: string },
  now: string,
): { thread: ThreadSummary; comment: Comment } {
  return inTransaction(db, () => {
    const threadId = insertGeneralThread(db, { title: input.title, authorId: viewer.id, now });
    const commentId = insertComment(db, {
      threadId,
      parentId: null,
      authorId: viewer.id,
      body: input.body,
      now,
    });
    return {
      thread: toSummary(db, requireThread(db, threadId, now)),
      comment: commentAsSeen(db, commentId, viewer),
    };
  });
}

/** A comment's text and what it answers: a member's comment, a remote reply, or nothing. */
export interface NewComment {
  body: string;
  parentId?: number | null | undefined;
  answersReplyId?: number | null | undefined;
}

/** Called inside the transaction that stores a reply (reply emails). */
export type OnReply = (reply: NewReply) => void;

/** The remote reply a member answers: approved and under the same thread. */
function answeredRemoteReply(db: Db, threadId: number, replyId: number) {
  const reply = remoteReplyById(db, replyId);
  if (!reply || reply.thread_id !== threadId || reply.status !== 'approved') {
    throw DomainError.notFound();
  }
  return reply;
}

export function commentOnThread(
  db: Db,
  viewer: Viewer,
  threadId: number,
  input: NewComment,
  now: string,
  onReply?: OnReply,
): Comment {
  return inTransaction(db, () => {
    const thread = requireThread(db, threadId, now);
    const answered = input.parentId
      ? answeredComment(db, threadId, input.parentId, viewer)
      : undefined;
    const answeredRemote = input.answersReplyId
      ? answeredRemoteReply(db, threadId, input.answersReplyId)
      : undefined;
    // Replying to a reply answers its parent, so the tree never goes deeper than one level; an
    // answer to a remote reply under a comment hangs under that comment too.
    const parentId = answered
      ? (answered.parent_id ?? answered.id)
      : (answeredRemote?.parent_comment_id ?? null);
    const id = insertComment(db, {
      threadId,
      parentId,
      authorId: viewer.id,
      body: input.body,
      now,
      answersReplyId: answeredRemote?.id ?? null,
    });
    if (answered) {
      onReply?.({
        thread: { id: thread.id, title: thread.title, postId: thread.content_id },
        body: input.body,
        replierId: viewer.id,
        answeredAuthorId: answered.author_id,
      });
    }
    conversationChanged(db, thread.content_id, true);
    return commentAsSeen(db, id, viewer);
  });
}

export function commentOnPost(
  db: Db,
  viewer: Viewer,
  postId: number,
  input: NewComment,
  now: string,
  onReply?: OnReply,
): Comment {
  return inTransaction(db, () => {
    const post = requireVisibleItem(db, postId, now);
    const threadId = openPostThread(db, post, now);
    return commentOnThread(db, viewer, threadId, input, now, onReply);
  });
}

/**
 * The viewer's own comment, still visible, with the item it is under (null in a general thread),
 * or the reason it cannot be changed.
 */
function ownVisibleComment(db: Db, viewer: Viewer, commentId: number) {
  const place = commentPlace(db, commentId);
  if (!place || place.status === 'deleted') throw DomainError.notFound();
  if (place.author_id !== viewer.id) throw DomainError.notPermitted();
  if (place.status !== 'visible') throw DomainError.conflict('COMMENT_NOT_EDITABLE');
  return place;
}

export function editComment(
  db: Db,
  viewer: Viewer,
  commentId: number,
  body: string,
  now: string,
): Comment {
  return inTransaction(db, () => {
    const { content_id: contentId } = ownVisibleComment(db, viewer, commentId);
    updateCommentBody(db, commentId, body, now);
    // Still visible: the text changed, no count did.
    conversationChanged(db, contentId, false);
    return commentAsSeen(db, commentId, viewer);
  });
}

/** Deletes the viewer's own comment: the text goes, a placeholder keeps replies in place. */
export function deleteOwnComment(db: Db, viewer: Viewer, commentId: number, now: string): void {
  inTransaction(db, () => {
    const { content_id: contentId } = ownVisibleComment(db, viewer, commentId);
    deleteOwnCommentText(db, commentId, now);
    conversationChanged(db, contentId, true);
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
    if (!row || row.status !== 'visible') throw DomainError.notFound();
    if (row.author_id === viewer.id) throw DomainError.invalid('CANNOT_REPORT_OWN_COMMENT');
    insertReport(db, { commentId, reporterId: viewer.id, reason, now });
  });
}

/**
 * A member's threads, comments and reports. Erasing keeps the conversations whole: comments
 * become deleted placeholders, threads and reports lose their name.
 */
export const discussionsPersonalData: PersonalDataHolder = {
  tables: ['discussion_threads', 'comments', 'comment_reports'],
  export: (db, { userId }) => ({
    threadsStarted: threadsStartedBy(db, userId),
    comments: commentsWrittenBy(db, userId),
    reportsMade: reportsMadeBy(db, userId),
  }),
  erase: (db, { userId }) => {
    const discussed = itemsDiscussedBy(db, userId);
    forgetParticipant(db, userId);
    for (const contentId of discussed) conversationChanged(db, contentId, true);
  },
};
