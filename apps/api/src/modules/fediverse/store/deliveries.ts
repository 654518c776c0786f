import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { statement } from '../../../db/statements.js';

export const OWNED_TABLES = { fediverse_deliveries: 'site' } as const satisfies OwnedTables;

/** Where one delivery of a post went: the Article's id and the server (the inbox's host). */
export interface DeliveryTarget {
  objectId: string;
  server: string;
}

export function recordDelivered(db: Db, target: DeliveryTarget, now: string): void {
  statement(
    db,
    `INSERT INTO fediverse_deliveries (object_id, server, delivered_at) VALUES (@objectId, @server, @now)
     ON CONFLICT (object_id, server) DO UPDATE SET delivered_at = excluded.delivered_at`,
  ).run({ ...target, now });
}

export function recordFailed(db: Db, target: DeliveryTarget, error: string, now: string): void {
  statement(
    db,
    `INSERT INTO fediverse_deliveries (object_id, server, failed_at, last_error)
     VALUES (@objectId, @server, @now, @error)
     ON CONFLICT (object_id, server) DO UPDATE SET failed_at = excluded.failed_at,
       last_error = excluded.last_error`,
  ).run({ ...target, error: error.slice(0, 500), now });
}

export interface DeliveryFigures {
  deliveredTo: number;
  /** Servers whose latest attempt failed. */
  failures: Array<{ server: string; error: string; failedAt: string }>;
}

/** Each post's figures, by its Article's id. */
export function deliveryFigures(
  db: Db,
  objectIds: readonly string[],
): Map<string, DeliveryFigures> {
  const rows = statement(
    db,
    `SELECT object_id AS objectId, server, delivered_at AS deliveredAt, failed_at AS failedAt,
       last_error AS lastError
     FROM fediverse_deliveries WHERE object_id IN (SELECT value FROM json_each(?))
     ORDER BY server`,
  ).all(JSON.stringify(objectIds)) as Array<{
    objectId: string;
    server: string;
    deliveredAt: string | null;
    failedAt: string | null;
    lastError: string | null;
  }>;
  const figures = new Map<string, DeliveryFigures>(
    objectIds.map((id) => [id, { deliveredTo: 0, failures: [] }]),
  );
  for (const row of rows) {
    const post = figures.get(row.objectId)!;
    if (row.deliveredAt) post.deliveredTo += 1;
    if (row.failedAt && (!row.deliveredAt || row.failedAt > row.deliveredAt)) {
      post.failures.push({
        server: row.server,
        error: row.lastError ?? '',
        failedAt: row.failedAt,
      });
    }
  }
  return figures;
}
