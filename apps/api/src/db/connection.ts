import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** Opens (and creates) the SQLite file with the pragmas every connection needs. */
export function openDatabase(file: string): Db {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
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
