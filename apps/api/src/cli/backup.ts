/**
 * `pnpm backup`: a consistent snapshot of the configured database, taken while the site serves
 * and writes, checked, into BACKUP_DIR (the newest BACKUP_KEEP are kept). The last line printed
 * is the snapshot's path, for scripts that copy it elsewhere.
 * In the production image (no tsx): `node apps/api/dist/cli/backup.js`.
 */
import '../runtime-check.js';
import { systemClock } from '../clock.js';
import { takeBackup } from '../db/backup.js';
import { openDatabase } from '../db/connection.js';
import { loadStorageEnv } from '../env.js';

const env = loadStorageEnv();
const db = openDatabase(env.DATABASE_PATH);
try {
  const backup = await takeBackup(db, {
    dir: env.BACKUP_DIR,
    keep: env.BACKUP_KEEP,
    clock: systemClock,
  });
  console.error(
    `Backed up ${env.DATABASE_PATH}: ${(backup.bytes / 1024).toFixed(0)} KiB in ${backup.durationMs.toFixed(0)} ms, integrity ok.`,
  );
  console.log(backup.file);
} catch (error) {
  console.error(`Backup failed: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  db.close();
}
