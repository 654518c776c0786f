/**
 * Where an import keeps files on their way in: an unpacked zip, and what it will write, until
 * the database has committed. Beside the database, never in the content folder (whose `git
 * status`, sync and export would meet them). Each import's folder is named after its process, so
 * a start can tell the leftovers of one killed half-way from an import still running.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { besideDatabase } from '../../db/connection.js';
import type { Env } from '../../env.js';
import { filesUnder } from '../../folder-files.js';

export const importStagingRoot = (env: Pick<Env, 'DATABASE_PATH'>) =>
  besideDatabase(env.DATABASE_PATH, 'import-staging');

/** Where an import stages when its caller names no folder (the server and the CLI do). */
export const TEMPORARY_STAGING = path.join(os.tmpdir(), 'quillpost-import-staging');

/** A fresh folder of this process's own under `root`. */
export function stagingFolder(root: string): string {
  fs.mkdirSync(root, { recursive: true });
  return fs.mkdtempSync(path.join(root, `${process.pid}-`));
}

/** Inside an import's staging folder: its files by their path in the content folder. */
export const STAGED_FILES = 'files';

/**
 * The file a staged file is copied to beside its target when the two are on different disks (a
 * container's data and content volumes), renamed over the target once whole: a dot-file, which
 * the sync and the export pass by.
 */
export const temporaryBeside = (target: string, staging: string) =>
  path.join(path.dirname(target), `.${path.basename(target)}.${path.basename(staging)}.tmp`);

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes what imports whose process is gone left in `root`, and the half-copied file one may
 * have left beside its target in the content folder; answers how many. For a start, before this
 * process imports anything: a folder bearing its own id is a previous process's.
 */
export function sweepImportLeftovers(root: string, contentDir: string): number {
  if (!fs.existsSync(root)) return 0;
  let swept = 0;
  for (const name of fs.readdirSync(root)) {
    const pid = Number(/^(\d+)-/.exec(name)?.[1]);
    if (pid && pid !== process.pid && running(pid)) continue;
    const staging = path.join(root, name);
    const files = path.join(staging, STAGED_FILES);
    // Files still staged were not all moved in: one of them may be half-copied beside its target.
    for (const staged of filesUnder(files)) {
      const target = path.join(contentDir, path.relative(files, staged));
      fs.rmSync(temporaryBeside(target, staging), { force: true });
    }
    fs.rmSync(staging, { recursive: true, force: true });
    swept += 1;
  }
  return swept;
}
