import { oldestKeys } from './oldest.ts';

/**
 * The one in-process cache (issue 16): entries live until their time is up and at most
 * `maxEntries` are kept, the least recently used leaving first. Every cache of a process
 * (search answers, page data, sessions, confirmed tokens, classification names, genres) is
 * one of these, so bounds, expiry and clocks work the same everywhere. It holds values as
 * given: a cached promise is shared by everyone who asks while it is pending.
 */
export type CacheOptions = {
  /** How long an entry is served; `set` may shorten or lengthen it for one entry. */
  ttlMs: number;
  maxEntries: number;
  /** The clock (tests pass a fake one; `vi.useFakeTimers` also moves `Date.now`). */
  now?: () => number;
};

type Entry<V> = { value: V; until: number };

export class Cache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly oldest = oldestKeys(this.entries);
  private readonly now: () => number;

  constructor(private readonly options: CacheOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The value kept for `key`, or undefined when there is none or its time is up. */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.now()) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  /** Keeps `value` for the cache's TTL, or until `until` (epoch ms) when given. */
  set(key: K, value: V, until = this.now() + this.options.ttlMs): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.oldest() as K);
  }

  /** Forgets `key`; with `value`, only while that value is still the one kept (a failed load). */
  delete(key: K, value?: V): void {
    if (value === undefined || this.entries.get(key)?.value === value) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * One cache per owner object (a database, an auth service: tests build several per process),
 * dropped with its owner.
 */
export function cachePerOwner<K, V>(options: CacheOptions): (owner: object) => Cache<K, V> {
  const caches = new WeakMap<object, Cache<K, V>>();
  return (owner) => {
    let cache = caches.get(owner);
    if (!cache) {
      cache = new Cache<K, V>(options);
      caches.set(owner, cache);
    }
    return cache;
  };
}

export type FirstAsksOptions = {
  /** How long a first ask is remembered. */
  windowMs: number;
  /** At most this many keys remembered, the oldest forgotten first. */
  maxKeys: number;
  now?: () => number;
};

/**
 * Keys asked for once lately, without their values, for a cache that keeps a value only from
 * its second ask (ADR 0070). What is asked for once (a long-tail page, a prefix one visitor
 * typed) is then never kept: its objects die young in V8's young generation, where keeping
 * them made them survive into the old generation, to be pushed out of the cache and freed
 * later by a full collection, with its pauses, under a steady stream of new keys.
 */
export class FirstAsks<K> {
  private readonly asked = new Map<K, number>();
  private readonly oldest = oldestKeys(this.asked);
  private readonly now: () => number;

  constructor(private readonly options: FirstAsksOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Whether `key` was asked for within the window before; if not, this ask is remembered. */
  askedBefore(key: K, at = this.now()): boolean {
    const first = this.asked.get(key);
    this.asked.delete(key);
    if (first !== undefined && at - first < this.options.windowMs) return true;
    this.asked.set(key, at);
    while (this.asked.size > this.options.maxKeys) this.asked.delete(this.oldest() as K);
    return false;
  }

  clear(): void {
    this.asked.clear();
  }
}
