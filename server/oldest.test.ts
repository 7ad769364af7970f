import { describe, expect, it } from 'vitest';
import { oldestKeys } from './oldest.ts';
import { seededRandom } from './tracking/simulator.ts';

describe('oldestKeys', () => {
  it('gives the first key of the map after any mix of uses, inserts and drops', () => {
    const random = seededRandom(13);
    const map = new Map<string, number>();
    const oldest = oldestKeys(map);
    for (let step = 0; step < 20_000; step++) {
      const key = `k${Math.floor(random() * 3_000)}`;
      map.delete(key); // a use moves the key to the end
      map.set(key, step);
      while (map.size > 1_000) {
        const first = map.keys().next().value;
        const given = oldest();
        expect(given).toBe(first);
        map.delete(given!);
      }
    }
    expect(map.size).toBe(1_000);
  });

  it('starts again once everything was dropped, and answers undefined when empty', () => {
    const set = new Set<number>([1, 2]);
    const oldest = oldestKeys(set);
    set.delete(oldest()!);
    set.delete(oldest()!);
    expect(oldest()).toBeUndefined();
    set.add(3);
    set.add(4);
    expect(oldest()).toBe(3);
  });

  it('follows the map through clear()', () => {
    const map = new Map([
      ['a', 1],
      ['b', 2],
    ]);
    const oldest = oldestKeys(map);
    expect(oldest()).toBe('a');
    map.delete('a');
    map.clear();
    map.set('c', 3);
    map.set('d', 4);
    expect(oldest()).toBe('c');
  });
});
