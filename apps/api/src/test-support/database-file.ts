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

/** Inserts rows into a running site's SQLite file (a tool's made-up history, say). */
export function insertRows(
  file: string,
  sql: string,
  rows: ReadonlyArray<readonly unknown[]>,
): void {
  const db = new Database(file, { fileMustExist: true });
  try {
    const insert = db.prepare(sql);
    db.transaction(() => rows.forEach((row) => insert.run(...row)))();
  } finally {
    db.close();
  }
}
