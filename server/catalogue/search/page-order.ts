/**
 * Positions `from` to `to` (exclusive) of 0 … n − 1 put in `compare` order, as a full sort
 * would give them, without sorting all n: a page shows 20 of a common word's tens of thousands
 * of matches. The first `to` are kept in a bounded heap (the worst of them on top), then those
 * alone are sorted. `compare` must be a total order (ties broken by id), or the window could
 * differ from the full sort's.
 */
export function windowInOrder(
  n: number,
  compare: (a: number, b: number) => number,
  from: number,
  to: number,
): number[] {
  const keep = Math.min(to, n);
  if (from >= keep) return [];
  // Most of the list wanted anyway: one sort is cheaper than the heap's bookkeeping.
  if (keep * 4 >= n) {
    return Array.from({ length: n }, (_, i) => i)
      .sort(compare)
      .slice(from, keep);
  }
  const heap = new Int32Array(keep);
  // A max-heap by `compare`: heap[0] is the worst kept so far.
  const down = (start: number, size: number) => {
    let at = start;
    for (;;) {
      const left = 2 * at + 1;
      if (left >= size) return;
      const right = left + 1;
      const worse = right < size && compare(heap[right]!, heap[left]!) > 0 ? right : left;
      if (compare(heap[worse]!, heap[at]!) <= 0) return;
      [heap[at], heap[worse]] = [heap[worse]!, heap[at]!];
      at = worse;
    }
  };
  for (let i = 0; i < keep; i++) heap[i] = i;
  for (let i = (keep >> 1) - 1; i >= 0; i--) down(i, keep);
  for (let i = keep; i < n; i++) {
    if (compare(i, heap[0]!) >= 0) continue;
    heap[0] = i;
    down(0, keep);
  }
  return Array.from(heap).sort(compare).slice(from, keep);
}
