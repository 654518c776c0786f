import fs from 'node:fs';
import path from 'node:path';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/connection.js';
import type { Logger } from '../../logger.js';
import { syncContent } from './sync.js';
import { filesUnder } from '../../folder-files.js';
import { imagesFolder } from '../images/index.js';

/** How often the content folder is looked at: a saved file is live within about this long. */
export const WATCH_INTERVAL_MS = 1_000;

/**
 * Every file under `dir` (relative to it) with its size and modification time: what changes when
 * the owner saves, adds, renames or deletes one, in an editor, by git pull or by rsync.
 */
function snapshotOf(dir: string): Map<string, string> {
  const snapshot = new Map<string, string>();
  for (const file of filesUnder(dir)) {
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat) snapshot.set(path.relative(dir, file), `${stat.size}:${stat.mtimeMs}`);
  }
  return snapshot;
}

/** The files added, changed or removed between two snapshots. */
function changedFiles(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed = [...after].filter(([file, signature]) => before.get(file) !== signature);
  const removed = [...before.keys()].filter((file) => !after.has(file));
  return [...changed.map(([file]) => file), ...removed];
}

/**
 * Publishing without a restart (CONTENT_WATCH, on by default): re-syncs whenever a file under the
 * content folder changes. It polls the folder's listing rather than trusting file-system events,
 * which on Linux miss saves in nested folders and do not cross Docker volume mounts; a look costs
 * a stat per file. An image no Markdown names (a photo the owner just uploaded, the upload's
 * temporary copy) changes nothing a sync writes, so it is not worth one: a sync reads and hashes
 * every file, on the thread that answers readers. Started by boot.ts, never by createApp, with
 * the images its start-up sync found named (`imagesReferenced`): without them, the first change
 * of any kind is worth a sync. Returns a function that stops watching.
 */
export function watchContent(
  db: Db,
  dir: string,
  clock: Clock,
  logger: Logger,
  options: { intervalMs?: number; imagesReferenced?: Set<string> } = {},
): () => void {
  let seen = snapshotOf(dir);
  let { imagesReferenced } = options;
  const images = imagesFolder(dir);
  const unreferencedImage = (file: string) => {
    const relative = path.relative(images, path.join(dir, file));
    return (
      imagesReferenced !== undefined &&
      !relative.startsWith('..') &&
      !imagesReferenced.has(relative)
    );
  };
  const timer = setInterval(() => {
    try {
      const now = snapshotOf(dir);
      const changed = changedFiles(seen, now);
      seen = now;
      if (changed.every(unreferencedImage)) return;
      const referenced = new Set<string>();
      const report = syncContent(db, dir, clock, logger, { imagesReferenced: referenced });
      imagesReferenced = referenced;
      const count = report.added.length + report.updated.length + report.removed.length;
      if (count) logger.info({ ...report, unchanged: undefined }, 'content synced');
    } catch (error) {
      logger.error({ err: error }, 'content sync failed');
    }
  }, options.intervalMs ?? WATCH_INTERVAL_MS);
  timer.unref();
  logger.info({ dir }, 'watching content for changes');
  return () => clearInterval(timer);
}
