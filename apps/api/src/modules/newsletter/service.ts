import { randomUUID } from 'node:crypto';
import {
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
import { inTransaction } from '../../db/statements.js';
import { DomainError } from '../../domain-error.js';
import type { Logger } from '../../logger.js';
import type { MailDeliveryError, Mailer } from '../../mail/mailer.js';
import { senderText } from '../../mail/sender.js';
import { siteIdentity } from '../site/index.js';
import { deliverableCountBySection, findByEmail } from '../subscriptions/index.js';
import {
  fromDomain,
  newsletterMessage,
  personalize,
  renderIssue,
  sampleLinks,
  type ComposeEnv,
  type RenderedIssue,
} from './compose.js';
import { reportOf, resultsOf, toIssue } from './queries.js';
import { beginSending, notifyNewsletterSender } from './sender.js';
import {
  contentOf,
  issueSourceOf,
  pageUrlOf,
  publishedItem,
  publishedItems,
  sectionOf,
} from './source.js';
import { resolveUncertainBatches } from './store/batches.js';
import {
  cancelIssue,
  deleteIssueRow,
  findIssue,
  findIssueForContent,
  insertDraftIssue,
  listIssueRows,
  liveIssueIdsByContent,
  pauseIssue,
  reopenSentIssue,
  resumeIssue,
  scheduleIssue,
  type IssueRow,
} from './store/issues.js';
import { requeueUncertainRecipients, skipRecipients } from './store/recipients.js';
import { sentElsewhereKeys } from './store/sent-elsewhere.js';

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
  if (!issue) throw DomainError.notFound();
  return issue;
}

const wrongState = () => DomainError.conflict('NEWSLETTER_ISSUE_STATE');

/**
 * Everything the owner may send, newest first, with the audience of each section right now: not
 * what another platform sent already (an imported Substack post its readers got by email).
 */
export function listSources({ db, clock, env }: NewsletterDeps): {
  sources: NewsletterSource[];
  audience: Record<NewsletterSection, number>;
} {
  const now = iso(clock.now());
  const issues = liveIssueIdsByContent(db);
  const sentElsewhere = sentElsewhereKeys(db);
  const sources: NewsletterSource[] = [];
  for (const kind of NEWSLETTER_SOURCE_KINDS) {
    for (const row of publishedItems(db, kind, now)) {
      const section = sectionOf(kind, row.category);
      if (!section || sentElsewhere.has(`${kind}:${row.slug}`)) continue;
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
  return { sources, audience: deliverableCountBySection(db) };
}

export function listIssues({ db }: NewsletterDeps): NewsletterIssue[] {
  return listIssueRows(db).map((row) => toIssue(db, row));
}

export function issueDetail(
  { db }: NewsletterDeps,
  id: number,
): Omit<NewsletterIssueResponse, 'success'> {
  const row = requireIssue(db, id);
  return { issue: toIssue(db, row), report: reportOf(db, row), results: resultsOf(db, row) };
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
    if (!item) throw DomainError.notFound('NEWSLETTER_SOURCE_NOT_FOUND');
    const section = sectionOf(input.kind, item.category);
    if (!section) throw DomainError.invalid('NEWSLETTER_SECTION_UNKNOWN');
    if (findIssueForContent(db, item.id)) throw DomainError.conflict('NEWSLETTER_ISSUE_EXISTS');
    const id = insertDraftIssue(
      db,
      {
        content_id: item.id,
        kind: input.kind,
        slug: item.slug,
        title: item.title,
        section,
        subject: input.subject ?? item.title,
        created_by: createdBy,
      },
      now,
    );
    return findIssue(db, id)!;
  });
}

/** Drafts (and cancelled issues that never started) can go; anything sent stays for the record. */
export function deleteIssue({ db }: NewsletterDeps, id: number): void {
  const issue = requireIssue(db, id);
  if (issue.started_at || !['draft', 'cancelled'].includes(issue.status)) throw wrongState();
  deleteIssueRow(db, id);
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
  if (!item) throw DomainError.notFound('NEWSLETTER_SOURCE_NOT_FOUND');
  return renderIssue(
    env,
    issueSourceOf({ env, db }, issue.kind, item, issue.section),
    issue.subject,
  );
}

export function preview(deps: NewsletterDeps, id: number): Omit<NewsletterPreview, 'success'> {
  const issue = requireIssue(deps.db, id);
  const content = personalize(renderedOf(deps, issue), sampleLinks(deps.env));
  const fromName = siteIdentity(deps.db).newsletter.fromName;
  return { from: senderText(deps.env.MAIL_FROM, fromName), ...content };
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
    throw DomainError.upstreamFailed('NEWSLETTER_TEST_FAILED');
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
      throw DomainError.invalid('NEWSLETTER_SCHEDULE_INVALID');
    }
    scheduleIssue(db, id, scheduledAt, iso(clock.now()));
  }
  return findIssue(db, id)!;
}

/** Stops a running send after the messages in flight; `resume` carries on where it stopped. */
export function pause({ db, clock }: NewsletterDeps, id: number): IssueRow {
  requireIssue(db, id);
  if (!pauseIssue(db, id, 'Paused by the owner.', iso(clock.now()))) throw wrongState();
  return findIssue(db, id)!;
}

export function resume({ db, clock }: NewsletterDeps, id: number): IssueRow {
  requireIssue(db, id);
  if (!resumeIssue(db, id, iso(clock.now()))) throw wrongState();
  notifyNewsletterSender(db);
  return findIssue(db, id)!;
}

/** Stops for good: a schedule is dropped, recipients not reached yet are skipped. */
export function cancel({ db, clock }: NewsletterDeps, id: number): IssueRow {
  return inTransaction(db, () => {
    const issue = requireIssue(db, id);
    if (!['draft', 'scheduled', 'sending', 'paused'].includes(issue.status)) throw wrongState();
    const now = iso(clock.now());
    cancelIssue(db, id, now);
    skipRecipients(db, id, 'queued', 'The send was cancelled.', now);
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
    if (!resolveUncertainBatches(db, id, action, now).length) {
      throw DomainError.conflict('NEWSLETTER_NOTHING_UNCERTAIN');
    }
    if (action === 'resend') {
      requeueUncertainRecipients(db, id, 'Sent again after an interrupted delivery.', now);
      reopenSentIssue(db, id, now);
    } else {
      skipRecipients(
        db,
        id,
        'uncertain',
        'Interrupted delivery; the owner chose not to send it again.',
        now,
      );
    }
    return findIssue(db, id)!;
  });
  if (action === 'resend') notifyNewsletterSender(db);
  return issue;
}
