// The part of autocannon 8's programmatic API the load worker uses (the package ships no types).
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  type Options = {
    url: string;
    connections?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    headers?: Record<string, string>;
    method?: string;
    /** Each request built from the previous one (path, headers, body). */
    requests?: { setupRequest?: (request: Record<string, unknown>) => Record<string, unknown> }[];
  };
  type Histogram = { average: number; p50: number; p99: number; max: number; total: number };
  type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram;
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };
  type Instance = EventEmitter & PromiseLike<Result> & { stop(): void };

  function autocannon(options: Options): Instance;
  export default autocannon;
}
