/**
 * Server-rendered pages under load, beside the ceiling: a static file from the same server in
 * the same run. Load comes from a separate process (bench/load-worker.ts, autocannon) that
 * shares the two cores with the server, so absolute req/s move with whatever else runs on
 * the machine; the page / static ratio moves much less. The static file is measured first
 * and last (half the time each) at every concurrency so drift during the run is averaged
 * into the ceiling and shown.
 */
import { BROWSER_HEADERS, type LoadResult, okPerSecond, PAGE_HEADERS, problemsOf, runLoad } from './load.ts';
import { round } from './stats.ts';

export const PAGES = ['home', 'search', 'artist', 'event'] as const;
export type PageName = (typeof PAGES)[number];
export const CONCURRENCY = [8, 32] as const;

export type PageTarget = { name: PageName; path?: string; error?: string };

export type Figures = { rps: number; p50_ms: number; p99_ms: number; max_ms: number; ratio?: number; error?: string };
export type PageResult = {
  path?: string;
  status?: number;
  html_kb?: number;
  /** Figures at 32 connections (the target's concurrency), plus each concurrency on its own. */
  rps: number | null;
  p50_ms: number | null;
  p99_ms: number | null;
  ratio: number | null;
  c8?: Figures;
  c32?: Figures;
  error?: string;
};
export type SsrResult = {
  static: { path: string; rps: number; p99_ms: number; c8?: Figures; c32?: Figures; drift_pct?: number };
  pages: Record<PageName, PageResult>;
  seconds_per_measurement: number;
};

function figures(result: LoadResult): Figures {
  return {
    rps: round(okPerSecond(result), 0),
    p50_ms: round(result.latency.p50, 1),
    p99_ms: round(result.latency.p99, 1),
    max_ms: round(result.latency.max, 1),
    ...(problemsOf(result) ? { error: problemsOf(result) } : {}),
  };
}

/** One GET as a browser sends it: status and size, or why it failed. */
export async function probe(url: string): Promise<{ status: number; bytes: number; error?: string }> {
  try {
    const response = await fetch(url, {
      headers: PAGE_HEADERS,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
    });
    const bytes = (await response.arrayBuffer()).byteLength;
    return response.status === 200
      ? { status: 200, bytes }
      : { status: response.status, bytes, error: `HTTP ${response.status}` };
  } catch (error) {
    return { status: 0, bytes: 0, error: error instanceof Error ? error.message : String(error) };
  }
}

export async function measureSsr(
  origin: string,
  staticPath: string,
  pages: PageTarget[],
  seconds: number,
  log: (line: string) => void,
): Promise<SsrResult> {
  const result: SsrResult = {
    static: { path: staticPath, rps: 0, p99_ms: 0 },
    pages: {} as Record<PageName, PageResult>,
    seconds_per_measurement: seconds,
  };
  const live: PageTarget[] = [];
  for (const page of pages) {
    const entry: PageResult = { path: page.path, rps: null, p50_ms: null, p99_ms: null, ratio: null };
    result.pages[page.name] = entry;
    if (page.error || !page.path) {
      entry.error = page.error ?? 'no URL';
      continue;
    }
    // A page that does not answer 200 is reported as an error, never as a figure.
    const check = await probe(`${origin}${page.path}`);
    entry.status = check.status;
    entry.html_kb = round(check.bytes / 1000, 1);
    if (check.error) entry.error = check.error;
    else live.push(page);
  }
  const staticCheck = await probe(`${origin}${staticPath}`);
  if (staticCheck.error) throw new Error(`the static ceiling ${staticPath} answered ${staticCheck.error}`);

  const fixed = (path: string, connections: number, duration: number, headers: Record<string, string>) =>
    runLoad({ kind: 'fixed', url: `${origin}${path}`, connections, seconds: duration, headers });

  // Warm-up: JIT, caches and connection pools see traffic before anything is recorded.
  const warm = Math.max(1, Math.round(seconds / 4));
  log(`  warm-up (${warm} s each)`);
  await fixed(staticPath, 8, warm, BROWSER_HEADERS);
  for (const page of live) await fixed(page.path!, 8, warm, PAGE_HEADERS);

  for (const connections of CONCURRENCY) {
    const key = `c${connections}` as const;
    const half = Math.max(1, seconds / 2);
    const first = await fixed(staticPath, connections, half, BROWSER_HEADERS);
    const pageResults: [PageTarget, LoadResult][] = [];
    for (const page of live) {
      const measured = await fixed(page.path!, connections, seconds, PAGE_HEADERS);
      pageResults.push([page, measured]);
      const f = figures(measured);
      log(
        `  ${page.name.padEnd(7)} c=${String(connections).padEnd(2)} ${f.rps} req/s  p50 ${f.p50_ms} ms  p99 ${f.p99_ms} ms${f.error ? `  (${f.error})` : ''}`,
      );
    }
    const last = await fixed(staticPath, connections, half, BROWSER_HEADERS);
    const staticFigures = combine(first, last);
    log(
      `  static  c=${String(connections).padEnd(2)} ${staticFigures.rps} req/s  p99 ${staticFigures.p99_ms} ms  (first/last ${round(okPerSecond(first), 0)}/${round(okPerSecond(last), 0)})`,
    );
    result.static[key] = staticFigures;
    for (const [page, measured] of pageResults) {
      const f = figures(measured);
      f.ratio = staticFigures.rps > 0 ? round(f.rps / staticFigures.rps, 3) : undefined;
      result.pages[page.name][key] = f;
    }
    if (connections === 32) {
      result.static.rps = staticFigures.rps;
      result.static.p99_ms = staticFigures.p99_ms;
      const rates = [okPerSecond(first), okPerSecond(last)];
      result.static.drift_pct = round((100 * Math.abs(rates[1]! - rates[0]!)) / Math.max(...rates, 1), 1);
    }
  }
  for (const page of live) {
    const entry = result.pages[page.name];
    const at32 = entry.c32;
    if (!at32) continue;
    entry.rps = at32.rps;
    entry.p50_ms = at32.p50_ms;
    entry.p99_ms = at32.p99_ms;
    entry.ratio = at32.ratio ?? null;
    const errors = [entry.c8?.error, at32.error].filter(Boolean);
    if (errors.length) entry.error = `under load: ${errors.join('; ')}`;
  }
  return result;
}

/** The static ceiling from its two halves: total successes over total time; worst-half latencies. */
function combine(a: LoadResult, b: LoadResult): Figures {
  const ok = okPerSecond(a) * a.seconds + okPerSecond(b) * b.seconds;
  const problems = [problemsOf(a), problemsOf(b)].filter(Boolean);
  return {
    rps: round(ok / (a.seconds + b.seconds), 0),
    p50_ms: round(Math.max(a.latency.p50, b.latency.p50), 1),
    p99_ms: round(Math.max(a.latency.p99, b.latency.p99), 1),
    max_ms: round(Math.max(a.latency.max, b.latency.max), 1),
    ...(problems.length ? { error: problems.join('; ') } : {}),
  };
}
