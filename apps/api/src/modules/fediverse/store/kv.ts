import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify';
import { iso, type Clock } from '../../../clock.js';
import type { Db } from '../../../db/connection.js';
import type { OwnedTables } from '../../../db/ownership.js';
import { inTransaction, statement } from '../../../db/statements.js';

export const OWNED_TABLES = { fediverse_kv: 'site' } as const satisfies OwnedTables;

/** Expired entries are swept at most this often, on a write; reads skip them meanwhile. */
const SWEEP_EVERY_MS = 10 * 60_000;

const keyOf = (key: KvKey) => JSON.stringify(key);

/**
 * The rows under a prefix: its own key, and every key whose JSON array starts with its parts
 * (`["a","b"` then a comma), compared as text, so no LIKE wildcard in a key can widen it.
 */
const UNDER_PREFIX = `(key = @exact OR substr(key, 1, length(@opening)) = @opening)`;

/**
 * Fedify's key–value store on the site's SQLite file: values as JSON, an expiry from the injected
 * clock. Fedify keeps fetched documents and keys, idempotence marks and signature preferences here.
 */
export class SqliteKvStore implements KvStore {
  private lastSweptAt = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const row = statement(
      this.db,
      `SELECT value FROM fediverse_kv WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)`,
    ).get(keyOf(key), this.now()) as { value: string } | undefined;
    return Promise.resolve(row ? (JSON.parse(row.value) as T) : undefined);
  }

  set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    this.write(key, value, options);
    this.sweep();
    return Promise.resolve();
  }

  delete(key: KvKey): Promise<void> {
    statement(this.db, 'DELETE FROM fediverse_kv WHERE key = ?').run(keyOf(key));
    return Promise.resolve();
  }

  cas(
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> {
    const swapped = inTransaction(this.db, () => {
      const row = statement(
        this.db,
        `SELECT value FROM fediverse_kv WHERE key = ? AND (expires_at IS NULL OR expires_at > ?)`,
      ).get(keyOf(key), this.now()) as { value: string } | undefined;
      const current = row ? row.value : undefined;
      const expected = expectedValue === undefined ? undefined : JSON.stringify(expectedValue);
      if (current !== expected) return false;
      if (newValue === undefined) {
        statement(this.db, 'DELETE FROM fediverse_kv WHERE key = ?').run(keyOf(key));
      } else {
        this.write(key, newValue, options);
      }
      return true;
    });
    return Promise.resolve(swapped);
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    const exact = prefix ? keyOf(prefix) : null;
    const rows = statement(
      this.db,
      `SELECT key, value FROM fediverse_kv
       WHERE (@exact IS NULL OR ${UNDER_PREFIX}) AND (expires_at IS NULL OR expires_at > @now)
       ORDER BY key`,
    ).all({ exact, opening: exact ? `${exact.slice(0, -1)},` : null, now: this.now() }) as Array<{
      key: string;
      value: string;
    }>;
    for (const row of rows) {
      yield { key: JSON.parse(row.key) as KvKey, value: JSON.parse(row.value) as unknown };
    }
  }

  private write(key: KvKey, value: unknown, options?: KvStoreSetOptions): void {
    const ttlMs = options?.ttl?.total({ unit: 'millisecond' });
    statement(
      this.db,
      `INSERT INTO fediverse_kv (key, value, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
    ).run(
      keyOf(key),
      JSON.stringify(value),
      ttlMs === undefined ? null : iso(this.clock.now() + ttlMs),
    );
  }

  private sweep(): void {
    if (this.clock.now() - this.lastSweptAt < SWEEP_EVERY_MS) return;
    this.lastSweptAt = this.clock.now();
    statement(this.db, 'DELETE FROM fediverse_kv WHERE expires_at <= ?').run(this.now());
  }

  private now(): string {
    return iso(this.clock.now());
  }
}
