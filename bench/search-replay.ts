/**
 * Search-as-you-type as visitors produce it: 8 clients, each typing a catalogue name one
 * keystroke at a time against GET /api/events/search?keyword=… and waiting for each answer
 * before the next keystroke (ARCHITECTURE.md targets: p95 ≤ 20 ms, p99 ≤ 40 ms on PGlite with
 * the medium catalogue; p95 ≤ 30 ms on PostgreSQL with the large one).
 */
import { typedPrefixes } from './catalogue-sample.ts';
import { BROWSER_HEADERS, problemsOf, runLoad } from './load.ts';
import { round } from './stats.ts';

export const SEARCH_CLIENTS = 8;

export type SearchApiResult = {
  p50_ms: number | null;
  p95_ms: number | null;
  p99_ms: number | null;
  max_ms?: number;
  requests?: number;
  names?: number;
  rps?: number;
  clients: number;
  /** p95 by how many characters were typed: one-letter prefixes match the most. */
  by_prefix_length?: Record<string, { count: number; p50_ms: number; p95_ms: number; p99_ms: number }>;
  slowest?: { path: string; ms: number }[];
  error?: string;
};

export async function replaySearch(origin: string, names: string[], warmNames: string[]): Promise<SearchApiResult> {
  const headers = { ...BROWSER_HEADERS, accept: 'application/json' };
  const job = (list: string[]) => ({
    kind: 'replay' as const,
    origin,
    connections: SEARCH_CLIENTS,
    sequences: list.map(typedPrefixes),
    headers,
    timeoutMs: 10_000,
  });
  if (warmNames.length) await runLoad(job(warmNames));
  const result = await runLoad(job(names));
  const problems = problemsOf(result);
  return {
    p50_ms: round(result.latency.p50, 2),
    p95_ms: round(result.latency.p95, 2),
    p99_ms: round(result.latency.p99, 2),
    max_ms: round(result.latency.max, 1),
    requests: result.responses,
    names: names.length,
    rps: round(result.responses / result.seconds, 0),
    clients: SEARCH_CLIENTS,
    by_prefix_length: Object.fromEntries(
      Object.entries(result.byPrefixLength ?? {})
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([length, s]) => [
          length,
          { count: s.count, p50_ms: round(s.p50, 2), p95_ms: round(s.p95, 2), p99_ms: round(s.p99, 2) },
        ]),
    ),
    slowest: result.slowest?.map((s) => ({ path: s.path, ms: round(s.ms, 1) })),
    ...(problems ? { error: problems } : {}),
  };
}
