import type {
  NewsletterIssueStatus,
  NewsletterSection,
  NewsletterSourceKind,
} from '@quillpost/domain';
import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { typedStatement } from './typed-statement.js';

export const OWNED_TABLES = { newsletter_issues: 'site' } as const satisfies OwnedTables;

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
  return typedStatement<[number], IssueRow>(db, 'SELECT * FROM newsletter_issues WHERE id = ?').get(
    id,
  );
}

/** The live (not cancelled) issue made from a content item, if any. */
export function findIssueForContent(db: Db, contentId: number): IssueRow | undefined {
  return typedStatement<[number], IssueRow>(
    db,
    `SELECT * FROM newsletter_issues WHERE content_id = ? AND status <> 'cancelled'`,
  ).get(contentId);
}

/** The latest issue made from this item that started going out, if any. */
export function findStartedIssueFor(
  db: Db,
  kind: NewsletterSourceKind,
  slug: string,
): IssueRow | undefined {
  return typedStatement<[NewsletterSourceKind, string], IssueRow>(
    db,
    `SELECT * FROM newsletter_issues WHERE kind = ? AND slug = ? AND started_at IS NOT NULL
     ORDER BY started_at DESC LIMIT 1`,
  ).get(kind, slug);
}

export function listIssueRows(db: Db, limit = 50): IssueRow[] {
  return typedStatement<[number], IssueRow>(
    db,
    'SELECT * FROM newsletter_issues ORDER BY id DESC LIMIT ?',
  ).all(limit);
}

/** The live issue of each content item that has one: content id to issue id. */
export function liveIssueIdsByContent(db: Db): Map<number, number> {
  const rows = typedStatement<[], { contentId: number; id: number }>(
    db,
    `SELECT content_id AS contentId, id FROM newsletter_issues WHERE status <> 'cancelled'`,
  ).all();
  return new Map(rows.map((row) => [row.contentId, row.id]));
}

export type IssueDraft = Pick<
  IssueRow,
  'content_id' | 'kind' | 'slug' | 'title' | 'section' | 'subject' | 'created_by'
>;

export function insertDraftIssue(db: Db, draft: IssueDraft, now: string): number {
  const insert = typedStatement<[IssueDraft & { now: string }]>(
    db,
    `INSERT INTO newsletter_issues (content_id, kind, slug, title, section, subject, status,
       created_by, created_at, updated_at)
     VALUES (@content_id, @kind, @slug, @title, @section, @subject, 'draft', @created_by, @now, @now)`,
  );
  return Number(insert.run({ ...draft, now }).lastInsertRowid);
}

export function deleteIssueRow(db: Db, id: number): void {
  typedStatement<[number]>(db, 'DELETE FROM newsletter_issues WHERE id = ?').run(id);
}

export function scheduleIssue(db: Db, id: number, scheduledAt: string, now: string): void {
  typedStatement<[string, string, number]>(
    db,
    `UPDATE newsletter_issues SET status = 'scheduled', scheduled_at = ?, updated_at = ?
     WHERE id = ? AND status IN ('draft', 'scheduled')`,
  ).run(scheduledAt, now, id);
}

/** A draft or scheduled issue starts now (its start time is kept if it had one); false otherwise. */
export function startSendingIssue(db: Db, id: number, now: string): boolean {
  return (
    typedStatement<[{ id: number; now: string }]>(
      db,
      `UPDATE newsletter_issues SET status = 'sending', started_at = coalesce(started_at, @now),
         scheduled_at = NULL, pause_reason = NULL, updated_at = @now
       WHERE id = @id AND status IN ('draft', 'scheduled')`,
    ).run({ id, now }).changes > 0
  );
}

/** Pauses an issue that is sending; false when it was not. */
export function pauseIssue(db: Db, id: number, reason: string, now: string): boolean {
  return (
    typedStatement<[string, string, number]>(
      db,
      `UPDATE newsletter_issues SET status = 'paused', pause_reason = ?, updated_at = ?
       WHERE id = ? AND status = 'sending'`,
    ).run(reason, now, id).changes > 0
  );
}

/** Resumes a paused issue; false when it was not paused. */
export function resumeIssue(db: Db, id: number, now: string): boolean {
  return (
    typedStatement<[string, number]>(
      db,
      `UPDATE newsletter_issues SET status = 'sending', pause_reason = NULL, updated_at = ?
       WHERE id = ? AND status = 'paused'`,
    ).run(now, id).changes > 0
  );
}

/** Cancels for good; an issue that had started keeps `now` as its end. */
export function cancelIssue(db: Db, id: number, now: string): void {
  typedStatement<[string, string, number]>(
    db,
    `UPDATE newsletter_issues SET status = 'cancelled', scheduled_at = NULL,
       finished_at = CASE WHEN started_at IS NULL THEN NULL ELSE ? END, updated_at = ?
     WHERE id = ?`,
  ).run(now, now, id);
}

/** A sending issue with nobody left to send to is sent; false when it was not sending. */
export function finishIssue(db: Db, id: number, now: string): boolean {
  return (
    typedStatement<[string, string, number]>(
      db,
      `UPDATE newsletter_issues SET status = 'sent', finished_at = ?, updated_at = ?
       WHERE id = ? AND status = 'sending'`,
    ).run(now, now, id).changes > 0
  );
}

/** A sent issue goes back to sending, for recipients queued again after it finished. */
export function reopenSentIssue(db: Db, id: number, now: string): void {
  typedStatement<[string, number]>(
    db,
    `UPDATE newsletter_issues SET status = 'sending', finished_at = NULL, updated_at = ?
     WHERE id = ? AND status = 'sent'`,
  ).run(now, id);
}

/** Keeps the mail as rendered when the list was fixed: what every recipient gets from now on. */
export function recordRecipientsFixed(
  db: Db,
  id: number,
  rendered: { html: string; text: string },
  now: string,
): void {
  typedStatement<[{ id: number; html: string; text: string; now: string }]>(
    db,
    `UPDATE newsletter_issues SET recipients_fixed_at = @now, html = @html, text = @text,
       updated_at = @now
     WHERE id = @id`,
  ).run({ id, html: rendered.html, text: rendered.text, now });
}

export function issueStatus(db: Db, id: number): NewsletterIssueStatus | undefined {
  return typedStatement<[number], NewsletterIssueStatus>(
    db,
    'SELECT status FROM newsletter_issues WHERE id = ?',
  )
    .pluck()
    .get(id);
}

/** Scheduled issues whose time has come, earliest first. */
export function dueScheduledIssueIds(db: Db, now: string): number[] {
  return typedStatement<[string], number>(
    db,
    `SELECT id FROM newsletter_issues WHERE status = 'scheduled' AND scheduled_at <= ? ORDER BY scheduled_at`,
  )
    .pluck()
    .all(now);
}

export function sendingIssueIds(db: Db): number[] {
  return typedStatement<[], number>(
    db,
    `SELECT id FROM newsletter_issues WHERE status = 'sending' ORDER BY id`,
  )
    .pluck()
    .all();
}

// Leases: which process is delivering an issue, and until when its claim holds.

/**
 * Claims the issue for `owner` until `until` when nobody holds it, `owner` already does, the lease
 * ran out by `now`, or its holder is `gone` (a dead owner's name; null for none).
 */
export function takeIssueLease(
  db: Db,
  lease: { id: number; owner: string; until: string; now: string; gone: string | null },
): boolean {
  return (
    typedStatement<[typeof lease]>(
      db,
      `UPDATE newsletter_issues SET lease_owner = @owner, lease_until = @until
       WHERE id = @id AND (lease_owner IS NULL OR lease_owner = @owner OR lease_until <= @now
         OR lease_owner = @gone)`,
    ).run(lease).changes > 0
  );
}

/** Who holds the issue's lease: null when nobody does, undefined when there is no such issue. */
export function issueLeaseHolder(db: Db, id: number): string | null | undefined {
  return typedStatement<[number], string | null>(
    db,
    'SELECT lease_owner FROM newsletter_issues WHERE id = ?',
  )
    .pluck()
    .get(id);
}

/** Extends `owner`'s lease to `until`; false when `owner` no longer holds it. */
export function renewIssueLease(db: Db, id: number, owner: string, until: string): boolean {
  return (
    typedStatement<[string, number, string]>(
      db,
      'UPDATE newsletter_issues SET lease_until = ? WHERE id = ? AND lease_owner = ?',
    ).run(until, id, owner).changes > 0
  );
}

export function releaseIssueLease(db: Db, id: number, owner: string): void {
  typedStatement<[number, string]>(
    db,
    'UPDATE newsletter_issues SET lease_owner = NULL, lease_until = NULL WHERE id = ? AND lease_owner = ?',
  ).run(id, owner);
}
