/**
 * The load generator, run in its own process (bench/load.ts forks it) so its CPU is not the
 * harness's: jobs in over IPC, one at a time, a result out for each; the parent stops it.
 * - `fixed`: autocannon against one URL at C connections, for N seconds or N responses.
 * - `replay`: C clients each "typing" names prefix by prefix, one keep-alive connection each.
 * Latencies are kept raw (autocannon's own histogram rounds to whole milliseconds).
 */
import http from 'node:http';
import autocannon from 'autocannon';
import type { LoadJob, LoadResult, ReplayJob } from './load.ts';
import { summarise } from './stats.ts';

process.on('message', (job: LoadJob) => {
  const running = job.kind === 'fixed' ? runFixed(job) : job.kind === 'list' ? runList(job) : runReplay(job);
  running.then(
    (result) => process.send?.(result),
    (error: unknown) => process.send?.({ failure: error instanceof Error ? error.message : String(error) }),
  );
});

async function runFixed(job: Extract<LoadJob, { kind: 'fixed' }>): Promise<LoadResult> {
  const latencies: number[] = [];
  const status: Record<string, number> = {};
  const started = performance.now();
  let lastResponse = started;
  const instance = autocannon({
    url: job.url,
    connections: job.connections,
    ...(job.amount ? { amount: job.amount } : { duration: job.seconds }),
    headers: job.headers,
    timeout: 10,
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    lastResponse = performance.now();
    latencies.push(responseTime);
    status[statusCode] = (status[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  return {
    // autocannon rounds an amount run's duration up to its one-second ticks: time it here.
    seconds: job.amount ? (lastResponse - started) / 1000 : result.duration,
    responses: latencies.length,
    status,
    errors: result.errors,
    timeouts: result.timeouts,
    bytes: result.throughput.total,
    latency: summarise(latencies),
    samples: latencies,
  };
}

/** C connections through a list of URLs, each asked for once. */
async function runList(job: Extract<LoadJob, { kind: 'list' }>): Promise<LoadResult> {
  const latencies: number[] = [];
  const status: Record<string, number> = {};
  const started = performance.now();
  let lastResponse = started;
  let next = 0;
  const instance = autocannon({
    url: `${job.origin}${job.paths[0] ?? '/'}`,
    connections: job.connections,
    amount: job.paths.length,
    headers: job.headers,
    timeout: 10,
    requests: [
      {
        setupRequest: (request: Record<string, unknown>) => ({
          ...request,
          path: job.paths[next++ % job.paths.length],
        }),
      },
    ],
  });
  instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    lastResponse = performance.now();
    latencies.push(responseTime);
    status[statusCode] = (status[statusCode] ?? 0) + 1;
  });
  const result = await instance;
  return {
    seconds: (lastResponse - started) / 1000,
    responses: latencies.length,
    status,
    errors: result.errors,
    timeouts: result.timeouts,
    bytes: result.throughput.total,
    latency: summarise(latencies),
    samples: latencies,
  };
}

async function runReplay(job: ReplayJob): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });
  const latencies: number[] = [];
  const byLength = new Map<string, number[]>();
  const status: Record<string, number> = {};
  const slowest: { path: string; ms: number }[] = [];
  let errors = 0;
  let timeouts = 0;
  let bytes = 0;
  let next = 0;
  const deadline = performance.now() + job.maxSeconds * 1000;

  const client = async () => {
    while (next < job.sequences.length && performance.now() < deadline) {
      const sequence = job.sequences[next++]!;
      // One visitor typing one name: each keystroke waits for the previous answer.
      for (const step of sequence) {
        const started = performance.now();
        try {
          const { statusCode, size } = await get(agent, `${job.origin}${step.path}`, job.headers, job.timeoutMs);
          const ms = performance.now() - started;
          status[statusCode] = (status[statusCode] ?? 0) + 1;
          bytes += size;
          latencies.push(ms);
          const bucket = step.typed >= 3 ? '3+' : String(step.typed);
          const samples = byLength.get(bucket) ?? [];
          samples.push(ms);
          byLength.set(bucket, samples);
          slowest.push({ path: step.path, ms });
          if (slowest.length > 50) slowest.sort((a, b) => b.ms - a.ms).splice(10);
        } catch (error) {
          if (error instanceof Error && error.message === 'timeout') timeouts += 1;
          else errors += 1;
        }
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: job.connections }, client));
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  return {
    seconds,
    responses: latencies.length,
    status,
    errors,
    timeouts,
    bytes,
    latency: summarise(latencies),
    byPrefixLength: Object.fromEntries([...byLength].map(([key, values]) => [key, summarise(values)])),
    slowest: slowest.sort((a, b) => b.ms - a.ms).slice(0, 5),
    sequencesDone: Math.min(next, job.sequences.length),
  };
}

function get(agent: http.Agent, url: string, headers: Record<string, string>, timeoutMs: number) {
  return new Promise<{ statusCode: number; size: number }>((resolve, reject) => {
    const request = http.get(url, { agent, headers }, (response) => {
      let size = 0;
      response.on('data', (chunk: Buffer) => (size += chunk.length));
      response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, size }));
      response.on('error', reject);
    });
    request.setTimeout(timeoutMs, () => request.destroy(new Error('timeout')));
    request.on('error', reject);
  });
}
