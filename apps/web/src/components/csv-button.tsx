import { downloadCsv, toCsv } from '../lib/csv';

/**
 * A table's CSV download, beside the table's heading: every row, not only those shown. The rows
 * are read when it is pressed.
 */
export function CsvButton({
  title,
  fileName,
  header,
  rows,
}: {
  /** The table's title, which names the button ("CSV of pages"). */
  title: string;
  /** The file's name, without .csv. */
  fileName: string;
  header: readonly string[];
  rows: () => ReadonlyArray<ReadonlyArray<string | number>>;
}) {
  return (
    <button
      type="button"
      className="link-button"
      aria-label={`CSV of ${title.toLowerCase()}`}
      onClick={() => downloadCsv(`${fileName}.csv`, toCsv(header, rows()))}
    >
      CSV
    </button>
  );
}
