/**
 * Mentions go out: after each change of the content (a sync, the editor's save, a scheduled post's
 * time coming), as the fediverse publisher does, each published post is compared with what it was
 * sent for. A new or changed post tells every page it links to now and every page it linked to
 * before (so a page it stopped linking to hears of it); a post withdrawn tells the pages it linked
 * to, which find it gone. Each telling is a job in the queue, so a slow server holds nothing up.
 */
import { createHash } from 'node:crypto';
import { itemPath } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import type { ContentService } from '../content/index.js';
import { wakeQueue } from './queue.js';
import { anchorsOf, parsePage } from './source-page.js';
import { recordSent, sentPosts } from './store.js';

/** How often the content's version is looked at; looking is one integer compared. */
const LOOK_EVERY_MS = 2_000;

/** A post first seen this long after its date arrived by import: the pages it links to are not told. */
const NEWS_FOR_MS = 7 * 24 * 60 * 60_000;

export interface OutgoingDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  publicUrl: string;
  content: Pick<ContentService, 'version' | 'rows'>;
}

/** The pages elsewhere a post's HTML links to. */
function externalPages(html: string, postUrl: string, publicUrl: string): string[] {
  const ours = new URL(publicUrl).origin;
  return anchorsOf(parsePage(html), new URL(postUrl)).filter((address) => {
    const url = new URL(address);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin !== ours;
  });
}

/** Queues the mentions of what changed since the last pass, and records it. */
export function sendChanges(deps: OutgoingDeps): void {
  const { db, clock, publicUrl } = deps;
  const now = clock.now();
  const sent = sentPosts(db);
  const published = new Set<number>();
  let queued = false;
  for (const row of deps.content.rows('post')) {
    published.add(row.id);
    const sentHash = createHash('sha256').update(row.html).digest('base64url');
    const before = sent.get(row.id);
    if (before?.state === 'published' && before.sentHash === sentHash) continue;
    const source = `${publicUrl}${itemPath('post', row.slug)}`;
    const targets = externalPages(row.html, source, publicUrl);
    const isNews = now - Date.parse(row.published_at) < NEWS_FOR_MS;
    const sends =
      !before && !isNews
        ? []
        : [...new Set([...(before?.targets ?? []), ...targets])].map((target) => ({
            source,
            target,
          }));
    // A new slug leaves the old address gone: the pages told of it hear so.
    if (before && before.source !== source) {
      sends.push(...before.targets.map((target) => ({ source: before.source, target })));
    }
    recordSent(
      db,
      { contentId: row.id, source, sentHash, targets, state: 'published' },
      sends,
      iso(now),
    );
    queued ||= sends.length > 0;
  }
  for (const before of sent.values()) {
    if (before.state !== 'published' || published.has(before.contentId)) continue;
    const sends = before.targets.map((target) => ({ source: before.source, target }));
    recordSent(db, { ...before, state: 'withdrawn' }, sends, iso(now));
    queued ||= sends.length > 0;
  }
  if (queued) wakeQueue(db);
}

/** Sends on every content change, from now until `stop`. */
export function watchPublications(deps: OutgoingDeps): { stop(): void } {
  let seen: number | null = null;
  function look() {
    const version = deps.content.version();
    if (version === seen) return;
    seen = version;
    try {
      sendChanges(deps);
    } catch (error) {
      // Looked at again on the next change, or the next start.
      seen = null;
      deps.logger.error({ err: error }, 'webmention: mentions not sent');
    }
  }
  look();
  const timer = setInterval(look, LOOK_EVERY_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
