import { lazy, Suspense, useId } from 'react';
import type { TrafficReport } from '@quillpost/domain';
import { CsvButton } from '../../../components/csv-button';
import type { ChartPoint } from './chart-canvas';
import { periodsOf, type Range } from './ranges';

// uPlot (about 20 kB) loads with the dashboard only: no reading page and no other console
// section carries it.
const ChartCanvas = lazy(() => import('./chart-canvas'));

/** The report's series on every period of the range, months summed, quiet periods as zero. */
export function pointsOf(range: Range, series: TrafficReport['series']): ChartPoint[] {
  const byPeriod = new Map<string, ChartPoint>(
    periodsOf(range).map((period) => [period, { period, views: 0, visitors: 0 }]),
  );
  for (const row of series) {
    const point = byPeriod.get(range.step === 'month' ? row.period.slice(0, 7) : row.period);
    if (!point) continue;
    point.views += row.views;
    point.visitors += row.visitors;
  }
  return [...byPeriod.values()];
}

/**
 * Views and visitors over time: the chart for the eye, the same figures as a table for all, and
 * as a CSV (periods as the API names them: YYYY-MM-DD, YYYY-MM-DDTHH or YYYY-MM).
 */
export function TrafficChart({
  points,
  label,
  fileName,
}: {
  points: ChartPoint[];
  /** Each period as a reader says it ("3 Nov", "14:00", "Nov 2026"). */
  label: (period: string) => string;
  /** The CSV's name, without .csv. */
  fileName: string;
}) {
  const id = useId();
  return (
    <section className="members-card traffic-chart" aria-labelledby={id}>
      <div className="table-head">
        <h2 id={id}>Over time</h2>
        <CsvButton
          title="Views and visitors over time"
          fileName={fileName}
          header={['Period', 'Visitors', 'Views']}
          rows={() => points.map((point) => [point.period, point.visitors, point.views])}
        />
      </div>
      <p className="chart-legend" aria-hidden="true">
        <span className="chart-key chart-key--subscribers" /> Visitors{' '}
        <span className="chart-key chart-key--members" /> Views
      </p>
      <div className="traffic-chart__plot" aria-hidden="true">
        <Suspense fallback={<div className="traffic-chart__placeholder" />}>
          <ChartCanvas points={points} label={label} />
        </Suspense>
      </div>
      <details className="traffic-chart__data">
        <summary>The figures as a table</summary>
        <table className="members-table">
          <thead>
            <tr>
              <th scope="col">Period</th>
              <th scope="col" className="numeric">
                Visitors
              </th>
              <th scope="col" className="numeric">
                Views
              </th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.period}>
                <th scope="row">{label(point.period)}</th>
                <td className="numeric">{point.visitors}</td>
                <td className="numeric">{point.views}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
