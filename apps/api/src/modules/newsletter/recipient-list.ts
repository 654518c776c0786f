import { setImmediate as nextTurn } from 'node:timers/promises';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { inTransaction } from '../../db/statements.js';
import { readSettings } from '../settings/index.js';
import { activeSubscribersAfter, isDeliverable } from '../subscriptions/index.js';
import { countedLinks } from './click-links.js';
import { renderIssue, type ComposeEnv } from './compose.js';
import { contentOf, issueSourceOf } from './source.js';
import { pauseIssue, recordRecipientsFixed, type IssueRow } from './store/issues.js';
import { replaceLinks } from './store/links.js';
import { addQueuedRecipients } from './store/recipients.js';

/** Subscribers read (and recipients inserted) per step while the list is fixed. */
const FIX_PAGE = 500;

/**
 * Fixes the list when a send starts: everyone deliverable for the section now (`isDeliverable`,
 * the rule of `listDeliverable`), in pages that yield in between, and the mail as rendered now.
 * Pauses the issue instead when its post is no longer published.
 */
export async function fixRecipientList(
  { db, clock, env, logger }: { db: Db; clock: Clock; env: ComposeEnv; logger: Logger },
  issue: IssueRow,
): Promise<void> {
  const nowIso = iso(clock.now());
  const item = contentOf(db).byId(issue.kind, issue.content_id, false, nowIso);
  if (!item) {
    pauseIssue(db, issue.id, 'The post is no longer published, so the send cannot start.', nowIso);
    return;
  }
  const source = issueSourceOf({ env, db }, issue.kind, item, issue.section);
  const rendered = renderIssue(env, source, issue.subject);
  // Page by id, filter with the subscriptions module's rule, insert, yield: ten thousand
  // subscribers never hold the event loop for more than a page (100k would for ~200 ms in one
  // read). Pages read at slightly different moments; anyone who changes their mind after their
  // page is caught by the per-batch check anyway.
  let count = 0;
  for (let after = 0; ;) {
    const page = activeSubscribersAfter(db, after, FIX_PAGE);
    if (!page.length) break;
    after = page.at(-1)!.id;
    const deliverable = page.filter((subscriber) => isDeliverable(subscriber, issue.section));
    addQueuedRecipients(db, issue.id, deliverable, nowIso);
    count += deliverable.length;
    await nextTurn();
  }
  // With click counting on, the mail's links go through the counting redirect from now on.
  const links = readSettings(db).newsletterClickCounting
    ? countedLinks(env, issue.id, rendered.html, source.pageUrl)
    : { html: rendered.html, urls: [] };
  inTransaction(db, () => {
    replaceLinks(db, issue.id, links.urls);
    recordRecipientsFixed(db, issue.id, { ...rendered, html: links.html }, iso(clock.now()));
  });
  logger.info({ issueId: issue.id, recipients: count }, 'newsletter: recipients fixed');
}
