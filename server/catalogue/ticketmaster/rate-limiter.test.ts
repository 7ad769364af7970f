import { describe, expect, it } from 'vitest';
import { virtualClock } from './clock.ts';
import { RateLimiter } from './rate-limiter.ts';

/** Most starts within any window of `ms` (each start opens a window). */
function busiest(starts: number[], ms: number): number {
  return Math.max(0, ...starts.map((s) => starts.filter((t) => t >= s && t < s + ms).length));
}

describe('RateLimiter', () => {
  it('lets 5 requests through at once, then one per freed slot', async () => {
    const clock = virtualClock(0);
    const limiter = new RateLimiter({ limit: 5, intervalMs: 1000 }, clock);
    const starts: number[] = [];
    for (let i = 0; i < 12; i++) {
      const release = await limiter.acquire();
      starts.push(clock.now());
      release();
    }
    expect(starts).toEqual([0, 0, 0, 0, 0, 1000, 1000, 1000, 1000, 1000, 2000, 2000]);
  });

  it('queues concurrent callers fairly within the same allowance', async () => {
    const clock = virtualClock(0);
    const limiter = new RateLimiter({ limit: 5, intervalMs: 1000 }, clock);
    const starts: number[] = [];
    await Promise.all(
      Array.from({ length: 11 }, async () => {
        const release = await limiter.acquire();
        starts.push(clock.now());
        await clock.sleep(10);
        release();
      }),
    );
    expect(busiest(starts, 1000)).toBe(5);
    expect(starts).toHaveLength(11);
  });

  it('releases the queue when a waiting caller is aborted', async () => {
    const clock = virtualClock(0);
    const limiter = new RateLimiter({ limit: 1, intervalMs: 1000 }, clock);
    (await limiter.acquire())();
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(limiter.acquire(controller.signal)).rejects.toThrow('stop');
    await limiter.acquire();
    expect(clock.now()).toBe(1000);
  });

  it('counts the interval from when the answer arrived, not from when the request left', async () => {
    const clock = virtualClock(0);
    const limiter = new RateLimiter({ limit: 2, intervalMs: 1000 }, clock);
    const first = await limiter.acquire();
    const second = await limiter.acquire();
    // Both in flight: a third caller waits for an answer, then a full interval after it.
    const third = limiter.acquire().then((release) => {
      release();
      return clock.now();
    });
    await clock.sleep(300);
    first();
    await clock.sleep(100);
    second();
    expect(await third).toBe(1300);
  });
});
