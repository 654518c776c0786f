import type { Clock } from '../clock.js';
import type { Env } from '../env.js';
import { takeBackup } from './backup.js';
import type { Db } from './connection.js';
import { migrate, migrationState, type AppliedMigration } from './migrate.js';

export interface Upgrade {
  /** The snapshot of the data as it was, when there was data to migrate. */
  backup: { file: string; pending: string[] } | null;
  applied: AppliedMigration[];
}

/**
 * Brings a database to the current schema, for the server and every CLI alike. A migration
 * changes data for good (008 merges rows), so a database that already holds data is snapshotted
 * first. Afterwards the WAL is checkpointed and truncated, so pages the migrations rewrote (clear
 * mail bodies before 010) do not linger in the -wal file.
 */
export async function upgradeDatabase(
  db: Db,
  { env, clock }: { env: Pick<Env, 'BACKUP_DIR' | 'BACKUP_KEEP' | 'SESSION_SECRET'>; clock: Clock },
): Promise<Upgrade> {
  const { applied: hadMigrations, pending } = migrationState(db);
  if (!pending.length) return { backup: null, applied: [] };
  const backup =
    hadMigrations > 0
      ? {
          file: (await takeBackup(db, { dir: env.BACKUP_DIR, keep: env.BACKUP_KEEP, clock })).file,
          pending,
        }
      : null;
  const applied = migrate(db, { sessionSecret: env.SESSION_SECRET });
  db.pragma('wal_checkpoint(TRUNCATE)');
  return { backup, applied };
}
