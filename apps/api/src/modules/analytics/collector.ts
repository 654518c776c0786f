/**
 * Counts page views (issue 25, decision 0019) without cookies and without keeping anyone's
 * address: a visitor is SHA-256(the day's salt ‖ address ‖ user agent), truncated, and the salt
 * lives for its day only. Hits are buffered and written in one transaction a second, so a busy
 * page costs readers no write each.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AnalyticsHit } from '@quillpost/domain';
import { iso, type Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import type { Reader } from './classify.js';
import { insertHits, rollUp, saltOf, type HitRow } from './store.js';

const FLUSH_MS = 1_000;
const FLUSH_AT = 500;
const DAY_MS = 86_400_000;

export interface Collector {
  /** Counts one view; `visitorOf` is null when the reader asked not to be tracked. */
  record(
    hit: AnalyticsHit & { source: string },
    reader: Reader,
    identity: { address: string; userAgent: string } | null,
  ): void;
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
}): Collector {
  const { db, clock, logger } = deps;
  let buffer: HitRow[] = [];
  let salt: { day: string; value: Buffer } | null = null;

  const today = () => iso(clock.now()).slice(0, 10);

  function saltFor(day: string): Buffer {
    if (salt?.day !== day) salt = { day, value: saltOf(db, day, () => randomBytes(32)) };
    return salt.value;
  }

  function flush() {
    if (!buffer.length) return;
    const batch = buffer;
    buffer = [];
    try {
      insertHits(db, batch);
    } catch (error) {
      logger.error({ error, hits: batch.length }, 'analytics: hits could not be written');
    }
  }

  const timer = setInterval(flush, FLUSH_MS);
  timer.unref();

  return {
    record(hit, reader, identity) {
      const day = today();
      const visitor = identity
        ? createHash('sha256')
            .update(saltFor(day))
            .update(identity.address)
            .update('\0')
            .update(identity.userAgent)
            .digest('hex')
            .slice(0, 16)
        : null;
      buffer.push({
        day,
        path: hit.path,
        source: hit.source,
        utm_source: hit.utm_source || null,
        utm_medium: hit.utm_medium || null,
        utm_campaign: hit.utm_campaign || null,
        ...reader,
        visitor,
      });
      if (buffer.length >= FLUSH_AT) flush();
    },
    flush,
    rollUp() {
      flush();
      const now = clock.now();
      const keepFrom = iso(now - deps.retentionDays * DAY_MS).slice(0, 10);
      rollUp(db, today(), keepFrom);
      // Yesterday's salt goes even on a day without visits.
      saltFor(today());
    },
    stop() {
      clearInterval(timer);
      flush();
    },
  };
}
