/** Spreadsheet cells the site writes (subscriber and member exports), guarded against formulas. */

/**
 * What a spreadsheet may read as the start of a formula: = + - @, their full-width forms (a
 * Japanese or Chinese keyboard's; Excel takes ＝ for =), ; and | (LibreOffice's and DDE's), tab,
 * CR and LF.
 */
const FORMULA_START = /^[=+\-@;|\uFF1D\uFF0B\uFF0D\uFF20\t\r\n]/;

/** Whether a spreadsheet could run `text` as a formula; the CSV reader undoes the guard by it. */
export const startsLikeFormula = (text: string) => FORMULA_START.test(text);

/**
 * One CSV cell: a value a spreadsheet would run as a formula (see FORMULA_START) gets a leading
 * apostrophe, then the cell is quoted when it holds a comma, quote or line break.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (startsLikeFormula(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: ReadonlyArray<string | number | boolean | null | undefined>) {
  return values.map(csvCell).join(',');
}
