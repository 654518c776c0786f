/**
 * The dashboard's line chart, drawn by uPlot (a maintained canvas chart of ~20 kB, decision 0019)
 * in the site's own colours, light or dark as the page is, as wide as its card.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

const HEIGHT = 220;

/** One period of the chart: its views and visitors. */
export interface ChartPoint {
  period: string;
  views: number;
  visitors: number;
}

function colour(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim() || 'currentColor';
}

function options(width: number, points: ChartPoint[], label: (period: string) => string) {
  const accent = colour('--color-accent');
  const muted = colour('--color-muted');
  const rule = colour('--color-rule');
  const axis = {
    stroke: muted,
    grid: { stroke: rule, width: 1 },
    ticks: { stroke: rule, width: 1 },
    font: '12px system-ui, sans-serif',
  };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false } },
    axes: [
      {
        ...axis,
        values: (_chart: uPlot, ticks: number[]) =>
          ticks.map((tick) => (points[tick] ? label(points[tick].period) : '')),
        space: 64,
      },
      { ...axis, size: 48, values: (_chart: uPlot, ticks: number[]) => ticks.map(String) },
    ],
    series: [
      {},
      { label: 'Visitors', stroke: accent, width: 2, points: { show: points.length <= 31 } },
      { label: 'Views', stroke: muted, width: 1.5, dash: [4, 3], points: { show: false } },
    ],
  } satisfies uPlot.Options;
}

export default function ChartCanvas({
  points,
  label,
}: {
  points: ChartPoint[];
  label: (period: string) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const data: uPlot.AlignedData = [
      points.map((_point, index) => index),
      points.map((point) => point.visitors),
      points.map((point) => point.views),
    ];
    let chart: uPlot | null = null;
    const draw = () => {
      chart?.destroy();
      chart = new uPlot(options(element.clientWidth, points, label), data, element);
    };
    draw();
    // Redrawn, not restyled, when the reader's system turns dark or light: canvas colours are
    // read once per drawing.
    const scheme = window.matchMedia('(prefers-color-scheme: dark)');
    scheme.addEventListener('change', draw);
    const resize = new ResizeObserver(() => {
      if (chart && Math.abs(chart.width - element.clientWidth) > 1)
        chart.setSize({ width: element.clientWidth, height: HEIGHT });
    });
    resize.observe(element);
    return () => {
      scheme.removeEventListener('change', draw);
      resize.disconnect();
      chart?.destroy();
    };
  }, [points, label]);
  return <div ref={box} className="traffic-chart__canvas" />;
}
