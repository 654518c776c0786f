import { useId, useState, type ReactNode } from 'react';
import { CsvButton } from '../../../components/csv-button';
import { EmptyNote } from '../../../components/resource-view';

export interface Column<Row> {
  label: string;
  /** The cell as text (and in the CSV). */
  value(row: Row): string | number;
  /** The cell on screen, when it is more than its text (a link). */
  render?(row: Row): ReactNode;
  numeric?: boolean;
}

/** Rows shown before "Show all": the top of a list is what an owner reads. */
const SHOWN = 10;

export interface ReportTableProps<Row> {
  title: string;
  columns: ReadonlyArray<Column<Row>>;
  rows: readonly Row[];
  /** The CSV's name, without .csv. */
  fileName: string;
  empty?: string;
  note?: ReactNode;
}

/** One of the dashboard's tables: its top rows, all of them on request, and a CSV of all. */
export function ReportTable<Row>({
  title,
  columns,
  rows,
  fileName,
  empty = 'Nothing yet in this range.',
  note,
}: ReportTableProps<Row>) {
  const id = useId();
  const [all, setAll] = useState(false);
  const shown = all ? rows : rows.slice(0, SHOWN);
  return (
    <section className="members-card report-table" aria-labelledby={id}>
      <div className="table-head">
        <h2 id={id}>{title}</h2>
        {rows.length ? (
          <CsvButton
            title={title}
            fileName={fileName}
            header={columns.map((column) => column.label)}
            rows={() => rows.map((row) => columns.map((column) => column.value(row)))}
          />
        ) : null}
      </div>
      {note}
      {rows.length === 0 ? (
        <EmptyNote>
          <p>{empty}</p>
        </EmptyNote>
      ) : (
        <>
          <table className="members-table report-table__table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th
                    key={column.label}
                    scope="col"
                    className={column.numeric ? 'numeric' : undefined}
                  >
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((row, index) => (
                <tr key={index}>
                  {columns.map((column, position) => {
                    const content = column.render ? column.render(row) : column.value(row);
                    const className = column.numeric ? 'numeric' : undefined;
                    return position === 0 ? (
                      <th key={column.label} scope="row" className={className}>
                        {content}
                      </th>
                    ) : (
                      <td key={column.label} className={className}>
                        {content}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length > SHOWN ? (
            <button type="button" className="link-button" onClick={() => setAll(!all)}>
              {all ? 'Show the Top Ten' : `Show All ${rows.length}`}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}
