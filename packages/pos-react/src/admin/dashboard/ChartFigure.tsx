import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js';
import { type ReactNode, useEffect, useId, useRef } from 'react';

// Only what the dashboard draws: bars (days, hours, products, staff, terminals) and a doughnut (payment methods).
Chart.register(
  BarController,
  BarElement,
  CategoryScale,
  LinearScale,
  DoughnutController,
  ArcElement,
  Tooltip,
  Legend,
);

/** One row of a chart's figures: its label and value, and the value as the table shows it. */
export interface ChartRow {
  readonly label: string;
  readonly value: number;
  readonly shown: string;
  /** More cells for the table (e.g. the orders of a day). */
  readonly extra?: readonly string[];
}

/** Props of {@link ChartFigure}. */
export interface ChartFigureProps {
  readonly title: string;
  /** What the chart shows, for assistive technology (the table has the figures). */
  readonly summary: string;
  readonly kind: 'bar' | 'horizontal-bar' | 'doughnut';
  readonly rows: readonly ChartRow[];
  /** The table's column heads: label, value, then one per `extra` cell. */
  readonly columns: readonly string[];
  /** Shown above the chart's table (a CSV link). */
  readonly actions?: ReactNode;
  readonly className?: string;
}

const BRAND = '#2452e0';
const PALETTE = ['#2452e0', '#0d9488', '#d97706', '#9333ea', '#dc2626', '#0891b2'];

/**
 * A chart drawn by Chart.js with its figures as a table under it (a disclosure: accessible, copyable). The canvas is
 * an image named by `summary`; the table is the same numbers in words and figures.
 */
export function ChartFigure({
  title,
  summary,
  kind,
  rows,
  columns,
  actions,
  className = '',
}: ChartFigureProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const headingId = useId();
  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    // The app's theme is the `dark` class on <html> (?theme=dark), not the system's.
    const dark = document.documentElement.classList.contains('dark');
    const text = dark ? '#cbd5e1' : '#475569';
    const grid = dark ? 'rgba(148,163,184,0.2)' : 'rgba(100,116,139,0.15)';
    const chart = new Chart(element, {
      type: kind === 'doughnut' ? 'doughnut' : 'bar',
      data: {
        labels: rows.map((row) => row.label),
        datasets: [
          {
            label: columns[1] ?? title,
            data: rows.map((row) => row.value),
            backgroundColor:
              kind === 'doughnut' ? rows.map((_, index) => PALETTE[index % PALETTE.length]) : BRAND,
            borderRadius: kind === 'doughnut' ? 0 : 4,
          },
        ],
      },
      options: {
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        indexAxis: kind === 'horizontal-bar' ? 'y' : 'x',
        plugins: {
          legend: { display: kind === 'doughnut', position: 'right', labels: { color: text } },
          tooltip: {
            callbacks: { label: (item) => rows[item.dataIndex]?.shown ?? String(item.raw) },
          },
        },
        scales:
          kind === 'doughnut'
            ? {}
            : {
                x: { ticks: { color: text, autoSkip: true, maxRotation: 0 }, grid: { color: grid } },
                y: { ticks: { color: text }, grid: { color: grid }, beginAtZero: true },
              },
      },
    });
    return () => chart.destroy();
  }, [kind, rows, columns, title]);
  return (
    <section
      aria-labelledby={headingId}
      data-testid="chart"
      data-chart={title}
      className={`flex min-w-0 flex-col gap-2 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800 ${className}`}
    >
      <div className="flex items-center gap-2">
        <h2 id={headingId} className="text-base font-bold">
          {title}
        </h2>
        <div className="ml-auto">{actions}</div>
      </div>
      {rows.length === 0 ? (
        <p className="py-8 text-center text-slate-600 dark:text-slate-400">No sales in this period</p>
      ) : (
        <div className="relative h-56">
          <canvas ref={canvas} role="img" aria-label={summary} />
        </div>
      )}
      <details className="group">
        <summary className="inline-flex min-h-11 cursor-pointer items-center rounded-lg px-2 font-semibold text-brand-700 hover:bg-slate-100 dark:text-brand-200 dark:hover:bg-slate-800">
          Figures as a table
        </summary>
        <div className="max-h-72 overflow-auto">
          <table aria-label={title} className="w-full border-collapse text-left text-sm">
            <thead>
              <tr>
                {columns.map((column, index) => (
                  <th
                    key={column}
                    scope="col"
                    className={`border-b border-slate-200 px-2 py-1.5 font-semibold dark:border-slate-700 ${
                      index > 0 ? 'text-right' : ''
                    }`}
                  >
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label} className="border-b border-slate-100 dark:border-slate-800">
                  <th scope="row" className="px-2 py-1.5 font-normal">
                    {row.label}
                  </th>
                  <td className="px-2 py-1.5 text-right tabular-nums">{row.shown}</td>
                  {row.extra?.map((cell, index) => (
                    <td key={columns[index + 2] ?? index} className="px-2 py-1.5 text-right tabular-nums">
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}
