/**
 * Who owns which table. Each module keeps its SQL in one store (`store.ts` or a `store/` folder;
 * outside modules, the one file that runs it) and declares there the tables it alone names:
 *
 *   export const OWNED_TABLES = { bookmarks: 'person' } as const satisfies OwnedTables;
 *
 * Other modules reach those rows through the owner's face. db/table-ownership.test.ts holds the
 * schema against the declarations and every file's SQL against its module's.
 */

/**
 * What a table's rows are about. A `person` table holds rows about someone (their address, their
 * words, their visits): the personal-data registry must export and erase them.
 */
export type TableContents = 'person' | 'site';

export type OwnedTables = Readonly<Record<string, TableContents>>;
