import { inTransaction } from './statements.js';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from './connection.js';
import type { OwnedTables } from './ownership.js';
import {
  CODE_MIGRATIONS,
  type CodeMigration,
  type MigrationContext,
} from './code-migrations/index.js';

/** `apps/api/migrations`, reached the same way from `src/db` (tsx) and `dist/db` (node). */
export const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../migrations');

export const OWNED_TABLES = { schema_migrations: 'site' } as const satisfies OwnedTables;

const MIGRATION_FILE = /^(\d{3})-[a-z0-9-]+\.sql$/;

export interface MigrateOptions extends MigrationContext {
  dir?: string;
  code?: readonly CodeMigration[];
}

/** A migration that ran, with what its data step reports for the owner (merged rows, ...). */
export interface AppliedMigration {
  name: string;
  notes: string[];
}

type Step = { version: number; name: string; run: (db: Db) => string[] };

function ensureMigrationsTable(db: Db): void {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  )`);
}

/** SQL files and code migrations, merged into one numbered sequence. */
function allSteps(options: MigrateOptions): Step[] {
  const dir = options.dir ?? MIGRATIONS_DIR;
  const files: Step[] = fs
    .readdirSync(dir)
    .filter((name) => MIGRATION_FILE.test(name))
    .map((name) => ({
      version: Number(name.slice(0, 3)),
      name,
      run: (db) => {
        db.exec(fs.readFileSync(path.join(dir, name), 'utf8'));
        return [];
      },
    }));
  const code: Step[] = (options.code ?? CODE_MIGRATIONS).map((migration) => ({
    version: migration.version,
    name: migration.name,
    run: (db) => migration.run(db, options),
  }));
  const steps = [...files, ...code].sort((a, b) => a.version - b.version);
  const duplicate = steps.find((step, index) => steps[index - 1]?.version === step.version);
  if (duplicate) throw new Error(`two migrations are numbered ${duplicate.version}`);
  return steps;
}

function pendingSteps(db: Db, options: MigrateOptions): Step[] {
  ensureMigrationsTable(db);
  const applied = new Set(
    db.prepare('SELECT version FROM schema_migrations').pluck().all() as number[],
  );
  return allSteps(options).filter((step) => !applied.has(step.version));
}

/** Where `db` stands: how many migrations it has had, and the ones still to apply, in order. */
export function migrationState(
  db: Db,
  options: MigrateOptions = {},
): { applied: number; pending: string[] } {
  const pending = pendingSteps(db, options).map((step) => step.name);
  const applied = db.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get() as number;
  return { applied, pending };
}

/**
 * Applies the numbered migrations in order, each in its own transaction, and records them in
 * `schema_migrations`: `NNN-name.sql` files from `dir`, and code migrations for changes SQL
 * cannot express (see code-migrations.ts). Applied migrations are never edited: a change is a
 * new one.
 */
export function migrate(db: Db, options: MigrateOptions = {}): AppliedMigration[] {
  return pendingSteps(db, options).map((step) =>
    inTransaction(db, () => {
      const notes = step.run(db);
      db.prepare('INSERT INTO schema_migrations (version, name) VALUES (?, ?)').run(
        step.version,
        step.name,
      );
      return { name: step.name, notes };
    }),
  );
}
