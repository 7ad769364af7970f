/**
 * `--profile`: after the measurements, a separate server process runs under `node --cpu-prof`
 * while the slowest page alone is loaded; the profile (written when it stops) is summarised
 * here by self time over the load window only (start-up and warm-up excluded): which packages
 * and which functions the CPU went to. Open the .cpuprofile in Chrome DevTools (Performance →
 * Load profile) or speedscope for the full call tree.
 */
import { readFileSync } from 'node:fs';
import { round } from './stats.ts';

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; hitCount?: number; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };

export type ProfileSummary = {
  file: string;
  page?: string;
  total_ms: number;
  idle_pct: number;
  by_area: { area: string; ms: number; pct: number }[];
  top_functions: { function: string; location: string; area: string; ms: number; pct: number }[];
};

/** Where a frame's code lives: a package, our own folders, Node itself, or V8's pseudo-frames. */
export function areaOf(url: string, functionName: string): string {
  if (!url) {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return '(garbage collector)';
    if (functionName === '(program)') return '(program)';
    return '(native)';
  }
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + '/node_modules/'.length).split('/');
    return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  if (url.startsWith('node:')) return 'node (core)';
  // PGlite is Postgres compiled to WebAssembly, running on the server's own thread.
  if (url.startsWith('wasm://')) return 'wasm (PGlite)';
  // The server bundle holds app/ code compiled by Vite; server/ and contracts/ run from source.
  if (url.includes('/build/server/')) return 'app (server build)';
  const own = /\/(server|contracts)\//.exec(url);
  if (own) return own[1]!;
  return url.replace(/^file:\/\//, '');
}

/** Microseconds on the monotonic clock V8 stamps profiles with (CLOCK_MONOTONIC on Linux, shared by processes). */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

export function summariseProfile(file: string, window?: { fromUs: number; toUs: number }, top = 15): ProfileSummary {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // Self time per node from the sample stream (timeDeltas[i] precedes samples[i]).
  const selfUs = new Map<number, number>();
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    if (window && (at < window.fromUs || at > window.toUs)) continue;
    const next = profile.timeDeltas[i + 1] ?? 0;
    const id = profile.samples[i]!;
    selfUs.set(id, (selfUs.get(id) ?? 0) + Math.max(0, next));
  }
  const total = [...selfUs.values()].reduce((a, b) => a + b, 0);
  const areas = new Map<string, number>();
  const functions = new Map<string, { function: string; location: string; area: string; us: number }>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const area = areaOf(frame.url, frame.functionName);
    areas.set(area, (areas.get(area) ?? 0) + us);
    const location = frame.url
      ? `${frame.url.replace(/^.*\/node_modules\//, '').replace(/^file:\/\/.*?\/(build\/server|server|contracts)\//, '$1/')}:${frame.lineNumber + 1}`
      : '';
    const key = `${frame.functionName}@${location}`;
    const entry = functions.get(key) ?? { function: frame.functionName || '(anonymous)', location, area, us: 0 };
    entry.us += us;
    functions.set(key, entry);
  }
  const idle = areas.get('(idle)') ?? 0;
  const busy = total - idle || 1;
  return {
    file,
    total_ms: round(total / 1000, 0),
    idle_pct: round((100 * idle) / (total || 1), 1),
    // Shares of busy time: idle is the server waiting for requests (or for PGlite's answers).
    by_area: [...areas]
      .filter(([area]) => area !== '(idle)')
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([area, us]) => ({ area, ms: round(us / 1000, 0), pct: round((100 * us) / busy, 1) })),
    top_functions: [...functions.values()]
      .filter((f) => f.area !== '(idle)')
      .sort((a, b) => b.us - a.us)
      .slice(0, top)
      .map((f) => ({
        function: f.function,
        location: f.location,
        area: f.area,
        ms: round(f.us / 1000, 0),
        pct: round((100 * f.us) / busy, 1),
      })),
  };
}
