import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Cache, cachePerOwner, FirstAsks } from './cache.ts';

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2026-06-01T12:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Cache', () => {
  it('serves an entry until its TTL is up, then has nothing', () => {
    const cache = new Cache<string, number>({ ttlMs: 1_000, maxEntries: 10 });
    cache.set('a', 1);
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('keeps an entry until the time given to set, shorter or longer than the TTL', () => {
    const cache = new Cache<string, string>({ ttlMs: 1_000, maxEntries: 10 });
    cache.set('short', 'x', Date.now() + 100);
    cache.set('long', 'y', Date.now() + 5_000);
    vi.advanceTimersByTime(100);
    expect(cache.get('short')).toBeUndefined();
    vi.advanceTimersByTime(4_899);
    expect(cache.get('long')).toBe('y');
    vi.advanceTimersByTime(1);
    expect(cache.get('long')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new Cache<string, number>({ ttlMs: 60_000, maxEntries: 2 });
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1); // a is now more recent than b
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
    expect(cache.size).toBe(2);
  });

  it('forgets a failed value only while it is still the one kept', () => {
    const cache = new Cache<string, string>({ ttlMs: 60_000, maxEntries: 10 });
    cache.set('k', 'first');
    cache.set('k', 'second');
    cache.delete('k', 'first');
    expect(cache.get('k')).toBe('second');
    cache.delete('k', 'second');
    expect(cache.get('k')).toBeUndefined();
  });

  it('reads the clock it is given', () => {
    let now = 0;
    const cache = new Cache<string, number>({ ttlMs: 10, maxEntries: 10, now: () => now });
    cache.set('a', 1);
    now = 9;
    expect(cache.get('a')).toBe(1);
    now = 10;
    expect(cache.get('a')).toBeUndefined();
  });

  it('clear empties it', () => {
    const cache = new Cache<string, number>({ ttlMs: 60_000, maxEntries: 10 });
    cache.set('a', 1);
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
  });
});

describe('cachePerOwner', () => {
  it('gives each owner its own cache, the same one every time', () => {
    const cacheOf = cachePerOwner<string, number>({ ttlMs: 60_000, maxEntries: 10 });
    const one = {};
    const two = {};
    cacheOf(one).set('k', 1);
    expect(cacheOf(one).get('k')).toBe(1);
    expect(cacheOf(two).get('k')).toBeUndefined();
  });
});

describe('FirstAsks', () => {
  it('says a key was asked before only on a second ask within the window', () => {
    const asks = new FirstAsks<string>({ windowMs: 1_000, maxKeys: 10 });
    expect(asks.askedBefore('t')).toBe(false);
    vi.advanceTimersByTime(999);
    expect(asks.askedBefore('t')).toBe(true);
    // The second ask is the one a cache keeps: the key starts again.
    expect(asks.askedBefore('t')).toBe(false);
    vi.advanceTimersByTime(1_000);
    expect(asks.askedBefore('t')).toBe(false);
    expect(asks.askedBefore('ta')).toBe(false);
  });

  it('remembers at most maxKeys, the oldest forgotten first', () => {
    const asks = new FirstAsks<string>({ windowMs: 60_000, maxKeys: 2 });
    asks.askedBefore('a');
    asks.askedBefore('b');
    asks.askedBefore('c');
    expect(asks.askedBefore('a')).toBe(false);
    expect(asks.askedBefore('c')).toBe(true);
  });

  it('forgets every key on clear, and reads the clock it is given', () => {
    let now = 0;
    const asks = new FirstAsks<string>({ windowMs: 10, maxKeys: 10, now: () => now });
    asks.askedBefore('a');
    asks.clear();
    expect(asks.askedBefore('a')).toBe(false);
    now = 9;
    expect(asks.askedBefore('a')).toBe(true);
    asks.askedBefore('b');
    now = 19;
    expect(asks.askedBefore('b')).toBe(false);
  });
});
