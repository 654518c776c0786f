import Database from 'better-sqlite3';

/** Rows of a site's SQLite file, read while the site runs (WAL lets a reader in beside it). */
export function readRows<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}
