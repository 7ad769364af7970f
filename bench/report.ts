/**
 * Targets from ARCHITECTURE.md ("Targets"), checked against one run's figures, and the
 * table printed on stdout. A figure that could not be measured (a page that 404s, an API
 * that is not there yet) is a MISS with the reason, never a number.
 */
import type { RouteBundle } from './bundles.ts';
import { NETWORKS, type TapFigure } from './first-tap.ts';
import type { LighthousePage } from './lighthouse.ts';
import type { AlertsScale } from './scale.ts';
import type { SearchApiResult } from './search-replay.ts';
import { PAGES, type SsrResult } from './ssr.ts';
import type { UncachedResult } from './uncached.ts';

export type Target = { name: string; value: number | null; target: string; pass: boolean; note?: string };

export const LIMITS = {
  /** Cached anonymous pages, 32 clients (ARCHITECTURE.md). */
  ssrRatio: 1,
  ssrP99Ms: 50,
  /** Long tail and signed in, 8 clients: ratio to static and p99. */
  uncachedRatio: 0.15,
  uncachedP99Ms: 100,
  tapFeedbackMs: 100,
  tapAnswerMs: { '150ms': 1_000, slow3g: 3_000 },
  alertsMs: 10_000,
  searchP95Ms: { pglite: 10, postgres: 20 },
  searchP99Ms: 20,
  firstLoadKb: 120,
  afterIdleKb: 200,
  lighthouseScore: 95,
  cls: 0.02,
} as const;

export type Results = {
  machine: Record<string, unknown>;
  ssr?: SsrResult;
  search_api?: SearchApiResult;
  lighthouse?: Record<string, LighthousePage>;
  bundles_kb?: Record<string, number>;
  bundles?: RouteBundle[];
  uncached?: UncachedResult;
  first_tap?: { figures?: TapFigure[]; error?: string; signed_in_error?: string };
  alerts_scale?: AlertsScale;
  targets: Target[];
  [key: string]: unknown;
};

type Context = { database: 'pglite' | 'postgres'; size: string; quick: boolean };

export function evaluateTargets(results: Results, context: Context): Target[] {
  const targets: Target[] = [];
  const atMost = (name: string, value: number | null | undefined, limit: number, unit: string, note?: string) =>
    targets.push({
      name,
      value: value ?? null,
      target: `≤ ${limit}${unit}`,
      pass: typeof value === 'number' && value <= limit && !note?.startsWith('error'),
      ...(note ? { note } : {}),
    });
  const atLeast = (name: string, value: number | null | undefined, limit: number, unit: string, note?: string) =>
    targets.push({
      name,
      value: value ?? null,
      target: `≥ ${limit}${unit}`,
      pass: typeof value === 'number' && value >= limit && !note?.startsWith('error'),
      ...(note ? { note } : {}),
    });
  const err = (error?: string) => (error ? `error: ${error}` : undefined);

  if (results.ssr) {
    for (const page of PAGES) {
      const figures = results.ssr.pages[page];
      if (!figures) continue;
      atLeast(`SSR ${page}: throughput ÷ static, 32 clients`, figures.ratio, LIMITS.ssrRatio, '', err(figures.error));
      atMost(`SSR ${page}: p99 at 32 clients`, figures.p99_ms, LIMITS.ssrP99Ms, ' ms', err(figures.error));
    }
  }
  if (results.uncached) {
    for (const [name, page] of Object.entries(results.uncached.pages)) {
      if (page.untargeted) continue;
      atLeast(`${name}: throughput ÷ static, 8 clients`, page.ratio, LIMITS.uncachedRatio, '', err(page.error));
      atMost(`${name}: p99 at 8 clients`, page.p99_ms, LIMITS.uncachedP99Ms, ' ms', err(page.error));
    }
  }
  if (results.first_tap) {
    const tap = results.first_tap;
    if (tap.error) atMost('first tap', null, LIMITS.tapAnswerMs['150ms'], ' ms', err(tap.error));
    for (const f of tap.figures ?? []) {
      const what = `first tap ${f.action}${f.signed_in ? ' signed in' : ''} at ${f.when}, ${f.device}, ${f.network === 'slow3g' ? 'Slow 3G' : '150 ms RTT'}`;
      atMost(`${what}: feedback`, f.feedback_ms, LIMITS.tapFeedbackMs, ' ms', err(f.error));
      atMost(`${what}: answer`, f.answer_ms, LIMITS.tapAnswerMs[f.network], ' ms', err(f.error));
    }
    if (tap.signed_in_error)
      atMost('first tap signed in', null, LIMITS.tapAnswerMs['150ms'], ' ms', err(tap.signed_in_error));
  }
  if (results.alerts_scale) {
    const a = results.alerts_scale;
    atMost(
      'alerts: 100,000 watches, 10,000 events repriced: evaluated and delivered',
      a.total_ms,
      LIMITS.alertsMs,
      ' ms',
      err(a.error),
    );
  }
  if (results.search_api) {
    const s = results.search_api;
    const intended = context.database === 'pglite' ? 'medium' : 'large';
    const scope =
      context.size === intended
        ? undefined
        : `target set for ${context.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} with the ${intended} catalogue`;
    const note = err(s.error) ?? scope;
    atMost('search API: p95, 8 clients typing', s.p95_ms, LIMITS.searchP95Ms[context.database], ' ms', note);
    if (context.database === 'pglite')
      atMost('search API: p99, 8 clients typing', s.p99_ms, LIMITS.searchP99Ms, ' ms', note);
  }
  if (results.bundles) {
    for (const bundle of results.bundles) {
      // Judged on what the visitor downloads: the browser's count when there is one (it sees
      // lazy chunks a module starts at once), never less than the manifest's static imports.
      const fetched = bundle.observed_kb;
      const value = fetched !== undefined && Number.isFinite(fetched) ? Math.max(fetched, bundle.js_kb) : bundle.js_kb;
      const note =
        fetched === undefined
          ? 'manifest static imports only (no browser in this run)'
          : bundle.observed_error
            ? `browser: ${bundle.observed_error}; manifest figure`
            : fetched > bundle.js_kb + 0.5
              ? `browser fetched ${fetched} kB, manifest static imports ${bundle.js_kb} kB`
              : undefined;
      atMost(`first-load JS: ${bundle.route} (${bundle.path})`, value, LIMITS.firstLoadKb, ' kB gzip', note);
      if (bundle.after_idle_kb !== undefined)
        atMost(`code fetched after idle: ${bundle.route}`, bundle.after_idle_kb, LIMITS.afterIdleKb, ' kB gzip');
    }
  }
  if (results.lighthouse) {
    for (const [page, lh] of Object.entries(results.lighthouse)) {
      atLeast(`Lighthouse ${page}: performance (mobile)`, lh.performance, LIMITS.lighthouseScore, '', err(lh.error));
      atMost(`Lighthouse ${page}: CLS`, lh.cls, LIMITS.cls, '', err(lh.error));
    }
  }
  if (context.quick) {
    for (const t of targets)
      if (!t.name.startsWith('first-load') && !t.name.startsWith('code fetched'))
        t.note ??= 'quick run: indicative only';
  }
  return targets;
}

// ─── Text output ─────────────────────────────────────────────────────────────

type Align = 'l' | 'r';

export function table(header: string[], rows: (string | number | null | undefined)[][], align?: Align[]): string {
  const cells = [header, ...rows.map((row) => row.map(cell))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((value, i) =>
        (align?.[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? value.padEnd(widths[i]!) : value.padStart(widths[i]!),
      )
      .join('  ')
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

function cell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return '–';
    return Number.isInteger(value) && Math.abs(value) >= 1000 ? value.toLocaleString('en-US') : String(value);
  }
  return value;
}

export function formatReport(results: Results): string {
  const out: string[] = [];
  const m = results.machine as Record<string, string | number | undefined>;
  out.push(
    `Encore benchmark · ${m.date} · ${m.commit}${m.dirty ? ' (+ uncommitted changes)' : ''}`,
    `${m.database} · ${m.catalogue} · ${m.cpus} · ${m.memory} · Node ${m.node}`,
    `load average ${m.load_start} at start, ${m.load_end} at end${m.quick ? ' · QUICK run (smoke test: figures are indicative)' : ''}`,
  );

  if (results.ssr) {
    const s = results.ssr;
    out.push(
      '',
      `SSR pages: successful req/s and latency (ms), ${s.seconds_per_measurement} s per measurement; alone = one request at a time; ratio = page ÷ static, same concurrency`,
    );
    const rows: (string | number | null | undefined)[][] = [
      [
        'static',
        s.static.path,
        '',
        s.static.c8?.rps,
        s.static.c8?.p50_ms,
        s.static.c8?.p99_ms,
        s.static.c32?.rps,
        s.static.c32?.p50_ms,
        s.static.c32?.p99_ms,
        1,
        s.static.spread_pct !== undefined ? `spread between rounds ${s.static.spread_pct} %` : '',
      ],
    ];
    for (const page of PAGES) {
      const p = s.pages[page];
      if (!p) continue;
      rows.push([
        page,
        shorten(p.path ?? '', 44),
        p.alone_ms,
        p.c8?.rps,
        p.c8?.p50_ms,
        p.c8?.p99_ms,
        p.c32?.rps,
        p.c32?.p50_ms,
        p.c32?.p99_ms,
        p.ratio,
        p.error ? `ERROR ${shorten(p.error, 70)}` : p.html_kb !== undefined ? `${p.html_kb} kB HTML` : '',
      ]);
    }
    out.push(
      table(['page', 'path', 'alone', 'c8 req/s', 'p50', 'p99', 'c32 req/s', 'p50', 'p99', 'ratio', ''], rows, [
        'l',
        'l',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'l',
      ]),
    );
  }

  if (results.uncached) {
    const u = results.uncached;
    out.push(
      '',
      `Pages no cache answers, ${u.clients} clients, ${u.seconds_per_measurement} s per measurement: long tail = every request a URL not asked for before (sitemap artists and events, searches for catalogue words); signed in = a fan's session cookie (200 watches, 50 follows); alone = one at a time; again / first = ten measured URLs asked for again (cache) / ten never asked for; ratio = page ÷ static`,
    );
    const rows: (string | number | null | undefined)[][] = [
      [
        'static',
        u.static.path,
        '',
        u.static.rps,
        u.static.p50_ms,
        u.static.p99_ms,
        1,
        '',
        '',
        u.static.spread_pct !== undefined ? `spread between rounds ${u.static.spread_pct} %` : '',
      ],
    ];
    for (const [name, p] of Object.entries(u.pages)) {
      rows.push([
        name,
        shorten(p.example ?? '', 40),
        p.alone_ms,
        p.rps,
        p.p50_ms,
        p.p99_ms,
        p.ratio,
        p.again_ms,
        p.first_ms,
        p.error ? `ERROR ${shorten(p.error, 70)}` : p.untargeted ? 'no target: shown for what it costs' : '',
      ]);
    }
    out.push(
      table(['page', 'e.g.', 'alone', 'req/s', 'p50', 'p99', 'ratio', 'again', 'first', ''], rows, [
        'l',
        'l',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'l',
      ]),
    );
  }

  if (results.first_tap) {
    const t = results.first_tap;
    out.push(
      '',
      'First tap right after the load event, fresh throttled Chromium: ms from the press to feedback and to the answer',
    );
    if (t.error) out.push(`  ERROR ${t.error}`);
    const rows = (t.figures ?? []).map((f) => [
      NETWORKS[f.network].label,
      f.device,
      `${f.action}${f.signed_in ? ' (signed in)' : ''}`,
      f.when,
      f.load_ms,
      f.pressed_after_load_ms,
      f.feedback_ms,
      f.answer_ms,
      f.error ? `ERROR ${shorten(f.error, 60)}` : '',
    ]);
    if (rows.length)
      out.push(
        table(
          ['network', 'device', 'tap', 'at', 'load ms', 'pressed after load ms', 'feedback ms', 'answer ms', ''],
          rows,
          ['l', 'l', 'l', 'l', 'r', 'r', 'r', 'r', 'l'],
        ),
      );
    if (t.signed_in_error) out.push(`  signed-in taps not measured: ${t.signed_in_error}`);
  }

  if (results.alerts_scale) {
    const a = results.alerts_scale;
    out.push('', 'Alerts at scale (a database of its own)');
    out.push(
      a.error
        ? `  ERROR ${a.error}`
        : `  ${a.database}: ${a.watches} watches, ${a.changed_events} events repriced (${a.watches_on_changed_events} watches on them): ${a.price_alerts} alerts evaluated in ${a.evaluate_ms} ms; ${a.alerts_pushed} pushed (${a.pushes_delivered} Web Push deliveries) in ${a.deliver_ms} ms; total ${a.total_ms} ms`,
    );
  }

  if (results.search_api) {
    const s = results.search_api;
    out.push('', `Search API: ${s.clients} clients typing ${s.names ?? 0} catalogue names, one request per keystroke`);
    if (s.error && s.p50_ms === null) {
      out.push(`  ERROR ${s.error}`);
    } else {
      const rows: (string | number | null | undefined)[][] = [
        ['all keystrokes', s.requests, s.p50_ms, s.p95_ms, s.p99_ms, s.max_ms],
      ];
      for (const [length, f] of Object.entries(s.by_prefix_length ?? {})) {
        rows.push([`${length} character${length === '1' ? '' : 's'} typed`, f.count, f.p50_ms, f.p95_ms, f.p99_ms, '']);
      }
      out.push(table(['', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'], rows));
      if (s.error) out.push(`  ERROR ${s.error}`);
      if (s.note) out.push(`  ${s.note}`);
      if (s.slowest?.length)
        out.push(`  slowest: ${s.slowest.map((x) => `${decodeKeyword(x.path)} ${x.ms} ms`).join(', ')}`);
    }
  }

  if (results.lighthouse) {
    out.push(
      '',
      "Lighthouse 12, mobile, default simulated throttling (slow 4G, 4× CPU); the median of each page's runs",
    );
    const rows = Object.entries(results.lighthouse).map(([page, lh]) => [
      page,
      lh.performance,
      lh.runs?.join(' / ') ?? '',
      lh.fcp_ms,
      lh.lcp_ms,
      lh.tbt_ms,
      lh.cls,
      lh.js_transfer_kb,
      lh.js_resource_kb,
      lh.error ? `ERROR ${lh.error}` : '',
    ]);
    out.push(
      table(['page', 'score', 'runs', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS wire kB', 'JS kB', ''], rows, [
        'l',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'r',
        'l',
      ]),
    );
  }

  if (results.bundles) {
    out.push(
      '',
      'First-load JavaScript per public route (anonymous visitor): the build manifest (entry, route branch, static imports) and what a browser fetched until network idle',
    );
    out.push(
      table(
        [
          'route',
          'path',
          'manifest gzip kB',
          'brotli',
          'raw',
          'files',
          'fetched gzip kB',
          'files',
          'after idle kB',
          'CSS gzip kB',
        ],
        results.bundles.map((b) => [
          b.route,
          b.path,
          b.js_kb,
          b.js_brotli_kb,
          b.js_raw_kb,
          b.files,
          b.observed_error ? 'error' : b.observed_kb,
          b.observed_files,
          b.after_idle_kb,
          b.css_kb,
        ]),
        ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
      ),
    );
  }

  out.push('', 'Targets (ARCHITECTURE.md)');
  out.push(
    table(
      ['', 'value', 'target', 'result', ''],
      results.targets.map((t) => [t.name, t.value, t.target, t.pass ? 'PASS' : 'MISS', shorten(t.note ?? '', 90)]),
      ['l', 'r', 'l', 'l', 'l'],
    ),
  );
  const missed = results.targets.filter((t) => !t.pass).length;
  out.push('', `${results.targets.length - missed} of ${results.targets.length} targets met.`);
  return out.join('\n');
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function decodeKeyword(path: string): string {
  const keyword = new URL(path, 'http://x').searchParams.get('keyword');
  return keyword === null ? path : `"${keyword}"`;
}
