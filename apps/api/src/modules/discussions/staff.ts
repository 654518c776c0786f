/**
 * The discussions as staff see them: the queue of reported comments, a comment under moderation,
 * and what came in over a span of time for the owner's digest.
 */
import { isReadableKind, itemPath, type CommentStatus, type QueueItem } from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { DomainError } from '../../domain-error.js';
import { peopleByIds } from '../auth/index.js';
import { contentTitlesByIds } from '../content/index.js';
import type { CommunityActivity } from '../notifications/index.js';
import { toComments } from './service.js';
import {
  commentPlace,
  commentsMadeBetween,
  openReportsOf,
  reportedComments,
  reportsMadeBetween,
} from './store.js';

const QUEUE_MAX = 200;

/** Comments with open reports, oldest report first, seen in full by the staff member. */
export function reportQueue(db: Db, staffId: number): QueueItem[] {
  const rows = reportedComments(db, QUEUE_MAX);
  const comments = toComments(db, rows, { id: staffId, seesHidden: true });
  const items = contentTitlesByIds(
    db,
    rows.flatMap((row) => (row.content_id === null ? [] : [row.content_id])),
  );
  const reportsByComment = rows.map((row) => openReportsOf(db, row.id));
  const reporters = peopleByIds(
    db,
    reportsByComment.flat().flatMap((report) => report.reporter_id ?? []),
  );
  return rows.map((row, index) => {
    const item = row.content_id === null ? undefined : items.get(row.content_id);
    return {
      comment: comments[index]!,
      thread: {
        id: row.thread_id,
        title: (row.thread_kind === 'post' ? item?.title : undefined) ?? row.thread_title,
        itemPath: item && isReadableKind(item.kind) ? itemPath(item.kind, item.slug) : null,
      },
      reports: reportsByComment[index]!.map((report) => ({
        id: report.id,
        reason: report.reason,
        reporter:
          report.reporter_id === null ? null : (reporters.get(report.reporter_id)?.person ?? null),
        createdAt: report.created_at,
      })),
    };
  });
}

/** A comment a moderator may act on (not deleted), with what the log says of it. */
export function commentUnderModeration(
  db: Db,
  commentId: number,
): { authorId: number; status: Exclude<CommentStatus, 'deleted'>; threadTitle: string } {
  const place = commentPlace(db, commentId);
  if (!place || place.status === 'deleted') throw DomainError.notFound();
  const postTitle =
    place.content_id === null
      ? undefined
      : contentTitlesByIds(db, [place.content_id]).get(place.content_id)?.title;
  return {
    authorId: place.author_id,
    status: place.status,
    threadTitle: postTitle ?? place.thread_title,
  };
}

/** Comments made in the window and still visible, reports made in it and still open. */
export function communityActivity(db: Db, window: { from: string; to: string }): CommunityActivity {
  const comments = commentsMadeBetween(db, window);
  const reports = reportsMadeBetween(db, window);
  const authors = peopleByIds(
    db,
    [...comments, ...reports].map((row) => row.author_id),
  );
  const nameOf = (id: number) => authors.get(id)?.person.name ?? null;
  return {
    comments: comments.map((row) => ({
      author: nameOf(row.author_id),
      thread: row.thread_title,
      body: row.body,
    })),
    reports: reports.map((row) => ({
      reason: row.reason,
      author: nameOf(row.author_id),
      body: row.body,
    })),
  };
}
