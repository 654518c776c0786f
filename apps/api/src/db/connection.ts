import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/**
 * Readers' addresses are in the database and its snapshots: a file the site creates is its own
 * user's alone (SQLite gives the -wal and -shm files the database file's mode), and so is a
 * folder it creates for them.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_FOLDER_MODE = 0o700;

/** Creates `file` empty (a valid SQLite database) and private, unless it exists. */
export function createPrivateFile(file: string): void {
  fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true, mode: PRIVATE_FOLDER_MODE });
  try {
    fs.writeFileSync(file, '', { flag: 'wx', mode: PRIVATE_FILE_MODE });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/**
 * A folder of the site's own data, beside its database: image variants, preview cards, import
 * reports, exports. One place, so a backup or a move of the data folder takes them all.
 */
export function besideDatabase(databasePath: string, name: string): string {
  return path.join(path.dirname(path.resolve(databasePath)), name);
}

/** Opens (and creates) the SQLite file with the pragmas every connection needs. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') createPrivateFile(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  db.pragma('synchronous = NORMAL');
  // Deleted and overwritten content is zeroed, not left in free space: a wiped mail body or an
  // erased subscriber must not be recoverable from a copy of the file.
  db.pragma('secure_delete = ON');
  return db;
}
