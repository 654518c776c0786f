/**
 * A small RFC 4180 reader for subscriber lists (the console's import, exports from other
 * platforms): quoted fields, "" escapes, CRLF or LF. A quote left open is an error at its line.
 */
import { startsLikeFormula } from '@quillpost/domain';

export interface CsvRecord {
  /** 1-based line number where the record starts, for error reports. */
  line: number;
  cells: string[];
}

export class CsvSyntaxError extends Error {
  constructor(readonly line: number) {
    super(`line ${line}: a quoted value is never closed`);
  }
}

export function parseCsv(text: string): CsvRecord[] {
  const source = text.replace(/^\ufeff/, '');
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  for (let i = 0; i < source.length; i += 1) {
    const char = source[i]!;
    if (quoted) {
      if (char === '"' && source[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[i + 1] === '\n') i += 1;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line += 1;
      recordLine = line;
    } else cell += char;
  }
  if (quoted) throw new CsvSyntaxError(recordLine);
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  // Blank lines are not records.
  return records.filter((record) => record.cells.some((value) => value.trim() !== ''));
}

/** Undoes the export's formula guard: a leading apostrophe before a formula's start was ours. */
export function unguardCell(value: string): string {
  return value.startsWith("'") && startsLikeFormula(value.slice(1)) ? value.slice(1) : value;
}
