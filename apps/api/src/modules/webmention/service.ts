/**
 * Webmention (W3C Recommendation, 12 January 2017) both ways. Received: a mention is checked at
 * once for what needs no fetch (two different http(s) addresses, the target a post of ours), then
 * verified in the queue (its source fetched through the address guard and searched for a link to
 * the target) and held as a reply under the post; sent again, it is verified again, and updated,
 * or removed when the source is gone or no longer links here. Sent: each post tells the pages it
 * links to, at the endpoint each names.
 */
import { itemAtPath } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import { inTransaction } from '../../db/statements.js';
import { DomainError } from '../../domain-error.js';
import type { Logger } from '../../logger.js';
import type { ContentService } from '../content/index.js';
import { deleteRemoteReply, receiveRemoteReply } from '../discussions/index.js';
import { wakeQueue } from './queue.js';
import { RemoteFailure, type RemotePages } from './remote-pages.js';
import { endpointOf, mentionOf, pageLinksTo } from './source-page.js';
import { forgetMention, keepMention, mentionAuthor, queueJob, type JobRow } from './store.js';

export interface WebmentionDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  content: Pick<ContentService, 'rows' | 'version'>;
  pages: RemotePages;
}

/** The published post a page of ours is, if it is one. */
function postAt(deps: Pick<WebmentionDeps, 'publicUrl' | 'content'>, target: URL) {
  if (target.origin !== new URL(deps.publicUrl).origin) return null;
  const item = itemAtPath(target.pathname.replace(/\/$/, ''));
  if (item?.kind !== 'post') return null;
  return deps.content.rows('post').find((row) => row.slug === item.slug) ?? null;
}

/**
 * A mention received: queued for verification when its target is a post of ours (the addresses'
 * shape is the schema's to check). Sent again before it was verified, it is still one job.
 */
export function acceptMention(
  deps: Pick<WebmentionDeps, 'db' | 'clock' | 'publicUrl' | 'content'>,
  mention: { source: string; target: string },
): void {
  if (!postAt(deps, new URL(mention.target))) {
    throw DomainError.invalid('WEBMENTION_TARGET_UNKNOWN');
  }
  queueJob(deps.db, { kind: 'verify', ...mention }, iso(deps.clock.now()));
  wakeQueue(deps.db);
}

/** An answer that may be different later (busy, down, timed out): the job is tried again. */
const answersLater = (status: number) => status === 429 || status === 408 || status >= 500;

/**
 * The reply a mention is in the conversation as: one per source and target (a page may mention
 * two posts), named by both (a space is in no URL).
 */
export const objectIdOf = (mention: { source: string; target: string }) =>
  `${mention.source} ${mention.target}`;

function dropMention(deps: WebmentionDeps, job: JobRow, why: string) {
  const authorId = mentionAuthor(deps.db, job.source, job.target);
  if (authorId === null) {
    deps.logger.info({ source: job.source, target: job.target, why }, 'webmention: refused');
    return;
  }
  inTransaction(deps.db, () => {
    deleteRemoteReply(deps.db, { objectId: objectIdOf(job), authorId });
    forgetMention(deps.db, job.source, job.target);
  });
  deps.logger.info({ source: job.source, target: job.target, why }, 'webmention: removed');
}

export async function verifyMention(deps: WebmentionDeps, job: JobRow): Promise<void> {
  const page = await deps.pages.get(job.source);
  if (page.status === 404 || page.status === 410) return dropMention(deps, job, 'source gone');
  if (answersLater(page.status))
    throw new RemoteFailure(`the source answered ${page.status}`, false);
  if (page.status < 200 || page.status > 299) {
    deps.logger.info({ source: job.source, status: page.status }, 'webmention: source unreadable');
    return;
  }
  const post = postAt(deps, new URL(job.target));
  if (!post) return dropMention(deps, job, 'target no longer published');
  if (!pageLinksTo(page.body, page.contentType, page.url, job.target)) {
    return dropMention(deps, job, 'source does not link to target');
  }
  const mention = mentionOf(page.body, page.contentType, new URL(job.source));
  const incoming = {
    source: 'webmention' as const,
    objectId: objectIdOf(job),
    url: job.source,
    inReplyTo: { itemId: post.id },
    // The page that says who they are names them; a page without one, its site.
    author: { ...mention.author, id: mention.author.url, handle: null },
    html: mention.html,
  };
  const now = iso(deps.clock.now());
  inTransaction(deps.db, () => {
    // A page that now names someone else as its author is a new reply, by them.
    const before = mentionAuthor(deps.db, job.source, job.target);
    if (before !== null && before !== incoming.author.id) {
      deleteRemoteReply(deps.db, { objectId: incoming.objectId, authorId: before });
    }
    if (receiveRemoteReply(deps.db, incoming, now)) {
      keepMention(
        deps.db,
        { source: job.source, target: job.target, authorId: incoming.author.id },
        now,
      );
    }
  });
}

/** Tells the page `job.target` that our post `job.source` links to it, if it has an endpoint. */
export async function sendMention(deps: WebmentionDeps, job: JobRow): Promise<void> {
  const page = await deps.pages.get(job.target);
  if (answersLater(page.status))
    throw new RemoteFailure(`the target answered ${page.status}`, false);
  const endpoint = endpointOf(page);
  if (!endpoint) return;
  const status = await deps.pages.postForm(endpoint, { source: job.source, target: job.target });
  if (answersLater(status)) throw new RemoteFailure(`the endpoint answered ${status}`, false);
  if (status < 200 || status > 299) {
    deps.logger.info({ endpoint, target: job.target, status }, 'webmention: not taken');
  }
}
