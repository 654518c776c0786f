/**
 * `pnpm restore <file>`: puts a snapshot back as the configured database. The snapshot is checked
 * first; a running server refuses it (stop the site, restore, start it again). The database it
 * replaces is kept beside it as `<DATABASE_PATH>.before-restore-<time>`.
 * In the production image (no tsx): `node apps/api/dist/cli/restore.js <file>`.
 */
import '../runtime-check.js';
import path from 'node:path';
import { systemClock } from '../clock.js';
import { restoreBackup } from '../db/backup.js';
import { loadStorageEnv } from '../env.js';

const [given] = process.argv.slice(2);
if (!given) {
  console.error(
    'Usage: pnpm restore <backup file>   (pnpm backup prints one; BACKUP_DIR has more)',
  );
  process.exit(2);
}
const env = loadStorageEnv();
const file = path.resolve(env.INIT_CWD ?? process.cwd(), given);
try {
  const { keptAs } = restoreBackup(file, env.DATABASE_PATH, systemClock);
  console.log(`Restored ${env.DATABASE_PATH} from ${file}.`);
  if (keptAs) console.log(`The database it replaced is kept as ${keptAs}.`);
} catch (error) {
  console.error(`Restore refused: ${(error as Error).message}`);
  process.exitCode = 1;
}
