import type { Db } from '../connection.js';

/** What code migrations may need besides the database. */
export interface MigrationContext {
  /** For data sealed with a key derived from it; only needed when such rows exist. */
  sessionSecret?: string | undefined;
}

/**
 * A migration SQL cannot express (say, a rule from packages/domain applied to every row). It
 * runs in the same numbered sequence and transaction discipline as the SQL files, and returns
 * notes for the owner: what it merged, rewrote or set aside.
 */
export interface CodeMigration {
  version: number;
  name: string;
  run(db: Db, context: MigrationContext): string[];
}
