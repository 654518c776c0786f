import fs from 'node:fs';
import type { Db } from '../db/connection.js';

/** The bytes of the database file and its WAL, after a checkpoint: what a copy of them holds. */
export function databaseFileBytes(db: Db): string {
  db.pragma('wal_checkpoint(TRUNCATE)');
  return [db.name, `${db.name}-wal`]
    .filter((file) => fs.existsSync(file))
    .map((file) => fs.readFileSync(file).toString('latin1'))
    .join('');
}
