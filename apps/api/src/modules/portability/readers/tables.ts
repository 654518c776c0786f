/** CSV files of an export as rows read by column name, with the file and line for the report. */
import { CsvSyntaxError, parseCsv, unguardCell } from '../../../csv.js';
import { ImportError } from '../bundle.js';

export interface Row {
  /** `email_list.csv line 12` */
  where: string;
  get(column: string): string;
  has(column: string): boolean;
}

/**
 * `unguard`: the file is this site's own export, whose cells starting = + - @ carry the
 * formula guard (a leading ') the reader takes off.
 */
export function csvRows(
  file: string,
  bytes: Buffer,
  options: { unguard?: boolean } = {},
): { header: string[]; rows: Row[] } {
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      throw new ImportError(`${file} line ${error.line}: a quoted value is never closed.`);
    }
    throw error;
  }
  const header = (records[0]?.cells ?? []).map((cell) => cell.trim());
  const index = new Map(header.map((name, at) => [name.toLowerCase(), at]));
  const rows = records.slice(1).map((record) => {
    if (record.cells.length > header.length) {
      throw new ImportError(
        `${file} line ${record.line}: ${record.cells.length} values under ${header.length} columns.`,
      );
    }
    return {
      where: `${file} line ${record.line}`,
      get: (column: string) => {
        const at = index.get(column.toLowerCase());
        const cell = at === undefined ? '' : (record.cells[at] ?? '').trim();
        return options.unguard ? unguardCell(cell) : cell;
      },
      has: (column: string) => index.has(column.toLowerCase()),
    };
  });
  return { header, rows };
}

/** `true`, `yes`, `1` (any case): what exports write for a set flag. */
export const isTrue = (value: string) => /^(true|yes|1|t)$/i.test(value.trim());

/** An export's time as an ISO instant, or null when it is not one. */
export function instant(value: string): string | null {
  if (!value.trim()) return null;
  const normalised = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(value.trim())
    ? `${value.trim().replace(' ', 'T')}Z`
    : value.trim();
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
