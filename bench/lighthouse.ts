/**
 * Lighthouse 12, mobile with its default simulated throttling (slow 4G, 4× CPU), performance
 * category only, RUNS runs per page, reported by the median run, against the run's Chromium
 * (bench/chromium.ts). Lighthouse audits a first visit: it clears the origin's storage and the
 * browser's cache first. A
 * signed-in fan's page is audited with `keepStorage`, in a browser signed in to the site
 * (bench/signed-in-taps.ts): their session, account and identity SDK's user are kept, as a
 * fan's browser keeps them, and only the HTTP cache is cleared before each page.
 */
import { chromium as playwright } from '@playwright/test';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import type { Chromium } from './chromium.ts';
import { round } from './stats.ts';

type LongTask = { what: string; start_ms: number; ms: number };

export type LighthousePage = {
  /** The median run's score (Lighthouse's own pick: the run nearest the median FCP and TTI). */
  performance: number | null;
  /** Every run's score, in the order they ran; an errored run is left out. */
  runs?: number[];
  lcp_ms: number | null;
  tbt_ms: number | null;
  cls: number | null;
  fcp_ms?: number | null;
  si_ms?: number | null;
  /** JavaScript as it crossed the wire (compressed only if the server compressed it). */
  js_transfer_kb?: number;
  /** JavaScript decoded, what the phone parses. */
  js_resource_kb?: number;
  total_transfer_kb?: number;
  requests?: number;
  /** Opportunities Lighthouse reports, with its estimated saving. */
  opportunities?: { id: string; title: string; ms?: number; bytes?: number }[];
  /**
   * The page's five longest main-thread tasks, as Lighthouse simulated them (4× CPU): what
   * they belong to (a script's path, the document, or "Unattributable" for style, layout and
   * paint), when they began and how long they ran.
   */
  long_tasks?: LongTask[];
  /**
   * TBT's own tasks: those from the first paint on, longest first (at most eight), and how
   * many there were. TBT is the part over 50 ms of each one, so these say why a TBT jumped.
   */
  blocking_tasks?: LongTask[];
  blocking_task_count?: number;
  /** Main-thread time by kind of work (script, style and layout, parsing…), simulated, ms. */
  main_thread_ms?: Record<string, number>;
  warnings?: string[];
  /** Runs that ended in an error (Lighthouse's own NO_NAVSTART, a timeout); the others count. */
  run_errors?: string[];
  error?: string;
};

type AuditLike = {
  numericValue?: number;
  score?: number | null;
  title?: string;
  details?: { type?: string; items?: unknown[]; overallSavingsMs?: number; overallSavingsBytes?: number };
};

/** A page whose TBT is over this has its longest tasks printed with its line. */
const TBT_EXPLAINED_ABOVE_MS = 150;

/**
 * Runs per page. One run's score swings by 6–15 points on this shared two-core machine,
 * always through TBT: a simulated first paint that comes early, or a task the machine
 * stretched (bench/README.md). Lighthouse's guidance on variability is to run it several
 * times and report the median run, as Lighthouse CI does with three; so here.
 */
const RUNS = 3;

export async function runLighthouse(
  pages: { name: string; url?: string; error?: string }[],
  chromium: Chromium | undefined,
  settle: () => Promise<void>,
  log: (line: string) => void,
  options: { keepStorage?: boolean } = {},
): Promise<Record<string, LighthousePage>> {
  const results: Record<string, LighthousePage> = {};
  const empty = (error: string): LighthousePage => ({
    performance: null,
    lcp_ms: null,
    tbt_ms: null,
    cls: null,
    error,
  });
  for (const page of pages) {
    if (!page.url || !chromium) {
      results[page.name] = empty(page.error ?? 'no URL');
      continue;
    }
    await settle();
    const started = performance.now();
    const lhrs: LighthouseResult[] = [];
    const errors: string[] = [];
    for (let run = 0; run < RUNS; run++) {
      if (run > 0) await settle();
      try {
        if (options.keepStorage) await clearHttpCache(chromium.port);
        const audited = audit(page.url, chromium.port, !!options.keepStorage);
        lhrs.push(await withTimeout(audited, 120_000, 'Lighthouse took over 120 s'));
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
      }
    }
    results[page.name] = lhrs.length
      ? {
          ...pageOf(computeMedianRun(lhrs), page.url),
          runs: lhrs.map((lhr) => Math.round((lhr.categories.performance?.score ?? 0) * 100)),
          ...(errors.length ? { run_errors: errors } : {}),
        }
      : empty(errors[0] ?? 'no run');
    const r = results[page.name]!;
    log(
      `  ${page.name.padEnd(16)} ${r.error ? `error: ${r.error}` : `performance ${r.performance} (runs ${r.runs?.join(', ')})  LCP ${r.lcp_ms} ms  TBT ${r.tbt_ms} ms  CLS ${r.cls}  JS ${r.js_transfer_kb} kB`}  (${round((performance.now() - started) / 1000, 0)} s)`,
    );
    // A TBT well over its usual tens of milliseconds: which tasks made it, after FCP.
    if ((r.tbt_ms ?? 0) > TBT_EXPLAINED_ABOVE_MS && r.blocking_tasks) {
      const tasks = r.blocking_tasks.map((t) => `${t.what} at ${t.start_ms} ms for ${t.ms} ms`).join(', ');
      log(`    ${r.blocking_task_count} tasks over 50 ms from FCP (${r.fcp_ms} ms) on: ${tasks}`);
    }
  }
  return results;
}

/** Empties the browser's HTTP cache, nothing else (what a first visit's cache holds). */
async function clearHttpCache(port: number): Promise<void> {
  const browser = await playwright.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    if (!context) throw new Error('no default browser context');
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
}

type LighthouseResult = Parameters<typeof computeMedianRun>[0][number];

async function audit(url: string, port: number, keepStorage: boolean): Promise<LighthouseResult> {
  const runnerResult = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    disableStorageReset: keepStorage,
  });
  if (!runnerResult) throw new Error('Lighthouse returned no result');
  const lhr = runnerResult.lhr;
  if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  return lhr;
}

/** What the report keeps of one run. */
function pageOf(lhr: LighthouseResult, url: string): LighthousePage {
  const audits = lhr.audits as Record<string, AuditLike>;
  const numeric = (id: string, digits = 0) => {
    const value = audits[id]?.numericValue;
    return typeof value === 'number' ? round(value, digits) : null;
  };
  const score = lhr.categories.performance?.score;
  const requests = (audits['network-requests']?.details?.items ?? []) as {
    resourceType?: string;
    transferSize?: number;
    resourceSize?: number;
  }[];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const sum = (items: typeof requests, key: 'transferSize' | 'resourceSize') =>
    round(items.reduce((total, r) => total + (r[key] ?? 0), 0) / 1000, 1);
  const opportunities = Object.entries(audits)
    .filter(([, a]) => a.details?.type === 'opportunity' && typeof a.score === 'number' && a.score < 0.9)
    .map(([id, a]) => ({
      id,
      title: a.title ?? id,
      ms: a.details?.overallSavingsMs ? round(a.details.overallSavingsMs, 0) : undefined,
      bytes: a.details?.overallSavingsBytes ? round(a.details.overallSavingsBytes, 0) : undefined,
    }));
  const tasks = (audits['long-tasks']?.details?.items ?? []) as {
    url?: string;
    startTime?: number;
    duration?: number;
  }[];
  const longest = tasks
    .filter((t) => typeof t.duration === 'number')
    .sort((a, b) => (b.duration ?? 0) - (a.duration ?? 0))
    .map((t) => ({ what: taskOwner(t.url, url), start_ms: round(t.startTime ?? 0, 0), ms: round(t.duration ?? 0, 0) }));
  const fcp = audits['first-contentful-paint']?.numericValue ?? 0;
  const blocking = longest.filter((t) => t.start_ms + t.ms > fcp && t.ms > 50);
  const groups = (audits['mainthread-work-breakdown']?.details?.items ?? []) as { group?: string; duration?: number }[];
  return {
    performance: typeof score === 'number' ? Math.round(score * 100) : null,
    lcp_ms: numeric('largest-contentful-paint'),
    tbt_ms: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift', 3),
    fcp_ms: numeric('first-contentful-paint'),
    si_ms: numeric('speed-index'),
    js_transfer_kb: sum(scripts, 'transferSize'),
    js_resource_kb: sum(scripts, 'resourceSize'),
    total_transfer_kb: sum(requests, 'transferSize'),
    requests: requests.length,
    opportunities,
    long_tasks: longest.slice(0, 5),
    blocking_tasks: blocking.slice(0, 8),
    blocking_task_count: blocking.length,
    main_thread_ms: Object.fromEntries(groups.map((g) => [g.group ?? '?', round(g.duration ?? 0, 0)])),
    ...(lhr.runWarnings.length ? { warnings: lhr.runWarnings } : {}),
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<T>((_, reject) => {
      timer = setTimeout(() => reject(new Error(message)), ms);
    }),
  ]);
}

/** A long task's owner as a reader knows it: the page itself, a script's path, or Lighthouse's word. */
function taskOwner(taskUrl: string | undefined, pageUrl: string): string {
  if (!taskUrl) return 'Unattributable';
  if (taskUrl === pageUrl) return 'the document';
  try {
    return new URL(taskUrl).pathname;
  } catch {
    return taskUrl;
  }
}
