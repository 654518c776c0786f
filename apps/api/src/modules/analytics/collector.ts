/**
 * Counts page views (issue 25, decision 0019) without cookies and without keeping anyone's
 * address: a visitor is SHA-256(the day's key ‖ address ‖ user agent), truncated. The key is
 * random and lives in this process's memory only, for its day: it is never written, so no copy
 * of the database (a backup, its WAL) can be used to try addresses against a day's visitors. A
 * restart starts a new key, and the day's earlier visitors are new ones after it (the privacy
 * page says so). Hits are buffered and written in one transaction a second, so a busy page costs
 * readers no write each.
 */
import { createHash, randomBytes } from 'node:crypto';
import { instantToLocal, type AnalyticsHit } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { siteIdentity } from '../site/index.js';
import { feedReaderOf, type Reader } from './classify.js';
import { insertHits, rollUp, type FeedFetches, type HitRow } from './store.js';

const FLUSH_MS = 1_000;
const FLUSH_AT = 500;
/** Views held while the database refuses them; past this many, new ones are dropped. */
const KEEP_UNWRITTEN = 50_000;
const DAY_MS = 86_400_000;

/** Who sent a request, as far as counting needs: never stored. */
export interface Client {
  address: string;
  userAgent: string;
}

export interface Collector {
  /** Counts one view; `identity` is null when the reader asked not to be tracked. */
  record(hit: AnalyticsHit & { source: string }, reader: Reader, identity: Client | null): void;
  /**
   * Whether this client does `what` (opens a newsletter's link, say) for the first time today:
   * told by the same daily-keyed hash as a visitor, remembered in memory only, never written.
   */
  firstToday(what: string, client: Client): boolean;
  /** Counts one fetch of a feed by whoever's user agent this is (a service, an app). */
  recordFeedFetch(feed: string, userAgent: string): void;
  /** Writes what is buffered now. */
  flush(): void;
  /** Sums past days and deletes raw hits older than the retention. */
  rollUp(): void;
  stop(): void;
}

export function createCollector(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  retentionDays: number;
  /** Makes each day's key: 32 random bytes. */
  newKey?: () => Buffer;
}): Collector {
  const { db, clock, logger } = deps;
  const newKey = deps.newKey ?? (() => randomBytes(32));
  let buffer: HitRow[] = [];
  let feeds = new Map<string, FeedFetches>();
  // The day's key, and who was seen with it: a view is marked as a visitor's first of the day or
  // of the page when it is counted, so reports add up marks instead of counting distinct ids.
  // Both are forgotten together when the day turns.
  let kept: {
    day: string;
    key: Buffer;
    visitors: Set<string>;
    pages: Set<string>;
    /** What else a visitor was seen doing today (firstToday). */
    done: Set<string>;
  } | null = null;
  function keptFor(day: string) {
    if (kept?.day !== day) {
      // Zeroed, not left for the garbage collector: a memory dump holds no old key either.
      kept?.key.fill(0);
      kept = { day, key: newKey(), visitors: new Set(), pages: new Set(), done: new Set() };
    }
    return kept;
  }
  function visitorOf(day: string, client: Client): string {
    return createHash('sha256')
      .update(keptFor(day).key)
      .update(client.address)
      .update('\0')
      .update(client.userAgent)
      .digest('hex')
      .slice(0, 16);
  }
  function firstTimes(day: string, visitor: string | null, path: string) {
    if (visitor === null) return { first_of_day: 0, first_on_page: 0 } as const;
    const { visitors, pages } = keptFor(day);
    const onPage = `${visitor} ${path}`;
    const firsts = {
      first_of_day: visitors.has(visitor) ? 0 : 1,
      first_on_page: pages.has(onPage) ? 0 : 1,
    } as const;
    visitors.add(visitor);
    pages.add(onPage);
    return firsts;
  }

  // The site's day and hour, which its owner reads the figures in; the zone is looked up once a
  // minute, so a change of site.yml shows within one.
  let local = { minute: -1, day: '', hour: 0 };
  function now(): { day: string; hour: number } {
    const at = clock.now();
    const minute = Math.floor(at / 60_000);
    if (minute !== local.minute) {
      const wall = instantToLocal(at, siteIdentity(db).timezone);
      local = { minute, day: wall.slice(0, 10), hour: Number(wall.slice(11, 13)) };
    }
    return local;
  }
  const today = () => now().day;

  function flush() {
    if (!buffer.length && !feeds.size) return;
    const batch = buffer;
    const fetches = [...feeds.values()];
    buffer = [];
    feeds = new Map();
    try {
      insertHits(db, batch, fetches);
    } catch (error) {
      // Kept for the next flush (a busy or full disk may pass): its visitors are already marked
      // as seen today, so dropping their first views would lose them as visitors for the day.
      logger.error({ error, hits: batch.length }, 'analytics: hits could not be written yet');
      if (buffer.length + batch.length <= KEEP_UNWRITTEN) buffer = [...batch, ...buffer];
    }
  }

  const timer = setInterval(flush, FLUSH_MS);
  timer.unref();

  return {
    record(hit, reader, identity) {
      const { day, hour } = now();
      const visitor = identity ? visitorOf(day, identity) : null;
      const firsts = firstTimes(day, visitor, hit.path);
      buffer.push({
        day,
        hour,
        path: hit.path,
        source: hit.source,
        utm_source: hit.utm_source || null,
        utm_medium: hit.utm_medium || null,
        utm_campaign: hit.utm_campaign || null,
        ...reader,
        visitor,
        ...firsts,
      });
      if (buffer.length >= FLUSH_AT) flush();
    },
    firstToday(what, client) {
      const day = today();
      const { done } = keptFor(day);
      const doing = `${visitorOf(day, client)} ${what}`;
      if (done.has(doing)) return false;
      done.add(doing);
      return true;
    },
    recordFeedFetch(feed, userAgent) {
      const day = today();
      const { reader, subscribers } = feedReaderOf(userAgent);
      const key = `${day}\n${feed}\n${reader}`;
      const counted = feeds.get(key) ?? { day, feed, reader, fetches: 0, subscribers: 0 };
      counted.fetches += 1;
      counted.subscribers = Math.max(counted.subscribers, subscribers);
      feeds.set(key, counted);
    },
    flush,
    rollUp() {
      flush();
      const day = today();
      const keepFrom = iso(Date.parse(day) - deps.retentionDays * DAY_MS).slice(0, 10);
      rollUp(db, day, keepFrom);
      // Yesterday's key goes even on a day without visits.
      keptFor(day);
    },
    stop() {
      clearInterval(timer);
      flush();
    },
  };
}
