import { useEffect, useState } from 'react';

/** SPEC §9: a select filter's type-to-filter box waits this long after the last key. */
export const SELECT_FILTER_DEBOUNCE_MS = 500;
/** SPEC §9: row height of a select's virtual-scroll option list, dense or not. */
export const SELECT_ITEM_SIZE = { dense: 24, normal: 48 } as const;
/** Rows visible at once in the option list, and rows kept beyond each edge while scrolling. */
export const SELECT_VISIBLE_ROWS = 5;
export const SELECT_OVERSCAN = 2;

export type RowWindow = { start: number; end: number; offset: number; total: number };

/**
 * The rows of a virtual list the DOM holds: those in view at this scroll position plus the
 * overscan each side. `end` is exclusive; `offset` is the top of row `start`, `total` the
 * full height the scroll area has to have.
 */
export function rowWindow(
  scrollTop: number,
  viewportHeight: number,
  itemSize: number,
  count: number,
  overscan = SELECT_OVERSCAN,
): RowWindow {
  const total = count * itemSize;
  if (count === 0) return { start: 0, end: 0, offset: 0, total };
  const top = Math.min(Math.max(0, scrollTop), Math.max(0, total - viewportHeight));
  const first = Math.floor(top / itemSize);
  const last = Math.ceil((top + viewportHeight) / itemSize);
  const start = Math.max(0, first - overscan);
  const end = Math.min(count, last + overscan);
  return { start, end, offset: start * itemSize, total };
}

/** The scroll position that brings row `index` into view, or the current one if it is. */
export function scrollToRow(scrollTop: number, viewportHeight: number, itemSize: number, index: number): number {
  const top = index * itemSize;
  if (top < scrollTop) return top;
  if (top + itemSize > scrollTop + viewportHeight) return top + itemSize - viewportHeight;
  return scrollTop;
}

/** Options whose label holds the text, case and accents aside; all of them for no text. */
export function filterOptions<T extends { label: string }>(options: readonly T[], text: string): T[] {
  const fold = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const needle = fold(text.trim());
  return needle ? options.filter((option) => fold(option.label).includes(needle)) : [...options];
}

/** Calls `fn` with the latest arguments once calls have stopped for `delay` ms. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, delay = SELECT_FILTER_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    call(...args: A) {
      clearTimeout(timer);
      timer = setTimeout(() => fn(...args), delay);
    },
    cancel() {
      clearTimeout(timer);
    },
  };
}

/** The value once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = SELECT_FILTER_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const settle = debounce((next: T) => setSettled(() => next), delay);
    settle.call(value);
    return settle.cancel;
  }, [value, delay]);
  return settled;
}
