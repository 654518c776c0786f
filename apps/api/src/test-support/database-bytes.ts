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

/**
 * The WAL as it lies on disk now, not checkpointed: a checkpoint copies pages into the database
 * file but leaves their older copies in the WAL until new frames overwrite them, and a copy of
 * the folder takes those too.
 */
export function walFileBytes(db: Db): string {
  const wal = `${db.name}-wal`;
  return fs.existsSync(wal) ? fs.readFileSync(wal).toString('latin1') : '';
}
