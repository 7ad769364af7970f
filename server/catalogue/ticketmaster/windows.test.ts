import { describe, expect, it } from 'vitest';
import { canSplit, lastReachablePage, reachableItems, splitWindow, toDiscoveryDateTime } from './windows.ts';

describe('date windows', () => {
  it('halves a window at a whole second, the halves sharing the midpoint', () => {
    expect(splitWindow({ start: '2026-01-01T00:00:00Z', end: '2026-01-03T00:00:01Z' })).toEqual([
      { start: '2026-01-01T00:00:00Z', end: '2026-01-02T00:00:00Z' },
      { start: '2026-01-02T00:00:00Z', end: '2026-01-03T00:00:01Z' },
    ]);
  });

  it('stops splitting below two seconds', () => {
    expect(canSplit({ start: '2026-01-01T00:00:00Z', end: '2026-01-01T00:00:02Z' })).toBe(true);
    expect(canSplit({ start: '2026-01-01T00:00:00Z', end: '2026-01-01T00:00:01Z' })).toBe(false);
  });

  it('never asks for a page at or past the 1000th item', () => {
    for (const size of [1, 20, 150, 200, 300, 999, 1000]) {
      expect(lastReachablePage(size) * size).toBeLessThan(1000);
      expect((lastReachablePage(size) + 1) * size).toBeGreaterThanOrEqual(1000);
    }
    expect(reachableItems(200)).toBe(1000);
    expect(reachableItems(300)).toBe(1000);
  });

  it('keeps the same rule at a shallower depth (the scale the sync tests run at)', () => {
    expect(lastReachablePage(20, 100)).toBe(4);
    expect(reachableItems(20, 100)).toBe(100);
    expect(reachableItems(30, 100)).toBe(100);
    expect(lastReachablePage(30, 100) * 30).toBeLessThan(100);
  });

  it("writes dates in Discovery's form", () => {
    expect(toDiscoveryDateTime('2026-03-14')).toBe('2026-03-14T00:00:00Z');
    expect(toDiscoveryDateTime('2026-03-14T19:30:12.345+02:00')).toBe('2026-03-14T17:30:12Z');
    expect(toDiscoveryDateTime('next tuesday')).toBeUndefined();
  });
});
