/**
 * Targets from ARCHITECTURE.md ("Targets"), checked against one run's figures, and the
 * table printed on stdout. A figure that could not be measured (a page that 404s, an API
 * that is not there yet) is a MISS with the reason, never a number.
 */
import type { RouteBundle } from './bundles.ts';
import type { LighthousePage } from './lighthouse.ts';
import type { SearchApiResult } from './search-replay.ts';
import { PAGES, type SsrResult } from './ssr.ts';

export type Target = { name: string; value: number | null; target: string; pass: boolean; note?: string };

export const LIMITS = {
  ssrRatio: 0.15,
  ssrP99Ms: 100,
  searchP95Ms: { pglite: 20, postgres: 30 },
  searchP99Ms: 40,
  firstLoadKb: 120,
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
    }
  }
  if (results.lighthouse) {
    for (const [page, lh] of Object.entries(results.lighthouse)) {
      atLeast(`Lighthouse ${page}: performance (mobile)`, lh.performance, LIMITS.lighthouseScore, '', err(lh.error));
      atMost(`Lighthouse ${page}: CLS`, lh.cls, LIMITS.cls, '', err(lh.error));
    }
  }
  if (context.quick) {
    for (const t of targets) if (!t.name.startsWith('first-load')) t.note ??= 'quick run: indicative only';
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
      `SSR pages: successful req/s and latency (ms), ${s.seconds_per_measurement} s per measurement; alone = one request at a time; cold = one render at a time, page cache missed; ratio = page ÷ static, same concurrency`,
    );
    const rows: (string | number | null | undefined)[][] = [
      [
        'static',
        s.static.path,
        '',
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
        p.cold_ms,
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
      table(['page', 'path', 'alone', 'cold', 'c8 req/s', 'p50', 'p99', 'c32 req/s', 'p50', 'p99', 'ratio', ''], rows, [
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
        'r',
        'l',
      ]),
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
    out.push('', 'Lighthouse 12, mobile, default simulated throttling (slow 4G, 4× CPU)');
    const rows = Object.entries(results.lighthouse).map(([page, lh]) => [
      page,
      lh.performance,
      lh.fcp_ms,
      lh.lcp_ms,
      lh.tbt_ms,
      lh.cls,
      lh.js_transfer_kb,
      lh.js_resource_kb,
      lh.error ? `ERROR ${lh.error}` : '',
    ]);
    out.push(
      table(['page', 'score', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS', 'JS wire kB', 'JS kB', ''], rows, [
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

  if (results.bundles) {
    out.push(
      '',
      'First-load JavaScript per public route (anonymous visitor): the build manifest (entry, route branch, static imports) and what a browser fetched until network idle',
    );
    out.push(
      table(
        ['route', 'path', 'manifest gzip kB', 'brotli', 'raw', 'files', 'fetched gzip kB', 'files', 'CSS gzip kB'],
        results.bundles.map((b) => [
          b.route,
          b.path,
          b.js_kb,
          b.js_brotli_kb,
          b.js_raw_kb,
          b.files,
          b.observed_error ? 'error' : b.observed_kb,
          b.observed_files,
          b.css_kb,
        ]),
        ['l', 'l', 'r', 'r', 'r', 'r', 'r', 'r', 'r'],
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
