/**
 * A small bar chart (by hour, by day) drawn by uPlot on a canvas: small and fast, and it follows
 * its container's width. A canvas says nothing to a screen reader, so the figure carries every
 * bar as text in its accessible name (and the dashboard's table beside it has them too).
 */
import { useEffect, useLayoutEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

interface BarChartProps {
  title: string;
  labels: readonly string[];
  values: readonly number[];
  /** How a value reads in the accessible description and on the axis. */
  format: (value: number) => string;
}

const HEIGHT = 160;
/** uPlot's "colour" unit for a per-bar fill (a const enum in its types). */
const COLOR_UNIT = 3 as uPlot.Series.BarsPathBuilderFacetUnit;

function cssColor(element: Element, name: string, fallback: string): string {
  return getComputedStyle(element).getPropertyValue(name).trim() || fallback;
}

export function BarChart({ title, labels, values, format }: BarChartProps) {
  const container = useRef<HTMLDivElement>(null);
  // Screens pass fresh arrays and formatters on every render: the plot is rebuilt only when the
  // figures change, and the axis reads the latest formatter when it draws.
  const formatRef = useRef(format);
  useLayoutEffect(() => {
    formatRef.current = format;
  });
  const figures = JSON.stringify([title, labels, values]);
  const description = labels
    .map((label, index) => `${label}: ${format(values[index] ?? 0)}`)
    .join(', ');

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const [label, labels, values] = JSON.parse(figures) as [string, string[], number[]];
    const accent = cssColor(element, '--accent', '#2563eb');
    const danger = cssColor(element, '--danger', '#dc2626');
    const muted = cssColor(element, '--muted', '#6b7280');
    const line = cssColor(element, '--line', '#e5e7eb');
    const xs = values.map((_, index) => index);
    const axis = { stroke: muted, grid: { stroke: line, width: 1 }, ticks: { show: false } };
    const plot = new uPlot(
      {
        width: Math.max(element.clientWidth, 1),
        height: HEIGHT,
        legend: { show: false },
        cursor: { y: false },
        scales: {
          // Categories, not time: one slot per bar, half a slot of room at each end.
          x: { time: false, range: (_u, min, max) => [min - 0.5, max + 0.5] },
        },
        axes: [
          {
            ...axis,
            grid: { show: false },
            // Room for a label such as "2 Mar, 09:00" between ticks.
            space: 90,
            values: (_u, splits) => splits.map((split) => labels[split] ?? ''),
          },
          {
            ...axis,
            size: 72,
            values: (_u, splits) => splits.map((split) => formatRef.current(split)),
          },
        ],
        series: [
          {},
          {
            label,
            width: 0,
            fill: accent,
            points: { show: false },
            paths: uPlot.paths.bars?.({
              size: [0.8],
              disp: {
                fill: {
                  unit: COLOR_UNIT,
                  values: () => values.map((value) => (value < 0 ? danger : accent)),
                },
              },
            }),
          },
        ],
      },
      [xs, values],
      element,
    );
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry?.contentRect.width ?? 0);
      if (width > 0 && width !== plot.width) plot.setSize({ width, height: HEIGHT });
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [figures]);

  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <div
        ref={container}
        className="chart-plot"
        role="img"
        aria-label={`${title}. ${description}`}
      />
    </figure>
  );
}
