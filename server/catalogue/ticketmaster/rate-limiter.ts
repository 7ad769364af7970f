import type { Clock } from './clock.ts';

export type RateLimit = {
  /** Requests allowed in any window of `intervalMs`. */
  limit: number;
  intervalMs: number;
};

/** Discovery allows 5 requests a second. */
export const DISCOVERY_RATE_LIMIT: RateLimit = { limit: 5, intervalMs: 1000 };

type Slot = { doneAt: number | null };

/**
 * Sliding-window limiter, measured the way the server measures it. A slot is taken when a
 * request starts and stamped when its answer arrives; a new request may start only while fewer
 * than `limit` slots are in flight or were stamped within the last `intervalMs`. Since a
 * request reaches the server before its answer reaches us, this spaces *arrivals* at the server
 * by at least the interval whatever the network latency (stamping at send time does not: a slow
 * first request and a fast sixth one arrive less than a second apart). Callers queue in order,
 * so concurrent callers of one client share the allowance instead of racing for it.
 */
export class RateLimiter {
  private readonly slots: Slot[] = [];
  private queue: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | undefined;

  constructor(
    private readonly rate: RateLimit,
    private readonly clock: Clock,
  ) {
    if (rate.limit < 1 || rate.intervalMs <= 0) throw new Error('rate limit must allow at least one request');
  }

  /** Waits for a slot; call the returned function as soon as the answer (or failure) arrives. */
  acquire(signal?: AbortSignal): Promise<() => void> {
    const turn = this.queue.then(() => this.waitForSlot(signal));
    // A rejected (aborted) turn must not block the callers queued behind it.
    this.queue = turn.then(
      () => undefined,
      () => undefined,
    );
    return turn;
  }

  private async waitForSlot(signal?: AbortSignal): Promise<() => void> {
    for (;;) {
      signal?.throwIfAborted();
      const now = this.clock.now();
      for (let i = this.slots.length - 1; i >= 0; i--) {
        const doneAt = this.slots[i]!.doneAt;
        if (doneAt !== null && doneAt <= now - this.rate.intervalMs) this.slots.splice(i, 1);
      }
      if (this.slots.length < this.rate.limit) {
        const slot: Slot = { doneAt: null };
        this.slots.push(slot);
        return () => {
          if (slot.doneAt !== null) return;
          slot.doneAt = this.clock.now();
          this.wakeUp?.();
        };
      }
      const finished = this.slots.map((s) => s.doneAt).filter((t): t is number => t !== null);
      if (finished.length > 0) {
        await this.clock.sleep(Math.min(...finished) + this.rate.intervalMs - now, signal);
      } else {
        await this.nextRelease(signal);
      }
    }
  }

  /** Every slot is in flight: wait until one of them is answered. */
  private nextRelease(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => reject(signal?.reason);
      this.wakeUp = () => {
        this.wakeUp = undefined;
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }
}
