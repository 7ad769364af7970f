import { describe, expect, it } from 'vitest';
import { RowCopies } from './row-copies.ts';

describe('row copies', () => {
  it('drops the oldest of the rows asked for once, and never holds more than its capacity', () => {
    const copies = new RowCopies<string>(3);
    for (const key of ['a', 'b', 'c', 'd']) copies.add(key, key.toUpperCase());
    expect(copies.has('a')).toBe(false);
    expect([copies.get('b'), copies.get('c'), copies.get('d')]).toEqual(['B', 'C', 'D']);
    expect(copies.size).toBe(3);
  });

  it('sends the least recently used kept row back to probation, where a second ask keeps it again', () => {
    // Room for 8, of which the kept rows may take 6.
    const copies = new RowCopies<number>(8, 0.25);
    for (let i = 0; i < 6; i++) copies.keep(`k${i}`, i);
    copies.get('k0');
    // A seventh kept row sends the least recently used (k1) to probation.
    copies.keep('k6', 6);
    expect(copies.size).toBe(7);
    copies.add('n1', 10);
    copies.add('n2', 11);
    // Over capacity: the oldest on probation (k1) goes, the kept rows stay.
    expect(copies.size).toBe(8);
    expect(copies.has('k1')).toBe(false);
    for (const key of ['k0', 'k2', 'k3', 'k4', 'k5', 'k6', 'n1', 'n2']) expect(copies.has(key)).toBe(true);
    // Asked for again, n1 is kept and k2, now the least recently used kept row, is on probation.
    expect(copies.get('n1')).toBe(10);
    copies.add('n3', 12);
    copies.add('n4', 13);
    expect(copies.has('n1')).toBe(true);
    expect(copies.has('k2')).toBe(false);
    expect(copies.size).toBe(8);
  });

  it("takes in a page's row from its second read, and remembers only the key of the first", () => {
    const copies = new RowCopies<number>(4);
    copies.offer('p', 1);
    expect(copies.has('p')).toBe(false);
    copies.offer('p', 2);
    expect(copies.get('p')).toBe(2);
    // Remembered keys are bounded too: the oldest is forgotten.
    for (const key of ['a', 'b', 'c', 'd', 'e']) copies.offer(key, 0);
    copies.offer('a', 3);
    expect(copies.has('a')).toBe(false);
    copies.offer('e', 4);
    expect(copies.get('e')).toBe(4);
  });

  it('forgets a row wherever it is when it changes', () => {
    const copies = new RowCopies<number>(8);
    copies.add('a', 1);
    copies.keep('b', 2);
    copies.delete('a');
    copies.delete('b');
    expect(copies.size).toBe(0);
    expect(copies.get('a')).toBeUndefined();
  });
});
