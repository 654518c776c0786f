import { randomUUID } from 'node:crypto';
import {
  NEWSLETTER_SECTIONS,
  NEWSLETTER_SOURCE_KINDS,
  type NewsletterIssue,
  type NewsletterIssueResponse,
  type NewsletterPreview,
  type NewsletterSection,
  type NewsletterSource,
  type NewsletterSourceKind,
  type UncertainResolution,
} from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { inTransaction, statement } from '../../db/statements.js';
import { AppError } from '../../http/errors.js';
import type { Logger } from '../../logger.js';
import type { MailDeliveryError, Mailer } from '../../mail/mailer.js';
import { findByEmail, isDeliverable } from '../subscriptions/index.js';
import {
  fromDomain,
  newsletterMessage,
  personalize,
  renderIssue,
  sampleLinks,
  type ComposeEnv,
  type RenderedIssue,
} from './compose.js';
import {
  findIssue,
  findIssueForContent,
  listIssueRows,
  reportOf,
  toIssue,
  type IssueRow,
} from './queries.js';
import { beginSending, notifyNewsletterSender } from './sender.js';
import {
  contentOf,
  issueSourceOf,
  pageUrlOf,
  publishedItem,
  publishedItems,
  sectionOf,
} from './source.js';

export interface NewsletterDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** Sends the owner's test mail (one message, so the transactional mailer is fine). */
  mailer: Mailer;
  env: ComposeEnv;
}

function requireIssue(db: Db, id: number): IssueRow {
  const issue = findIssue(db, id);
  if (!issue) throw new AppError(404, 'NOT_FOUND');
  return issue;
}

const wrongState = () => new AppError(409, 'NEWSLETTER_ISSUE_STATE');

/** Everything the owner may send, newest first, with the audience of each section right now. */
export function listSources({ db, clock, env }: NewsletterDeps): {
  sources: NewsletterSource[];
  audience: Record<NewsletterSection, number>;
} {
  const now = iso(clock.now());
  const issues = new Map(
    (
      statement(
        db,
        `SELECT content_id AS contentId, id FROM newsletter_issues WHERE status <> 'cancelled'`,
      ).all() as Array<{ contentId: number; id: number }>
    ).map((row) => [row.contentId, row.id]),
  );
  const sources: NewsletterSource[] = [];
  for (const kind of NEWSLETTER_SOURCE_KINDS) {
    for (const row of publishedItems(db, kind, now)) {
      const section = sectionOf(kind, row.category);
      if (!section) continue;
      sources.push({
        kind,
        slug: row.slug,
        title: row.title,
        date: row.published_at,
        section,
        url: pageUrlOf(env, kind, row.slug),
        issueId: issues.get(row.id) ?? null,
      });
    }
  }
  sources.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
  return { sources, audience: audience(db) };
}

/** Deliverable subscribers per section: one pass over the table, admin page only. */
function audience(db: Db): Record<NewsletterSection, number> {
  const counts = Object.fromEntries(NEWSLETTER_SECTIONS.map((section) => [section, 0])) as Record<
    NewsletterSection,
    number
  >;
  const rows = statement(
    db,
    `SELECT status, verified, bounced_at, preferences FROM subscriptions WHERE status = 'active'`,
  ).all() as Array<Parameters<typeof isDeliverable>[0]>;
  for (const row of rows) {
    for (const section of NEWSLETTER_SECTIONS)
      if (isDeliverable(row, section)) counts[section] += 1;
  }
  return counts;
}

export function listIssues({ db }: NewsletterDeps): NewsletterIssue[] {
  return listIssueRows(db).map((row) => toIssue(db, row));
}

export function issueDetail(
  { db }: NewsletterDeps,
  id: number,
): Omit<NewsletterIssueResponse, 'success'> {
  const row = requireIssue(db, id);
  return { issue: toIssue(db, row), report: reportOf(db, row) };
}

/** Makes a draft issue from a published item; one live issue per item. */
export function createIssue(
  deps: NewsletterDeps,
  input: { kind: NewsletterSourceKind; slug: string; subject?: string | undefined },
  createdBy: number | null,
): IssueRow {
  const { db, clock } = deps;
  return inTransaction(db, () => {
    const now = iso(clock.now());
    const item = publishedItem(db, input.kind, input.slug, now);
    if (!item) throw new AppError(404, 'NEWSLETTER_SOURCE_NOT_FOUND');
    const section = sectionOf(input.kind, item.category);
    if (!section) throw new AppError(400, 'NEWSLETTER_SECTION_UNKNOWN');
    if (findIssueForContent(db, item.id)) throw new AppError(409, 'NEWSLETTER_ISSUE_EXISTS');
    const id = Number(
      statement(
        db,
        `INSERT INTO newsletter_issues (content_id, kind, slug, title, section, subject, status,
           created_by, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'draft', ?, ?, ?)`,
      ).run(
        item.id,
        input.kind,
        item.slug,
        item.title,
        section,
        input.subject ?? item.title,
        createdBy,
        now,
        now,
      ).lastInsertRowid,
    );
    return findIssue(db, id)!;
  });
}

/** Drafts (and cancelled issues that never started) can go; anything sent stays for the record. */
export function deleteIssue({ db }: NewsletterDeps, id: number): void {
  const issue = requireIssue(db, id);
  if (issue.started_at || !['draft', 'cancelled'].includes(issue.status)) throw wrongState();
  statement(db, 'DELETE FROM newsletter_issues WHERE id = ?').run(id);
}

/**
 * The issue as it goes out: the snapshot taken when the send started, or before that the item
 * as it is published now.
 */
function renderedOf({ db, clock, env }: NewsletterDeps, issue: IssueRow): RenderedIssue {
  if (issue.html !== null && issue.text !== null) {
    return { subject: issue.subject, html: issue.html, text: issue.text };
  }
  const item = contentOf(db).byId(issue.kind, issue.content_id, false, iso(clock.now()));
  if (!item) throw new AppError(404, 'NEWSLETTER_SOURCE_NOT_FOUND');
  return renderIssue(env, issueSourceOf(env, issue.kind, item, issue.section), issue.subject);
}

export function preview(deps: NewsletterDeps, id: number): Omit<NewsletterPreview, 'success'> {
  const issue = requireIssue(deps.db, id);
  const content = personalize(renderedOf(deps, issue), sampleLinks(deps.env));
  return { from: deps.env.MAIL_FROM, ...content };
}

/**
 * Sends the issue to the owner now, as a subscriber would get it (their own links when they are
 * on the list). A fresh Message-ID: the real send must not look like a repeat of the test.
 */
export async function sendTest(deps: NewsletterDeps, id: number, to: string): Promise<void> {
  const { db, env, mailer, logger } = deps;
  const issue = requireIssue(db, id);
  const rendered = { ...renderedOf(deps, issue), id: issue.id };
  rendered.subject = `[Test] ${rendered.subject}`;
  const subscriber = findByEmail(db, to);
  const message = subscriber
    ? newsletterMessage(env, rendered, {
        subscriberId: subscriber.id,
        email: to,
        linkKey: subscriber.link_key,
      })
    : { to, ...personalize(rendered, sampleLinks(env)) };
  try {
    await mailer.send({
      ...message,
      messageId: `<test-${randomUUID()}@${fromDomain(env.MAIL_FROM)}>`,
    });
  } catch (error) {
    logger.warn(
      { issueId: id, responseCode: (error as MailDeliveryError).responseCode },
      'newsletter: test send failed',
    );
    throw new AppError(502, 'NEWSLETTER_TEST_FAILED');
  }
}

/** Starts the send now, or schedules it for `scheduledAt` (which must lie ahead). */
export function send(deps: NewsletterDeps, id: number, scheduledAt: string | null): IssueRow {
  const { db, clock } = deps;
  const issue = requireIssue(db, id);
  if (issue.status !== 'draft' && issue.status !== 'scheduled') throw wrongState();
  // Rendering now fails early (404) when the item was unpublished since the draft was made.
  renderedOf(deps, issue);
  if (scheduledAt === null) {
    if (!beginSending(db, clock, id)) throw wrongState();
    notifyNewsletterSender(db);
  } else {
    if (Date.parse(scheduledAt) <= clock.now()) {
      throw new AppError(400, 'NEWSLETTER_SCHEDULE_INVALID');
    }
    const now = iso(clock.now());
    statement(
      db,
      `UPDATE newsletter_issues SET status = 'scheduled', scheduled_at = ?, updated_at = ?
       WHERE id = ? AND status IN ('draft', 'scheduled')`,
    ).run(scheduledAt, now, id);
  }
  return findIssue(db, id)!;
}

/** Stops a running send after the messages in flight; `resume` carries on where it stopped. */
export function pause({ db, clock }: NewsletterDeps, id: number): IssueRow {
  requireIssue(db, id);
  const now = iso(clock.now());
  const changed = statement(
    db,
    `UPDATE newsletter_issues SET status = 'paused', pause_reason = 'Paused by the owner.',
       updated_at = ? WHERE id = ? AND status = 'sending'`,
  ).run(now, id).changes;
  if (!changed) throw wrongState();
  return findIssue(db, id)!;
}

export function resume({ db, clock }: NewsletterDeps, id: number): IssueRow {
  requireIssue(db, id);
  const now = iso(clock.now());
  const changed = statement(
    db,
    `UPDATE newsletter_issues SET status = 'sending', pause_reason = NULL, updated_at = ?
     WHERE id = ? AND status = 'paused'`,
  ).run(now, id).changes;
  if (!changed) throw wrongState();
  notifyNewsletterSender(db);
  return findIssue(db, id)!;
}

/** Stops for good: a schedule is dropped, recipients not reached yet are skipped. */
export function cancel({ db, clock }: NewsletterDeps, id: number): IssueRow {
  return inTransaction(db, () => {
    const issue = requireIssue(db, id);
    if (!['draft', 'scheduled', 'sending', 'paused'].includes(issue.status)) throw wrongState();
    const now = iso(clock.now());
    statement(
      db,
      `UPDATE newsletter_issues SET status = 'cancelled', scheduled_at = NULL,
         finished_at = CASE WHEN started_at IS NULL THEN NULL ELSE ? END, updated_at = ?
       WHERE id = ?`,
    ).run(now, now, id);
    statement(
      db,
      `UPDATE newsletter_recipients SET status = 'skipped', last_error = 'The send was cancelled.',
         updated_at = ?
       WHERE issue_id = ? AND status = 'queued'`,
    ).run(now, id);
    return findIssue(db, id)!;
  });
}

/**
 * Settles the uncertain batches: 'resend' queues their recipients again (a repeat carries the
 * same Message-ID, so most providers show it once); 'skip' leaves them as they are.
 */
export function resolveUncertain(
  { db, clock }: NewsletterDeps,
  id: number,
  action: UncertainResolution,
): IssueRow {
  const issue = inTransaction(db, () => {
    const issue = requireIssue(db, id);
    if (!['sending', 'paused', 'sent'].includes(issue.status)) throw wrongState();
    const now = iso(clock.now());
    const batches = statement(
      db,
      `UPDATE newsletter_batches SET status = 'resolved', resolution = ?, resolved_at = ?
       WHERE issue_id = ? AND status = 'uncertain' RETURNING id`,
    )
      .pluck()
      .all(action, now, id) as number[];
    if (!batches.length) throw new AppError(409, 'NEWSLETTER_NOTHING_UNCERTAIN');
    if (action === 'resend') {
      statement(
        db,
        `UPDATE newsletter_recipients SET status = 'queued', batch_id = NULL, next_attempt_at = ?,
           last_error = 'Sent again after an interrupted delivery.', updated_at = ?
         WHERE issue_id = ? AND status = 'uncertain'`,
      ).run(now, now, id);
      statement(
        db,
        `UPDATE newsletter_issues SET status = 'sending', finished_at = NULL, updated_at = ?
         WHERE id = ? AND status = 'sent'`,
      ).run(now, id);
    } else {
      statement(
        db,
        `UPDATE newsletter_recipients SET status = 'skipped',
           last_error = 'Interrupted delivery; the owner chose not to send it again.', updated_at = ?
         WHERE issue_id = ? AND status = 'uncertain'`,
      ).run(now, id);
    }
    return findIssue(db, id)!;
  });
  if (action === 'resend') notifyNewsletterSender(db);
  return issue;
}
