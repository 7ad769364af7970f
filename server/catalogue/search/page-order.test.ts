import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { windowInOrder } from './page-order.ts';

/** What a list's page must be: the full sort, cut to the page. */
const fullSort = (n: number, compare: (a: number, b: number) => number, from: number, to: number) =>
  Array.from({ length: n }, (_, i) => i)
    .sort(compare)
    .slice(from, to);

describe('a page of a list put in order', () => {
  it('is the full sort cut to the page, for any keys (ties broken by position), page and list size', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 400 }),
        fc.nat({ max: 120 }),
        fc.nat({ max: 60 }),
        (keys, from, length) => {
          // Few distinct keys: most comparisons are ties, broken as a list breaks them (by id).
          const compare = (a: number, b: number) => keys[b]! - keys[a]! || a - b;
          expect(windowInOrder(keys.length, compare, from, from + length)).toEqual(
            fullSort(keys.length, compare, from, from + length),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives the first page of a common word among tens of thousands of matches, best first', () => {
    const scores = Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 1000);
    const compare = (a: number, b: number) => scores[b]! - scores[a]! || a - b;
    const page = windowInOrder(scores.length, compare, 0, 20);
    expect(page).toEqual(fullSort(scores.length, compare, 0, 20));
    expect(page.map((i) => scores[i])).toEqual(Array(20).fill(999));
  });

  it('is empty past the end', () => {
    expect(windowInOrder(5, (a, b) => a - b, 20, 40)).toEqual([]);
    expect(windowInOrder(0, (a, b) => a - b, 0, 20)).toEqual([]);
  });
});
