import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './connection.js';

/** `apps/api/migrations`, reached the same way from `src/db` (tsx) and `dist/db` (node). */
export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../migrations',
);

const MIGRATION_FILE = /^(\d{3})-[a-z0-9-]+\.sql$/;

function ensureMigrationsTable(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`);
}

/** Where `db` stands: how many migrations it has had, and the files still to apply, in order. */
export function migrationState(
  db: Db,
  dir = MIGRATIONS_DIR,
): { applied: number; pending: string[] } {
  ensureMigrationsTable(db);
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[],
  );
  const pending = fs
    .readdirSync(dir)
    .filter((name) => MIGRATION_FILE.test(name) && !applied.has(Number(name.slice(0, 3))))
    .sort();
  return { applied: applied.size, pending };
}

/**
 * Applies numbered `NNN-name.sql` files in order, each in its own transaction, and records them in
 * `schema_migrations`. Applied files are never edited: a change is a new file.
 */
export function migrate(db: Db, dir = MIGRATIONS_DIR): string[] {
  const { pending } = migrationState(db, dir);
  for (const name of pending) {
    const sql = fs.readFileSync(path.join(dir, name), 'utf8');
    db.transaction(() => {
      db.exec(sql);
      db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)').run(
        Number(name.slice(0, 3)),
        name,
      );
    })();
  }
  return pending;
}
