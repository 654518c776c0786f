/**
 * Each module owns its data (issue 21): every table of the schema has exactly one owner, declared
 * in that owner's store, and no other file's SQL names it. A new table without an owner, a table
 * claimed twice, or a query into another module's table fails here.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { livingSourceFiles, SOURCE_ROOT, storeDeclarations } from '../test-support/table-owners.js';
import { openDatabase } from './connection.js';
import { migrate } from './migrate.js';

const SRC = SOURCE_ROOT;

/** A table name where SQL expects one; keywords are upper case throughout our SQL. */
const TABLE_REFERENCE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE|EXISTS)\s+"?([a-z_][a-z0-9_]*)/g;

/** `modules/<name>` for a module's files, else the top folder (`mail`, `http`, `db`) or `app`. */
function ownerOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts[0] === 'modules') return `modules/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : 'app';
}

/** A module's store is `store.ts` or a file under `store/`; elsewhere, the file that declares. */
function isStoreFile(file: string): boolean {
  const relative = path.relative(SRC, file).split(path.sep);
  if (relative[0] !== 'modules') return true;
  return relative[2] === 'store.ts' || relative[2] === 'store';
}

const livingFiles = livingSourceFiles();

function schemaTables(): string[] {
  const db = openDatabase(':memory:');
  migrate(db);
  // FTS5 keeps its index in shadow tables; they belong with the virtual table they serve.
  const tables = db
    .prepare(
      `SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual')`,
    )
    .pluck()
    .all() as string[];
  db.close();
  return tables.filter((name) => !name.startsWith('sqlite_')).sort();
}

describe('table ownership', () => {
  it('every table of the schema is declared by exactly one store', async () => {
    const owners = new Map<string, string[]>();
    for (const { file, tables } of await storeDeclarations()) {
      for (const table of Object.keys(tables)) {
        owners.set(table, [...(owners.get(table) ?? []), path.relative(SRC, file)]);
      }
    }
    const schema = schemaTables();
    const problems = [
      ...schema.filter((table) => !owners.has(table)).map((table) => `${table}: no owner`),
      ...[...owners]
        .filter(([, stores]) => stores.length > 1)
        .map(([table, stores]) => `${table}: owned by ${stores.join(' and ')}`),
      ...[...owners.keys()]
        .filter((table) => !schema.includes(table))
        .map((table) => `${table}: declared but not in the schema`),
    ];
    expect(problems).toEqual([]);
  });

  it("only a table's owning store names it in SQL", async () => {
    const ownerOfTable = new Map<string, { owner: string; file: string }>();
    for (const { file, tables } of await storeDeclarations()) {
      for (const table of Object.keys(tables))
        ownerOfTable.set(table, { owner: ownerOf(file), file });
    }
    const problems: string[] = [];
    for (const file of livingFiles) {
      const source = fs.readFileSync(file, 'utf8');
      for (const [, table] of source.matchAll(TABLE_REFERENCE)) {
        const owning = ownerOfTable.get(table!);
        if (!owning) continue;
        const where = path.relative(SRC, file);
        if (ownerOf(file) !== owning.owner) {
          problems.push(`${where} names ${table}, which ${owning.owner} owns`);
        } else if (!isStoreFile(file)) {
          problems.push(`${where} names ${table} outside ${owning.owner}'s store`);
        }
      }
    }
    expect([...new Set(problems)]).toEqual([]);
  });

  it('catches a query into another module planted in a service', () => {
    const planted = 'db.prepare(`SELECT email FROM users u JOIN bookmarks b ON b.user_id = u.id`)';
    const named = [...planted.matchAll(TABLE_REFERENCE)].map((match) => match[1]);
    expect(named).toEqual(['users', 'bookmarks']);
  });
});
