import {
  NEWSLETTER_REPORT_PROBLEMS,
  type NewsletterIssue,
  type NewsletterIssueStatus,
  type NewsletterProblem,
  type NewsletterProgress,
  type NewsletterRecipientStatus,
  type NewsletterReport,
  type NewsletterSection,
  type NewsletterSourceKind,
  type UncertainBatch,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { statement } from '../../db/statements.js';

export interface IssueRow {
  id: number;
  content_id: number;
  kind: NewsletterSourceKind;
  slug: string;
  title: string;
  section: NewsletterSection;
  subject: string;
  status: NewsletterIssueStatus;
  scheduled_at: string | null;
  started_at: string | null;
  recipients_fixed_at: string | null;
  finished_at: string | null;
  pause_reason: string | null;
  html: string | null;
  text: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export function findIssue(db: Db, id: number): IssueRow | undefined {
  return statement(db, 'SELECT * FROM newsletter_issues WHERE id = ?').get(id) as
    IssueRow | undefined;
}

/** The live (not cancelled) issue made from a content item, if any. */
export function findIssueForContent(db: Db, contentId: number): IssueRow | undefined {
  return statement(
    db,
    `SELECT * FROM newsletter_issues WHERE content_id = ? AND status <> 'cancelled'`,
  ).get(contentId) as IssueRow | undefined;
}

export function listIssueRows(db: Db, limit = 50): IssueRow[] {
  return statement(db, 'SELECT * FROM newsletter_issues ORDER BY id DESC LIMIT ?').all(
    limit,
  ) as IssueRow[];
}

const EMPTY_COUNTS: Record<NewsletterRecipientStatus, number> = {
  queued: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  skipped: 0,
  uncertain: 0,
};

/** Counts by recipient status: one pass over the (issue_id, status) index. */
export function progressOf(db: Db, issue: IssueRow): NewsletterProgress {
  const rows = statement(
    db,
    `SELECT status, count(*) AS count FROM newsletter_recipients WHERE issue_id = ? GROUP BY status`,
  ).all(issue.id) as Array<{ status: NewsletterRecipientStatus; count: number }>;
  const counts = { ...EMPTY_COUNTS };
  let total = 0;
  for (const { status, count } of rows) {
    counts[status] = count;
    total += count;
  }
  const unsubscribedSince = issue.started_at
    ? (statement(
        db,
        `SELECT count(*) FROM newsletter_recipients r JOIN subscriptions s ON s.id = r.subscriber_id
         WHERE r.issue_id = ? AND s.unsubscribed_at IS NOT NULL AND s.unsubscribed_at >= ?`,
      )
        .pluck()
        .get(issue.id, issue.started_at) as number)
    : 0;
  return { total, ...counts, unsubscribedSince };
}

export function uncertainBatchesOf(db: Db, issueId: number): UncertainBatch[] {
  return statement(
    db,
    `SELECT b.id, b.started_at AS startedAt,
       (SELECT count(*) FROM newsletter_recipients r
          WHERE r.issue_id = b.issue_id AND r.status = 'uncertain' AND r.batch_id = b.id) AS recipients
     FROM newsletter_batches b WHERE b.issue_id = ? AND b.status = 'uncertain' ORDER BY b.id`,
  ).all(issueId) as UncertainBatch[];
}

export function toIssue(db: Db, row: IssueRow): NewsletterIssue {
  return {
    id: row.id,
    kind: row.kind,
    slug: row.slug,
    title: row.title,
    section: row.section,
    subject: row.subject,
    status: row.status,
    createdAt: row.created_at,
    scheduledAt: row.scheduled_at,
    startedAt: row.started_at,
    finishedAt: row.finished_at,
    pauseReason: row.pause_reason,
    progress: progressOf(db, row),
    uncertainBatches: uncertainBatchesOf(db, row.id),
  };
}

/** How fast it went and who did not simply get it. */
export function reportOf(db: Db, issue: IssueRow): NewsletterReport {
  const span = statement(
    db,
    `SELECT min(sent_at) AS first, max(sent_at) AS last, count(sent_at) AS sent
     FROM newsletter_recipients WHERE issue_id = ? AND status = 'sent'`,
  ).get(issue.id) as { first: string | null; last: string | null; sent: number };
  const durationSeconds =
    span.first && span.last ? (Date.parse(span.last) - Date.parse(span.first)) / 1000 : null;
  const problems = statement(
    db,
    `SELECT email, status, attempts, last_error AS error FROM newsletter_recipients
     WHERE issue_id = ? AND status IN ('failed', 'bounced', 'uncertain')
     ORDER BY updated_at, subscriber_id LIMIT ?`,
  ).all(issue.id, NEWSLETTER_REPORT_PROBLEMS) as NewsletterProblem[];
  return {
    durationSeconds,
    messagesPerSecond:
      durationSeconds && durationSeconds > 0
        ? Math.round((span.sent / durationSeconds) * 10) / 10
        : null,
    problems,
  };
}
