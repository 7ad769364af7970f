/**
 * A small seeded pseudo-random generator (mulberry32) and the draws the demo catalogue needs.
 * Same seed, same sequence, on every platform: the catalogue and the artwork are reproducible.
 */
export type Rng = {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both included. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** An item drawn in proportion to its weight. */
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  /** A new generator whose sequence depends on this one's seed and `label` only. */
  fork(label: string): Rng;
};

/** FNV-1a: a stable 32-bit hash of a string (seeds, artwork variation). */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function createRng(seed: number | string): Rng {
  const base = typeof seed === 'string' ? hash32(seed) : seed >>> 0;
  let state = base;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const rng: Rng = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (p) => next() < p,
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    weighted: (items) => {
      let total = 0;
      for (const [, w] of items) total += w;
      let r = next() * total;
      for (const [item, w] of items) {
        r -= w;
        if (r < 0) return item;
      }
      const last = items[items.length - 1];
      if (!last) throw new Error('weighted pick from an empty list');
      return last[0];
    },
    fork: (label) => createRng(hash32(`${base}:${label}`)),
  };
  return rng;
}

/**
 * Weighted draws from a fixed list in O(log n): build once, draw many (events choosing among
 * thousands of venues or attractions).
 */
export class WeightedTable<T> {
  private readonly cumulative: Float64Array;
  private readonly total: number;

  constructor(
    readonly items: readonly T[],
    weight: (item: T) => number,
  ) {
    this.cumulative = new Float64Array(items.length);
    let sum = 0;
    items.forEach((item, i) => {
      sum += Math.max(0, weight(item));
      this.cumulative[i] = sum;
    });
    this.total = sum;
  }

  get size(): number {
    return this.items.length;
  }

  draw(rng: Rng): T {
    if (this.items.length === 0 || this.total <= 0) throw new Error('draw from an empty table');
    const r = rng.next() * this.total;
    let lo = 0;
    let hi = this.items.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((this.cumulative[mid] as number) > r) hi = mid;
      else lo = mid + 1;
    }
    return this.items[lo] as T;
  }
}
