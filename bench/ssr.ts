/**
 * Server-rendered pages under load, beside the ceiling: a static file from the same server in
 * the same run. Load comes from a separate process (bench/load-worker.ts, autocannon) that
 * shares the two cores with the server, so absolute req/s move with whatever else runs on
 * the machine; the page / static ratio moves much less. Pages and the static file take turns
 * in interleaved rounds at every concurrency, so drift during the run is shared by both
 * sides of the ratio; the ceiling's spread between rounds is shown as a noise gauge.
 */
import { BROWSER_HEADERS, type LoadResult, okPerSecond, PAGE_HEADERS, problemsOf, runLoad } from './load.ts';
import { round, summarise } from './stats.ts';

export const PAGES = ['home', 'search', 'artist', 'event'] as const;
export type PageName = (typeof PAGES)[number];
export const CONCURRENCY = [8, 32] as const;

export type PageTarget = { name: PageName; path?: string; error?: string };

export type Figures = { rps: number; p50_ms: number; p99_ms: number; max_ms: number; ratio?: number; error?: string };
export type PageResult = {
  path?: string;
  status?: number;
  html_kb?: number;
  /** Median latency of a request on an idle server, one at a time (the page as visitors get it: cached). */
  alone_ms?: number;
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
  /** spread_pct: spread of the ceiling between rounds at 32 clients ((max − min) ÷ max). */
  static: { path: string; rps: number; p99_ms: number; c8?: Figures; c32?: Figures; spread_pct?: number };
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
export async function probe(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bytes: number; error?: string }> {
  try {
    const response = await fetch(url, {
      headers: { ...PAGE_HEADERS, ...headers },
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
  settle: () => Promise<void>,
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

  // Each measurement starts on an idle server: a slow page leaves requests queued when its
  // load generator stops, and they must not be billed to whatever is measured next.
  const fixed = async (path: string, connections: number, duration: number, headers: Record<string, string>) => {
    await settle();
    return runLoad({ kind: 'fixed', url: `${origin}${path}`, connections, seconds: duration, headers });
  };

  // Warm-up: JIT, caches and connection pools see traffic before anything is recorded. Its
  // rate is the first estimate of each target's throughput (see `counted` below).
  const warm = Math.max(1, Math.round(seconds / 4));
  log(`  warm-up (${warm} s each)`);
  const estimate = new Map<string, number>();
  estimate.set('static', okPerSecond(await fixed(staticPath, 8, warm, BROWSER_HEADERS)));
  for (const page of live) estimate.set(page.name, okPerSecond(await fixed(page.path!, 8, warm, PAGE_HEADERS)));

  // A measurement counts responses, not seconds: when many requests are served at once (on
  // PGlite the queries of concurrent requests interleave on one thread and finish together),
  // a timed window cuts the last batch off and under-counts throughput by up to a batch. So
  // each slice asks for as many responses as the latest rate says fit in it, and its rate is
  // responses ÷ time to the last of them.
  const counted = async (
    target: { name: string; path: string; headers: Record<string, string> },
    connections: number,
    duration: number,
  ) => {
    const amount = Math.max(connections * 2, Math.round(Math.max(estimate.get(target.name) ?? 1, 0.5) * duration));
    await settle();
    const measured = await runLoad({
      kind: 'fixed',
      url: `${origin}${target.path}`,
      connections,
      seconds: duration,
      amount,
      headers: target.headers,
    });
    if (okPerSecond(measured) > 0) estimate.set(target.name, okPerSecond(measured));
    return measured;
  };

  // One visitor alone: the median of five requests in a row on an idle server. Tells a page
  // that is slow in itself from one that only queues under concurrency.
  for (const page of live) {
    await settle();
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      await probe(`${origin}${page.path}`);
      times.push(performance.now() - started);
    }
    result.pages[page.name].alone_ms = round(summarise(times).p50, 1);
    log(`  ${page.name.padEnd(7)} alone: ${result.pages[page.name].alone_ms} ms a request`);
  }

  // Interleaved rounds: every target gets a slice of each round, in a rotating order, so a
  // burst of other work on the machine lands on pages and ceiling alike, not on one of them.
  const rounds = seconds >= 6 ? 2 : 1;
  const slice = Math.max(1, Math.round(seconds / rounds));
  const targets: { name: PageName | 'static'; path: string; headers: Record<string, string> }[] = [
    { name: 'static', path: staticPath, headers: BROWSER_HEADERS },
    ...live.map((page) => ({ name: page.name, path: page.path!, headers: PAGE_HEADERS })),
  ];
  for (const connections of CONCURRENCY) {
    const key = `c${connections}` as const;
    const collected = new Map<string, LoadResult[]>(targets.map((t) => [t.name, []]));
    for (let r = 0; r < rounds; r++) {
      for (let i = 0; i < targets.length; i++) {
        const target = targets[(i + r) % targets.length]!;
        collected.get(target.name)!.push(await counted(target, connections, slice));
      }
    }
    const staticRuns = collected.get('static')!;
    const staticFigures = figures(merge(staticRuns));
    result.static[key] = staticFigures;
    const rates = staticRuns.map(okPerSecond);
    const spread =
      rates.length > 1
        ? round((100 * (Math.max(...rates) - Math.min(...rates))) / Math.max(...rates, 1), 1)
        : undefined;
    log(
      `  static  c=${String(connections).padEnd(2)} ${staticFigures.rps} req/s  p50 ${show(staticFigures.p50_ms)} ms  p99 ${show(staticFigures.p99_ms)} ms${spread !== undefined ? `  (rounds ${rates.map((x) => round(x, 0)).join(' / ')})` : ''}`,
    );
    for (const page of live) {
      const f = figures(merge(collected.get(page.name)!));
      f.ratio = staticFigures.rps > 0 ? round(f.rps / staticFigures.rps, 3) : undefined;
      result.pages[page.name][key] = f;
      log(
        `  ${page.name.padEnd(7)} c=${String(connections).padEnd(2)} ${f.rps} req/s  p50 ${show(f.p50_ms)} ms  p99 ${show(f.p99_ms)} ms  ratio ${show(f.ratio)}${f.error ? `  (${f.error})` : ''}`,
      );
    }
    if (connections === 32) {
      result.static.rps = staticFigures.rps;
      result.static.p99_ms = staticFigures.p99_ms;
      if (spread !== undefined) result.static.spread_pct = spread;
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
    const errors = [entry.c8?.error && `8 clients: ${entry.c8.error}`, at32.error && `32 clients: ${at32.error}`];
    const seen = errors.filter(Boolean);
    if (seen.length) entry.error = `under load, ${seen.join('; ')}`;
  }
  return result;
}

const show = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? '–' : String(n));

/** Several slices of one target as one measurement: all samples, total time. */
function merge(runs: LoadResult[]): LoadResult {
  const status: Record<string, number> = {};
  for (const run of runs)
    for (const [code, count] of Object.entries(run.status)) status[code] = (status[code] ?? 0) + count;
  const samples = runs.flatMap((run) => run.samples ?? []);
  return {
    seconds: runs.reduce((sum, run) => sum + run.seconds, 0),
    responses: runs.reduce((sum, run) => sum + run.responses, 0),
    status,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    bytes: runs.reduce((sum, run) => sum + run.bytes, 0),
    latency: summarise(samples),
  };
}
