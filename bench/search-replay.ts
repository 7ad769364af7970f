/**
 * Search-as-you-type as visitors produce it: 8 clients, each typing a catalogue name one
 * keystroke at a time against GET /api/events/search?keyword=… and waiting for each answer
 * before the next keystroke (ARCHITECTURE.md targets: p95 ≤ 10 ms, p99 ≤ 20 ms on PGlite with
 * the medium catalogue; p95 ≤ 20 ms on PostgreSQL with the large one; bench/report.ts).
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
  /** Names typed to the end (fewer than planned when the time cap was reached, see note). */
  names?: number;
  note?: string;
  rps?: number;
  clients: number;
  /** p95 by how many characters were typed: one-letter prefixes match the most. */
  by_prefix_length?: Record<string, { count: number; p50_ms: number; p95_ms: number; p99_ms: number }>;
  slowest?: { path: string; ms: number }[];
  error?: string;
};

export async function replaySearch(
  origin: string,
  names: string[],
  warmNames: string[],
  maxSeconds: number,
  settle: () => Promise<void>,
): Promise<SearchApiResult> {
  const headers = { ...BROWSER_HEADERS, accept: 'application/json' };
  const job = (list: string[], seconds: number) => ({
    kind: 'replay' as const,
    origin,
    connections: SEARCH_CLIENTS,
    sequences: list.map(typedPrefixes),
    headers,
    timeoutMs: 10_000,
    maxSeconds: seconds,
  });
  await settle();
  if (warmNames.length) await runLoad(job(warmNames, Math.max(5, maxSeconds / 10)));
  await settle();
  // A slow search would stretch the run past its budget: the replay stops taking new names
  // at maxSeconds and says how many it typed.
  const result = await runLoad(job(names, maxSeconds));
  const problems = problemsOf(result);
  return {
    p50_ms: round(result.latency.p50, 2),
    p95_ms: round(result.latency.p95, 2),
    p99_ms: round(result.latency.p99, 2),
    max_ms: round(result.latency.max, 1),
    requests: result.responses,
    names: result.sequencesDone ?? names.length,
    ...(result.sequencesDone !== undefined && result.sequencesDone < names.length
      ? { note: `time cap of ${maxSeconds} s reached after ${result.sequencesDone} of ${names.length} names` }
      : {}),
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
