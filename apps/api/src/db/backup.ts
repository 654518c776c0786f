/**
 * Backups of the SQLite file: consistent snapshots taken while the site serves and writes
 * (SQLite's online backup API copies the database as one transaction sees it, WAL included),
 * checked with `PRAGMA integrity_check`, named by their time, and pruned to the newest few.
 * A restore checks the snapshot the same way and refuses while a server is using the database.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { isoNow, type Clock } from '../clock.js';
import {
  createPrivateFile,
  PRIVATE_FILE_MODE,
  PRIVATE_FOLDER_MODE,
  type Db,
} from './connection.js';
import type { OwnedTables } from './ownership.js';

export const OWNED_TABLES = { server_heartbeat: 'site' } as const satisfies OwnedTables;

export interface Backup {
  file: string;
  bytes: number;
  durationMs: number;
}

const BACKUP_NAME = /^site-\d{8}-\d{6}(?:-\d+)?Z\.db$/;

/** A running server says so every HEARTBEAT_MS; older than STALE_MS, nobody is using the file. */
export const HEARTBEAT_MS = 10_000;
const STALE_MS = 3 * HEARTBEAT_MS;

function backupName(now: number): string {
  const stamp = new Date(now).toISOString().replace(/[-:]/g, '').replace('T', '-');
  return `site-${stamp.slice(0, 15)}Z.db`;
}

/** Throws unless `file` is a sound SQLite database. */
export function checkIntegrity(file: string): void {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`${file} failed its integrity check: ${String(result)}`);
  } finally {
    db.close();
  }
}

/** Takes a snapshot of `db` into `dir`, checks it, and keeps the newest `keep` snapshots. */
export async function takeBackup(
  db: Db,
  { dir, keep, clock }: { dir: string; keep: number; clock: Clock },
): Promise<Backup> {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  const started = performance.now();
  let file = path.join(dir, backupName(clock.now()));
  for (let n = 1; fs.existsSync(file); n += 1) {
    file = path.join(dir, backupName(clock.now()).replace(/Z\.db$/, `-${n}Z.db`));
  }
  const partial = `${file}.partial`;
  try {
    createPrivateFile(partial);
    await db.backup(partial);
    // One self-contained file (no -wal beside it), so a copy of it is the whole backup.
    const snapshot = new Database(partial);
    snapshot.pragma('journal_mode = DELETE');
    snapshot.close();
    checkIntegrity(partial);
    fs.renameSync(partial, file);
  } finally {
    for (const leftover of [partial, `${partial}-wal`, `${partial}-shm`, `${partial}-journal`]) {
      fs.rmSync(leftover, { force: true });
    }
  }
  pruneBackups(dir, keep);
  return { file, bytes: fs.statSync(file).size, durationMs: performance.now() - started };
}

/** The snapshots in `dir`, newest first. */
export function listBackups(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => path.join(dir, name));
}

function pruneBackups(dir: string, keep: number): void {
  for (const file of listBackups(dir).slice(keep)) fs.rmSync(file);
}

/** Written by a running server (boot.ts), so a restore can tell the file is in use. */
export function beat(db: Db, clock: Clock): void {
  db.prepare(
    `INSERT INTO server_heartbeat (id, beat_at) VALUES (1, @now)
     ON CONFLICT (id) DO UPDATE SET beat_at = @now`,
  ).run({ now: isoNow(clock) });
}

/** Stops the heartbeat's claim at a clean shutdown, so a restore can follow at once. */
export function clearBeat(db: Db): void {
  db.prepare('DELETE FROM server_heartbeat').run();
}

function lastBeat(file: string): number | null {
  if (!fs.existsSync(file)) return null;
  const db = new Database(file, { readonly: true });
  try {
    const value = db.prepare('SELECT beat_at FROM server_heartbeat').pluck().get() as
      string | undefined;
    return value ? Date.parse(value) : null;
  } catch {
    return null; // not a database of ours yet, or without the table: nothing is running on it
  } finally {
    db.close();
  }
}

/**
 * Replaces the database at `target` with the snapshot `file`, after checking the snapshot, and
 * only when no server has used `target` for STALE_MS. The replaced database is kept beside it
 * (`<target>.before-restore-<time>`), so a restore can itself be undone.
 */
export function restoreBackup(
  file: string,
  target: string,
  clock: Clock,
): { replacedWith: string; keptAs: string | null } {
  if (!fs.existsSync(file)) throw new Error(`There is no backup at ${file}.`);
  checkIntegrity(file);
  const beatAt = lastBeat(target);
  if (beatAt !== null && clock.now() - beatAt < STALE_MS) {
    throw new Error(
      `A server is using ${target} (it was alive ${Math.round((clock.now() - beatAt) / 1000)} s ago): stop it, then restore.`,
    );
  }
  fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  let keptAs: string | null = null;
  if (fs.existsSync(target)) {
    // Folds the WAL into the file first, so the kept copy is whole on its own.
    const current = new Database(target);
    current.pragma('wal_checkpoint(TRUNCATE)');
    current.close();
    keptAs = `${target}.before-restore-${backupName(clock.now()).slice(5, -3)}`;
    fs.renameSync(target, keptAs);
    // A database from before files were made private must not leave a readable copy behind.
    fs.chmodSync(keptAs, PRIVATE_FILE_MODE);
  }
  for (const suffix of ['-wal', '-shm']) fs.rmSync(target + suffix, { force: true });
  const incoming = `${target}.restoring`;
  fs.copyFileSync(file, incoming);
  // copyFile gives the copy the snapshot's mode, which an old snapshot may have had readable.
  fs.chmodSync(incoming, PRIVATE_FILE_MODE);
  fs.renameSync(incoming, target);
  return { replacedWith: file, keptAs };
}
