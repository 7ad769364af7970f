import { useId, useState } from 'react';
import { formatPrice } from '~/lib/format';
import type { Spark } from '~/lib/tracking-view';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad2 = (n: number) => String(n).padStart(2, '0');
/** 'Nov 21' in UTC: the server render and the browser read the same. */
const shortDay = (ms: number) => {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
};
/** 'Nov 21, 14:05 UTC'. */
const dayTime = (ms: number) => {
  const d = new Date(ms);
  return `${shortDay(ms)}, ${pad2(d.getUTCHours())}:${pad2(d.getUTCMinutes())} UTC`;
};
/** Axis ends: days when they differ, else the times of that day. */
function axisLabels(start: number, end: number): [string, string] {
  if (shortDay(start) !== shortDay(end)) return [shortDay(start), shortDay(end)];
  const time = (ms: number) => `${pad2(new Date(ms).getUTCHours())}:${pad2(new Date(ms).getUTCMinutes())}`;
  return [`${shortDay(start)}, ${time(start)}`, time(end)];
}

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
 * The highest and lowest prices label the scale; pointing at the line, tapping it, or
 * focusing it and using the arrow keys reads out the date and price of each observation.
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
  const [picked, setPicked] = useState<number | null>(null);
  const summaryId = useId();
  const observed = spark.runs.flatMap((r) => r.points.filter((p): p is [number, number] => p[1] !== null));
  const prices = observed.map((p) => p[1]);
  if (prices.length === 0) {
    return <p className="text-xs text-slate-600">No price history yet: it starts with the first price we see.</p>;
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
  const [from, to] = axisLabels(start, end);
  const point = picked === null ? undefined : observed[Math.min(picked, observed.length - 1)];
  const readout = ([at, price]: [number, number]) => `${dayTime(at)}: ${formatPrice(price, currency)}`;

  const pick = (clientX: number, box: DOMRect) => {
    const t = start + ((((clientX - box.left) / box.width) * width - pad) / (width - 2 * pad)) * (end - start);
    let best = 0;
    for (let i = 1; i < observed.length; i++) if (observed[i]![0] <= t) best = i;
    setPicked(best);
  };

  return (
    <figure className="m-0">
      <p id={summaryId} className="sr-only">
        {summary}
      </p>
      <div className="flex items-stretch gap-1.5">
        <div
          aria-hidden="true"
          className="flex flex-col justify-between py-0.5 text-right text-[10px] leading-3 text-slate-600 tabular-nums"
        >
          <span>{formatPrice(high, currency)}</span>
          <span>{formatPrice(low, currency)}</span>
        </div>
        {/* A slider over the observations: arrows, Home and End read each date and price. */}
        <div
          role="slider"
          aria-label="Price history"
          aria-describedby={summaryId}
          aria-valuemin={0}
          aria-valuemax={observed.length - 1}
          aria-valuenow={picked ?? observed.length - 1}
          aria-valuetext={readout(observed[picked ?? observed.length - 1]!)}
          tabIndex={0}
          className="block max-w-full touch-none rounded focus-visible:outline-2 focus-visible:outline-brand-600"
          data-testid="price-chart"
          onPointerMove={(e) => pick(e.clientX, e.currentTarget.getBoundingClientRect())}
          onPointerDown={(e) => pick(e.clientX, e.currentTarget.getBoundingClientRect())}
          onPointerLeave={(e) => e.pointerType === 'mouse' && setPicked(null)}
          onFocus={() => setPicked((current) => current ?? observed.length - 1)}
          onBlur={() => setPicked(null)}
          onKeyDown={(e) => {
            if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && e.key !== 'Home' && e.key !== 'End') return;
            e.preventDefault();
            const last = observed.length - 1;
            setPicked((current) => {
              const at = current ?? last;
              if (e.key === 'Home') return 0;
              if (e.key === 'End') return last;
              return Math.max(0, Math.min(last, at + (e.key === 'ArrowLeft' ? -1 : 1)));
            });
          }}
        >
          <svg
            aria-hidden="true"
            viewBox={`0 0 ${width} ${height}`}
            width={width}
            height={height}
            className="block max-w-full overflow-visible"
          >
            <path
              d={`M${pad} ${pad}H${width - pad}M${pad} ${height - pad}H${width - pad}`}
              className="stroke-slate-200"
            />
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
            {/* Every run in one path: each starts with its own move, so the gaps stay empty. */}
            <path
              d={spark.runs.map((run) => stepPath(run, scale)).join('')}
              fill="none"
              className="stroke-brand-600"
              strokeWidth={2}
            />
            {point && (
              <g data-testid="price-chart-marker">
                <line
                  x1={scale.x(point[0])}
                  x2={scale.x(point[0])}
                  y1={0}
                  y2={height}
                  className="stroke-slate-400"
                  strokeDasharray="2 2"
                />
                <circle cx={scale.x(point[0])} cy={scale.y(point[1])} r={3.5} className="fill-brand-600 stroke-white" />
              </g>
            )}
          </svg>
        </div>
      </div>
      <figcaption className="mt-0.5 flex justify-between gap-2 text-[11px] text-slate-600">
        <span aria-hidden="true">{from}</span>
        <span className="font-semibold text-ink" data-testid="price-chart-readout">
          {point ? readout(point) : ''}
        </span>
        {!point && showTarget && (
          <span aria-hidden="true" className="text-emerald-800">
            - - target
          </span>
        )}
        <span aria-hidden="true">{to}</span>
      </figcaption>
    </figure>
  );
}
