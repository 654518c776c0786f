import {
  CONSENT_SOURCES,
  itemAtPath,
  NEWSLETTER_REPORT_PROBLEMS,
  NEWSLETTER_RESULTS_DAYS,
  type NewsletterIssue,
  type NewsletterResults,
  type NewsletterProgress,
  type NewsletterRecipientStatus,
  type NewsletterReport,
  type PageIssue,
} from '@quillpost/domain';
import type { Db } from '../../db/connection.js';
import { iso } from '../../clock.js';
import { reportsBetween } from '../relay-events/index.js';
import { unsubscribedSince, unsubscriptionsBetween } from '../subscriptions/index.js';
import { uncertainBatchesOf } from './store/batches.js';
import { findStartedIssueFor, type IssueRow } from './store/issues.js';
import { linkClicks } from './store/links.js';
import {
  countEventsAfter,
  countRecipientsAmong,
  problemRecipients,
  recipientCountsByStatus,
  sentSpan,
} from './store/recipients.js';

const EMPTY_COUNTS: Record<NewsletterRecipientStatus, number> = {
  queued: 0,
  sent: 0,
  failed: 0,
  bounced: 0,
  skipped: 0,
  uncertain: 0,
};

/** Counts by recipient status, and how many recipients unsubscribed since the send started. */
export function progressOf(db: Db, issue: IssueRow): NewsletterProgress {
  const counts = { ...EMPTY_COUNTS };
  let total = 0;
  for (const { status, count } of recipientCountsByStatus(db, issue.id)) {
    counts[status] = count;
    total += count;
  }
  const unsubscribedSinceStart = issue.started_at
    ? countRecipientsAmong(db, issue.id, unsubscribedSince(db, issue.started_at))
    : 0;
  return { total, ...counts, unsubscribedSince: unsubscribedSinceStart };
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
  const span = sentSpan(db, issue.id);
  const durationSeconds =
    span.first && span.last ? (Date.parse(span.last) - Date.parse(span.first)) / 1000 : null;
  return {
    durationSeconds,
    // Under a second says nothing about a rate (three mails in 6 ms are not 500 a second).
    messagesPerSecond:
      durationSeconds !== null && durationSeconds >= 1
        ? Math.round((span.sent / durationSeconds) * 10) / 10
        : null,
    problems: problemRecipients(db, issue.id, NEWSLETTER_REPORT_PROBLEMS),
  };
}

/**
 * A reader's own unsubscribes, the answer to an issue: the owner's in the console (asked by mail,
 * say) is not, and a complaint, which also unsubscribes, is counted as a complaint.
 */
const READERS_UNSUBSCRIBING = [CONSENT_SOURCES.oneClickUnsubscribe, CONSENT_SOURCES.managePage];

/**
 * What became of a sent issue among its recipients, within NEWSLETTER_RESULTS_DAYS of the start:
 * delivered (handed over, and no bounce reported since), bounced (refused at once or reported by
 * the relay), complaints, unsubscribes (one-click link or manage page); and clicks per link. An
 * event after several issues counts for the last one its subscriber was sent.
 */
export function resultsOf(db: Db, issue: IssueRow): NewsletterResults | null {
  if (!issue.started_at) return null;
  const { total, sent, bounced } = progressOf(db, issue);
  const from = issue.started_at;
  const until = iso(Date.parse(from) + NEWSLETTER_RESULTS_DAYS * 86_400_000);
  const after = (events: ReadonlyArray<{ subscriberId: number; at: string }>) =>
    countEventsAfter(db, issue.id, events);
  const bouncedLater = after(reportsBetween(db, 'bounce', from, until));
  const links = linkClicks(db, issue.id);
  return {
    recipients: total,
    delivered: sent - bouncedLater,
    bounced: bounced + bouncedLater,
    complaints: after(reportsBetween(db, 'complaint', from, until)),
    unsubscribes: after(unsubscriptionsBetween(db, from, until, READERS_UNSUBSCRIBING)),
    clicksCounted: links.length > 0,
    links,
  };
}

/** The issue made from the item at this page's path, with its results, once it went out. */
export function pageIssueOf(db: Db, path: string): PageIssue | null {
  const item = itemAtPath(path);
  const issue = item && findStartedIssueFor(db, item.kind, item.slug);
  const results = issue && resultsOf(db, issue);
  return issue && results
    ? { id: issue.id, subject: issue.subject, startedAt: issue.started_at!, results }
    : null;
}
