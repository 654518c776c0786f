import type { CodeMigration } from './code-migration.js';
import { canonicalAddresses } from './008-canonical-addresses.js';
import { sealedMailBodies } from './010-sealed-mail-bodies.js';

export type { CodeMigration, MigrationContext } from './code-migration.js';

/** Every code migration, in the numbered sequence beside the SQL files of `apps/api/migrations`. */
export const CODE_MIGRATIONS: readonly CodeMigration[] = [canonicalAddresses, sealedMailBodies];
