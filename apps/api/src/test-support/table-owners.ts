import fs from 'node:fs';
import path from 'node:path';
import type { OwnedTables } from '../db/ownership.js';

/** apps/api/src */
export const SOURCE_ROOT = path.resolve(import.meta.dirname, '..');

/** Every non-test source file under `dir`, test support left out. */
export function sourceFiles(dir: string = SOURCE_ROOT): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

/** Code migrations are history: they ran against the schema of their day and never change. */
export const livingSourceFiles = () =>
  sourceFiles().filter((file) => !file.includes(`${path.sep}code-migrations${path.sep}`));

/** Each store's OWNED_TABLES, with the file that declares it. */
export async function storeDeclarations(): Promise<Array<{ file: string; tables: OwnedTables }>> {
  const declaring = livingSourceFiles().filter((file) =>
    /^export const OWNED_TABLES\b/m.test(fs.readFileSync(file, 'utf8')),
  );
  return Promise.all(
    declaring.map(async (file) => ({
      file,
      tables: ((await import(file)) as { OWNED_TABLES: OwnedTables }).OWNED_TABLES,
    })),
  );
}
