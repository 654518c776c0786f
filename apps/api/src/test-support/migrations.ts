import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CODE_MIGRATIONS } from '../db/code-migrations/index.js';
import { openDatabase, type Db } from '../db/connection.js';
import { MIGRATIONS_DIR, migrate } from '../db/migrate.js';

/**
 * A database as a release that had migrations up to `version` left it (SQL files and code
 * migrations alike), in a temp folder; `cleanup` closes and removes it.
 */
export function databaseAt(version: number): { db: Db; cleanup(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quillpost-migration-'));
  const sqlDir = path.join(dir, 'migrations');
  fs.mkdirSync(sqlDir);
  for (const name of fs.readdirSync(MIGRATIONS_DIR)) {
    if (Number(name.slice(0, 3)) <= version) {
      fs.copyFileSync(path.join(MIGRATIONS_DIR, name), path.join(sqlDir, name));
    }
  }
  const db = openDatabase(path.join(dir, 'site.db'));
  migrate(db, { dir: sqlDir, code: CODE_MIGRATIONS.filter((step) => step.version <= version) });
  return {
    db,
    cleanup() {
      db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
