import { statement } from '../../db/statements.js';
import type { Db } from '../../db/connection.js';
import type { OwnedTables } from '../../db/ownership.js';

/** The owner's public identity (name, bio, profiles) is the site's, shown on every page. */
export const OWNED_TABLES = { site_identity: 'site' } as const satisfies OwnedTables;

export interface StoredIdentity {
  sourceHash: string;
  /** SiteIdentity as JSON. */
  identity: string;
}

export function storedIdentity(db: Db): StoredIdentity | undefined {
  return statement(
    db,
    'SELECT source_hash AS sourceHash, identity FROM site_identity WHERE id = 1',
  ).get() as StoredIdentity | undefined;
}

export function storeIdentity(db: Db, stored: StoredIdentity, now: string): void {
  statement(
    db,
    `INSERT INTO site_identity (id, source_hash, identity, updated_at)
     VALUES (1, @sourceHash, @identity, @now)
     ON CONFLICT (id) DO UPDATE SET source_hash = @sourceHash, identity = @identity, updated_at = @now`,
  ).run({ ...stored, now });
}
