/**
 * `pnpm content sync`: reads CONTENT_DIR into the configured database now, as the running
 * server's watcher does within a second of a save (or when CONTENT_WATCH=false, the only way).
 * Prints what changed and every file it had to skip, and exits non-zero if it skipped any.
 * In the production image (no tsx): `node apps/api/dist/cli/content.js sync`.
 */
import { systemClock } from '../clock.js';
import { openDatabase } from '../db/connection.js';
import { upgradeDatabase } from '../db/upgrade.js';
import { loadEnv } from '../env.js';
import { createLogger } from '../logger.js';
import { syncContent } from '../modules/content/index.js';

if (process.argv[2] !== 'sync') {
  console.error('Usage: pnpm content sync');
  process.exit(2);
}
const env = loadEnv();
const db = openDatabase(env.DATABASE_PATH);
const upgrade = await upgradeDatabase(db, { env, clock: systemClock });
if (upgrade.backup) console.warn(`Backup before migrating: ${upgrade.backup.file}`);
for (const { name, notes } of upgrade.applied) {
  for (const note of notes) console.warn(`${name}: ${note}`);
}
const report = syncContent(db, env.CONTENT_DIR, systemClock, createLogger('silent'));
db.close();
const list = (label: string, files: string[]) =>
  files.length ? `${label}: ${files.join(', ')}` : `${label}: none`;
console.log(`Synced ${env.CONTENT_DIR} (${report.unchanged} unchanged).`);
console.log(list('Added', report.added));
console.log(list('Updated', report.updated));
console.log(list('Removed', report.removed));
for (const error of report.errors) {
  console.error(`Skipped ${error.file}:${error.line}: ${error.message}`);
}
if (report.errors.length) process.exitCode = 1;
