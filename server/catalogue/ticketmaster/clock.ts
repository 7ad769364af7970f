/**
 * Time as the ingest sees it. Production uses the wall clock; tests inject a virtual clock so
 * rate-limit and Rate-Limit-Reset waits cost no real time.
 */
export type Clock = {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason if it aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
};

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(
        () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        Math.max(0, ms),
      );
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    }),
};

/** A clock whose sleeps advance time instantly; `slept` records every wait asked for. */
export function virtualClock(start: number | string = '2026-03-01T12:00:00Z'): Clock & { slept: number[] } {
  let now = typeof start === 'number' ? start : Date.parse(start);
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw signal.reason;
      slept.push(ms);
      now += Math.max(0, ms);
      // Yield to the event loop so concurrent waiters interleave as they would in real time.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}
