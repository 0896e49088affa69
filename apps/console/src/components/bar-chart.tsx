/**
 * A small bar chart (by hour, by day) drawn as SVG: the figures are also in the chart's label
 * and in the table beside it, so a screen reader gets them too.
 */
interface BarChartProps {
  title: string;
  labels: readonly string[];
  values: readonly number[];
  /** How a value reads in the accessible description. */
  format: (value: number) => string;
}

const WIDTH = 600;
const HEIGHT = 160;

export function BarChart({ title, labels, values, format }: BarChartProps) {
  const max = Math.max(1, ...values.map((value) => Math.abs(value)));
  const step = values.length > 0 ? WIDTH / values.length : WIDTH;
  const description = labels
    .map((label, index) => `${label}: ${format(values[index] ?? 0)}`)
    .join(', ');
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}. ${description}`}
        preserveAspectRatio="none"
      >
        <line x1={0} x2={WIDTH} y1={HEIGHT - 1} y2={HEIGHT - 1} className="axis" />
        {values.map((value, index) => {
          const height = (Math.abs(value) / max) * (HEIGHT - 8);
          return (
            <rect
              key={labels[index] ?? index}
              x={index * step + step * 0.1}
              width={step * 0.8}
              y={HEIGHT - 1 - height}
              height={height}
              className={value < 0 ? 'bar negative' : 'bar'}
            >
              <title>{`${labels[index] ?? ''}: ${format(value)}`}</title>
            </rect>
          );
        })}
      </svg>
      <div className="chart-axis" aria-hidden="true">
        <span>{labels[0]}</span>
        <span>{labels[labels.length - 1]}</span>
      </div>
    </figure>
  );
}
