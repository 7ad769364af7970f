/**
 * Pages the anonymous page cache cannot help with, beside the same static file as the SSR
 * section, in one set of interleaved rounds at 8 clients:
 *
 * - long tail: distinct artist, event and search pages, every request a URL that nobody
 *   asked for before in this run (artists and events from the sitemap, searches for words
 *   of catalogue names), so every one is rendered;
 * - signed in: home, an event page and my Encore for a fan with a session cookie: home and
 *   event as the render signed-in fans share (ADR 0043), my Encore as kept for the fan until
 *   something of theirs or the catalogue changes (ADR 0049), and beside them what is read for
 *   the fan on every request (their tracked state; my Encore's data, as a client navigation
 *   or the first view after a change reads it).
 *
 * Proof that the long tail missed the cache: after the rounds, ten of the URLs just measured
 * are asked for again, one at a time ("again"), beside ten never asked for ("first"). A URL
 * rendered by the load answers its second request from the cache, several times faster.
 */
import { BROWSER_HEADERS, type LoadResult, okPerSecond, PAGE_HEADERS, problemsOf, runLoad } from './load.ts';
import { probe } from './ssr.ts';
import { round, summarise } from './stats.ts';

export const UNCACHED_CLIENTS = 8;
/** Requests timed one at a time per target on an idle server. */
const ALONE = 10;

export type UncachedTarget = {
  name: string;
  group: 'long tail' | 'signed in';
  /** Distinct URLs, each asked for once (long tail); or one URL asked for again and again. */
  paths?: string[];
  path?: string;
  headers: Record<string, string>;
  error?: string;
  /** Measured and shown beside the others, but not one of the issue's targets: why. */
  untargeted?: string;
};

export type UncachedFigures = {
  group: UncachedTarget['group'];
  /** Shown, not judged against a target (see UncachedTarget). */
  untargeted?: string;
  example?: string;
  /** Median of requests one at a time on an idle server (a render each). */
  alone_ms?: number;
  rps: number | null;
  p50_ms: number | null;
  p99_ms: number | null;
  ratio: number | null;
  /** Long tail: median of ten measured URLs asked for again, and of ten never asked for. */
  again_ms?: number;
  first_ms?: number;
  requests?: number;
  error?: string;
};

export type UncachedResult = {
  clients: number;
  static: { path: string; rps: number; p50_ms: number; p99_ms: number; spread_pct?: number };
  pages: Record<string, UncachedFigures>;
  seconds_per_measurement: number;
};

/** Takes URLs off the front of a target's pool, so none is asked for twice in the run. */
function taker(target: UncachedTarget) {
  let used = 0;
  return {
    take(n: number): string[] {
      if (!target.paths) return Array.from({ length: n }, () => target.path!);
      const slice = target.paths.slice(used, used + n);
      used += slice.length;
      return slice;
    },
    left: () => (target.paths ? target.paths.length - used : Number.POSITIVE_INFINITY),
  };
}

export async function measureUncached(
  origin: string,
  staticPath: string,
  targets: UncachedTarget[],
  seconds: number,
  settle: () => Promise<void>,
  log: (line: string) => void,
): Promise<UncachedResult> {
  const result: UncachedResult = {
    clients: UNCACHED_CLIENTS,
    static: { path: staticPath, rps: 0, p50_ms: 0, p99_ms: 0 },
    pages: {},
    seconds_per_measurement: seconds,
  };
  const pools = new Map(targets.map((t) => [t.name, taker(t)]));
  const measured = new Map<string, string[]>();
  const live: UncachedTarget[] = [];
  for (const target of targets) {
    const entry: UncachedFigures = {
      group: target.group,
      example: target.path ?? target.paths?.[0],
      rps: null,
      p50_ms: null,
      p99_ms: null,
      ratio: null,
      ...(target.untargeted ? { untargeted: target.untargeted } : {}),
    };
    result.pages[target.name] = entry;
    if (target.error || (!target.path && !target.paths?.length)) {
      entry.error = target.error ?? 'no URL';
      continue;
    }
    const [first] = pools.get(target.name)!.take(1);
    const check = await probe(`${origin}${first}`, target.headers);
    if (check.error) entry.error = `${first} answered ${check.error}`;
    else live.push(target);
  }

  const headersOf = (target: UncachedTarget) => ({ ...PAGE_HEADERS, ...target.headers });
  const estimate = new Map<string, number>();
  const measure = async (target: UncachedTarget | 'static', duration: number): Promise<LoadResult> => {
    await settle();
    if (target === 'static') {
      const amount = Math.max(UNCACHED_CLIENTS * 2, Math.round((estimate.get('static') ?? 200) * duration));
      const run = await runLoad({
        kind: 'fixed',
        url: `${origin}${staticPath}`,
        connections: UNCACHED_CLIENTS,
        seconds: duration,
        amount,
        headers: BROWSER_HEADERS,
      });
      if (okPerSecond(run) > 0) estimate.set('static', okPerSecond(run));
      return run;
    }
    const pool = pools.get(target.name)!;
    const wanted = Math.max(UNCACHED_CLIENTS * 2, Math.round((estimate.get(target.name) ?? 20) * duration));
    const paths = pool.take(Math.min(wanted, pool.left()));
    if (paths.length < UNCACHED_CLIENTS * 2) throw new Error(`${target.name}: ran out of distinct URLs`);
    const run = target.paths
      ? await runLoad({
          kind: 'list',
          origin,
          paths,
          connections: UNCACHED_CLIENTS,
          seconds: duration,
          headers: headersOf(target),
        })
      : await runLoad({
          kind: 'fixed',
          url: `${origin}${target.path}`,
          connections: UNCACHED_CLIENTS,
          seconds: duration,
          amount: paths.length,
          headers: headersOf(target),
        });
    if (target.paths) measured.set(target.name, [...(measured.get(target.name) ?? []), ...paths]);
    if (okPerSecond(run) > 0) estimate.set(target.name, okPerSecond(run));
    return run;
  };

  const warm = Math.max(1, Math.round(seconds / 4));
  log(`  warm-up (${warm} s each)`);
  await measure('static', warm);
  for (const target of live) await measure(target, warm);

  const alone = async (target: UncachedTarget, paths: string[]) => {
    await settle();
    const times: number[] = [];
    for (const path of paths) {
      const started = performance.now();
      await probe(`${origin}${path}`, target.headers);
      times.push(performance.now() - started);
    }
    return round(summarise(times).p50, 1);
  };
  for (const target of live) {
    const entry = result.pages[target.name]!;
    entry.alone_ms = await alone(target, pools.get(target.name)!.take(ALONE));
    log(`  ${target.name.padEnd(18)} alone: ${entry.alone_ms} ms a request`);
  }

  const rounds = seconds >= 6 ? 2 : 1;
  const slice = Math.max(1, Math.round(seconds / rounds));
  const order: (UncachedTarget | 'static')[] = ['static', ...live];
  const collected = new Map<string, LoadResult[]>(order.map((t) => [t === 'static' ? 'static' : t.name, []]));
  for (let r = 0; r < rounds; r++) {
    for (let i = 0; i < order.length; i++) {
      const target = order[(i + r) % order.length]!;
      collected.get(target === 'static' ? 'static' : target.name)!.push(await measure(target, slice));
    }
  }
  const staticRuns = collected.get('static')!;
  const staticMerged = merge(staticRuns);
  const staticRps = okPerSecond(staticMerged);
  const rates = staticRuns.map(okPerSecond);
  result.static = {
    path: staticPath,
    rps: round(staticRps, 0),
    p50_ms: round(staticMerged.latency.p50, 1),
    p99_ms: round(staticMerged.latency.p99, 1),
    ...(rates.length > 1
      ? { spread_pct: round((100 * (Math.max(...rates) - Math.min(...rates))) / Math.max(...rates, 1), 1) }
      : {}),
  };
  log(
    `  static             c=${UNCACHED_CLIENTS} ${result.static.rps} req/s  p50 ${result.static.p50_ms} ms  p99 ${result.static.p99_ms} ms`,
  );
  for (const target of live) {
    const merged = merge(collected.get(target.name)!);
    const entry = result.pages[target.name]!;
    entry.rps = round(okPerSecond(merged), 1);
    entry.p50_ms = round(merged.latency.p50, 1);
    entry.p99_ms = round(merged.latency.p99, 1);
    entry.ratio = staticRps > 0 ? round(okPerSecond(merged) / staticRps, 3) : null;
    entry.requests = merged.responses;
    const problems = problemsOf(merged);
    if (problems) entry.error = `under load: ${problems}`;
    log(
      `  ${target.name.padEnd(18)} c=${UNCACHED_CLIENTS} ${entry.rps} req/s  p50 ${entry.p50_ms} ms  p99 ${entry.p99_ms} ms  ratio ${entry.ratio}${entry.error ? `  (${entry.error})` : ''}`,
    );
  }

  // The misses, shown: URLs the load rendered answer again from the cache.
  for (const target of live) {
    if (!target.paths) continue;
    const entry = result.pages[target.name]!;
    const done = measured.get(target.name) ?? [];
    const step = Math.max(1, Math.floor(done.length / ALONE));
    entry.again_ms = await alone(target, done.filter((_, i) => i % step === 0).slice(0, ALONE));
    entry.first_ms = await alone(target, pools.get(target.name)!.take(ALONE));
    log(`  ${target.name.padEnd(18)} asked for again: ${entry.again_ms} ms; never asked for: ${entry.first_ms} ms`);
  }
  return result;
}

function merge(runs: LoadResult[]): LoadResult {
  const status: Record<string, number> = {};
  for (const run of runs)
    for (const [code, count] of Object.entries(run.status)) status[code] = (status[code] ?? 0) + count;
  return {
    seconds: runs.reduce((sum, run) => sum + run.seconds, 0),
    responses: runs.reduce((sum, run) => sum + run.responses, 0),
    status,
    errors: runs.reduce((sum, run) => sum + run.errors, 0),
    timeouts: runs.reduce((sum, run) => sum + run.timeouts, 0),
    bytes: runs.reduce((sum, run) => sum + run.bytes, 0),
    latency: summarise(runs.flatMap((run) => run.samples ?? [])),
  };
}
