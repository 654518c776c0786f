import type { Statement } from 'better-sqlite3';
import type { Db } from '../../../db/connection.js';
import { statement } from '../../../db/statements.js';

/**
 * `statement(db, sql)` (prepared once per connection) with the types of its parameters and of the
 * row it answers, so the store's functions return typed rows without casting each result.
 */
export function typedStatement<Params extends unknown[], Row = never>(
  db: Db,
  sql: string,
): Statement<Params, Row> {
  return statement(db, sql) as Statement<Params, Row>;
}
