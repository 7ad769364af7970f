import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { markedEnv, stopTracked, track } from './processes.ts';
import type { LatencySummary } from './stats.ts';

export type ReplayStep = { path: string; typed: number };

export type LoadJob =
  | {
      kind: 'fixed';
      url: string;
      connections: number;
      /** Length of a timed run; with `amount`, only what the run is expected to last. */
      seconds: number;
      /** Stop after this many responses instead of after `seconds` (see ssr.ts). */
      amount?: number;
      headers: Record<string, string>;
    }
  | {
      /** Every request its own URL, in order, none twice: pages no cache has seen (long tail). */
      kind: 'list';
      origin: string;
      paths: string[];
      connections: number;
      /** What the run is expected to last (sets the time limit); it ends after `paths.length` responses. */
      seconds: number;
      headers: Record<string, string>;
    }
  | {
      kind: 'replay';
      origin: string;
      connections: number;
      sequences: ReplayStep[][];
      headers: Record<string, string>;
      timeoutMs: number;
      /** No client starts a new name after this; names already begun are finished. */
      maxSeconds: number;
    };
export type ReplayJob = Extract<LoadJob, { kind: 'replay' }>;

export type LoadResult = {
  seconds: number;
  responses: number;
  status: Record<string, number>;
  errors: number;
  timeouts: number;
  bytes: number;
  latency: LatencySummary;
  /** Raw latencies (ms) of a fixed job, so slices of one target can be merged exactly. */
  samples?: number[];
  byPrefixLength?: Record<string, LatencySummary>;
  slowest?: { path: string; ms: number }[];
  /** Replay: names typed to the end. */
  sequencesDone?: number;
};

/** What a visitor's browser sends; isbot() must see a browser so React Router streams as for people. */
export const BROWSER_HEADERS = {
  'user-agent':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'accept-language': 'en-US,en;q=0.9',
  'accept-encoding': 'gzip, deflate, br',
};
export const PAGE_HEADERS = {
  ...BROWSER_HEADERS,
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
};

const WORKER = path.join(import.meta.dirname, 'load-worker.ts');
let worker: ChildProcess | undefined;

/**
 * Runs one job on the load generator: one worker process, started on first use and kept for
 * the run (a fork per measurement costs a second of CPU on a busy machine). It is tracked,
 * so the run's clean-up and Ctrl-C stop it.
 */
export async function runLoad(job: LoadJob): Promise<LoadResult> {
  if (!worker || worker.exitCode !== null || worker.signalCode !== null) {
    worker = fork(WORKER, [], {
      execArgv: ['--import', 'tsx'],
      detached: true,
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      env: markedEnv(process.env),
    });
    track('load generator', worker);
  }
  const child = worker;
  const limitMs =
    job.kind === 'replay'
      ? (job.maxSeconds + 120) * 1000
      : job.kind === 'list' || job.amount
        ? (job.seconds * 4 + 60) * 1000
        : (job.seconds + 30) * 1000;
  return new Promise<LoadResult>((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: LoadResult | { failure: string }) => {
      done();
      if ('failure' in message) reject(new Error(`load generator: ${message.failure}`));
      else resolve(message);
    };
    const onExit = (code: number | null) => {
      done();
      reject(new Error(`the load generator exited (${code}) during a measurement`));
    };
    const timer = setTimeout(() => {
      done();
      void stopTracked(child, 1_000);
      reject(new Error('the load generator did not finish in time'));
    }, limitMs);
    child.on('message', onMessage);
    child.once('exit', onExit);
    child.send(job);
  });
}

/** Stops the load generator (the run's clean-up would too). */
export async function stopLoadGenerator() {
  if (worker) await stopTracked(worker, 2_000);
  worker = undefined;
}

/** Successful responses per second over the whole measurement. */
export function okPerSecond(result: LoadResult): number {
  const ok = Object.entries(result.status)
    .filter(([code]) => code.startsWith('2'))
    .reduce((sum, [, count]) => sum + count, 0);
  return result.seconds > 0 ? ok / result.seconds : 0;
}

/** A measurement that saw anything but 2xx is not a figure to compare; say what went wrong. */
export function problemsOf(result: LoadResult): string | undefined {
  const bad = Object.entries(result.status).filter(([code]) => !code.startsWith('2'));
  const parts = bad.map(([code, count]) => `${count}× HTTP ${code}`);
  if (result.errors) parts.push(`${result.errors} connection errors`);
  if (result.timeouts) parts.push(`${result.timeouts} timeouts`);
  if (result.responses === 0) parts.push('no response completed within a slice (latency above its length)');
  return parts.length ? parts.join(', ') : undefined;
}
