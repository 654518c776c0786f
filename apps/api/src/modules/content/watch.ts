import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { syncContent } from './sync.js';
import { filesUnder } from '../../folder-files.js';

/** How often the content folder is looked at: a saved file is live within about this long. */
export const WATCH_INTERVAL_MS = 1_000;

/**
 * Every file under `dir` with its size and modification time: what changes when the owner saves,
 * adds, renames or deletes one, in an editor, by git pull or by rsync.
 */
function signatureOf(dir: string): string {
  return filesUnder(dir)
    .map((file) => {
      const stat = fs.statSync(file, { throwIfNoEntry: false });
      return stat ? `${path.relative(dir, file)}:${stat.size}:${stat.mtimeMs}` : '';
    })
    .sort()
    .join('\n');
}

/**
 * Publishing without a restart (CONTENT_WATCH, on by default): re-syncs whenever a file under the
 * content folder changes. It polls the folder's listing rather than trusting file-system events,
 * which on Linux miss saves in nested folders and do not cross Docker volume mounts; a look costs
 * a stat per file. Started by boot.ts, never by createApp. Returns a function that stops watching.
 */
export function watchContent(
  db: Db,
  dir: string,
  clock: Clock,
  logger: Logger,
  intervalMs = WATCH_INTERVAL_MS,
): () => void {
  let seen = signatureOf(dir);
  const timer = setInterval(() => {
    try {
      const now = signatureOf(dir);
      if (now === seen) return;
      seen = now;
      const report = syncContent(db, dir, clock, logger);
      const changed = report.added.length + report.updated.length + report.removed.length;
      if (changed) logger.info({ ...report, unchanged: undefined }, 'content synced');
    } catch (error) {
      logger.error({ err: error }, 'content sync failed');
    }
  }, intervalMs);
  timer.unref();
  logger.info({ dir }, 'watching content for changes');
  return () => clearInterval(timer);
}
