import { formatPrice } from '~/lib/format';
import type { Spark } from '~/lib/tracking-view';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** 'Nov 21' in UTC: the server render and the browser read the same. */
const shortDay = (ms: number) => {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};

type Scale = { x: (t: number) => number; y: (p: number) => number };

function stepPath(run: Spark['runs'][number], scale: Scale): string {
  const points = run.points.filter((p): p is [number, number] => p[1] !== null);
  if (points.length === 0) return '';
  const [t0, p0] = points[0]!;
  let d = `M${scale.x(t0).toFixed(1)} ${scale.y(p0).toFixed(1)}`;
  for (const [t, p] of points.slice(1)) d += `H${scale.x(t).toFixed(1)}V${scale.y(p).toFixed(1)}`;
  const last = points.at(-1)![0];
  return `${d}H${Math.max(scale.x(run.to), scale.x(last) + 1).toFixed(1)}`;
}

/**
 * Price history as an inline SVG step line (no chart library): each run of continuous
 * observation is drawn, gaps where nobody looked stay empty, the target is a dashed line.
 */
export function PriceChart({
  spark,
  target,
  currency,
  width = 220,
  height = 56,
}: {
  spark: Spark;
  target: number | null;
  currency: string;
  width?: number;
  height?: number;
}) {
  const prices = spark.runs.flatMap((r) => r.points.map((p) => p[1])).filter((p): p is number => p !== null);
  if (prices.length === 0) {
    return <p className="text-xs text-slate-500">No price history yet: it starts with the first price we see.</p>;
  }
  const start = spark.runs[0]!.points[0]![0];
  const end = Math.max(spark.runs.at(-1)!.to, start + 1);
  let low = Math.min(...prices);
  let high = Math.max(...prices);
  // A target far from every observed price would flatten the line: it is drawn only when it
  // fits a scale at most twice the price band (the text next to the chart always states it).
  const span = Math.max(high - low, low * 0.05, 1);
  const showTarget = target !== null && target >= low - span && target <= high + span;
  if (showTarget) {
    low = Math.min(low, target);
    high = Math.max(high, target);
  }
  if (high - low < 0.01) {
    low -= 1;
    high += 1;
  }
  const pad = 4;
  const scale: Scale = {
    x: (t) => pad + ((t - start) / (end - start)) * (width - 2 * pad),
    y: (p) => height - pad - ((p - low) / (high - low)) * (height - 2 * pad),
  };
  const gaps = spark.runs.length - 1;
  const summary = `Price history since ${shortDay(start)}: ${formatPrice(prices[0]!, currency)} to ${formatPrice(prices.at(-1)!, currency)}, lowest ${formatPrice(Math.min(...prices), currency)}, highest ${formatPrice(Math.max(...prices), currency)}${gaps > 0 ? `, with ${gaps} unobserved period${gaps > 1 ? 's' : ''}` : ''}.`;
  return (
    <figure className="m-0">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${height}`}
        width={width}
        height={height}
        className="block max-w-full overflow-visible"
        data-testid="price-chart"
      >
        {showTarget && (
          <line
            x1={pad}
            x2={width - pad}
            y1={scale.y(target!).toFixed(1)}
            y2={scale.y(target!).toFixed(1)}
            className="stroke-emerald-600"
            strokeDasharray="4 3"
          />
        )}
        {spark.runs.map((run) => (
          <path key={run.to} d={stepPath(run, scale)} fill="none" className="stroke-brand-600" strokeWidth={2} />
        ))}
      </svg>
      <figcaption className="mt-0.5 flex justify-between text-[11px] text-slate-500" aria-hidden="true">
        <span>{shortDay(start)}</span>
        {showTarget && <span className="text-emerald-700">- - target</span>}
        <span>{shortDay(end)}</span>
      </figcaption>
    </figure>
  );
}
