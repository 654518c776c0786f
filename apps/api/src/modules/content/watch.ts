import fs from 'node:fs';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { syncContent } from './sync.js';

/** Editors write a file in several steps (temp file, rename, chmod); one sync per burst is enough. */
export const WATCH_DEBOUNCE_MS = 200;

/**
 * Development only: re-syncs when anything under the content folder changes. Started by server.ts,
 * never by createApp, so tests and production stay quiet. Returns a function that stops watching.
 */
export function watchContent(
  db: Db,
  dir: string,
  clock: Clock,
  logger: Logger,
  debounceMs = WATCH_DEBOUNCE_MS,
): () => void {
  let timer: NodeJS.Timeout | undefined;
  let watcher: fs.FSWatcher;
  try {
    watcher = fs.watch(dir, { recursive: true });
  } catch (error) {
    logger.warn({ err: error, dir }, 'content watcher not started');
    return () => {};
  }
  watcher.on('change', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      try {
        syncContent(db, dir, clock, logger);
      } catch (error) {
        logger.error({ err: error }, 'content sync failed');
      }
    }, debounceMs);
  });
  watcher.on('error', (error) => logger.warn({ err: error }, 'content watcher error'));
  logger.info({ dir }, 'watching content for changes');
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
